// The session's private Qwen config home (`QWEN_HOME`): the user's settings laid under Elwood's quiet ones and its hooks.
import { chmod, copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { writeJsonAtomic } from "../../effects/state-dir.js";
import { isPlainObject } from "../common-options.js";
import type { QwenHookSettings } from "./hook-events.js";
import type { QwenSettingsOverrides } from "./options.js";
import type { UserSettings } from "./user-settings.js";

/** The private home's directory inside the session directory (removed with it at teardown, kept for a resume). */
export const QWEN_HOME_DIR_NAME = "qwen-home";

export const qwenHomeOf = (sessionDir: string): string => join(sessionDir, QWEN_HOME_DIR_NAME);

/**
 * Files of the user's home the CLI needs to act as the user (credentials, `.env` keys, global instructions), copied
 * read-only into the private home: the CLI may rewrite its copy (an OAuth refresh), never the user's file.
 */
export const COPIED_USER_FILES: readonly string[] = [".env", "oauth_creds.json", "QWEN.md"];

/**
 * Defaults where the user chose nothing (measured on 0.24.4, research at the adapter's screen rules): each one stops a
 * network call or a model side call nobody asked for. The user's own value wins.
 * - usage statistics: a phone-home to an analytics host on every run;
 * - ripgrep: 0.24.4's npm package installs its bundled `rg` without the execute bit, and the CLI then paints a boxed
 *   warning over the history; the built-in search needs nothing;
 * - managed memory, next-speaker and loop checks: extra model calls after a turn;
 * - tips and the session recap: history noise.
 */
const QUIET_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  general: { showSessionRecap: false },
  privacy: { usageStatisticsEnabled: false },
  ui: { hideTips: true },
  tools: { useRipgrep: false },
  memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false },
  model: { skipNextSpeakerCheck: true, skipLoopDetection: true },
};

/**
 * What Elwood needs whatever the user or the caller chose:
 * - no self-update: the CLI would replace itself mid-session (Elwood's `autoupdate` option updates before a start);
 * - no follow-up suggestions: they paint as grey ghost text in the composer, which would read as typed text;
 * - no feedback or welcome-back prompts: dialogs nobody asked Elwood to answer;
 * - the auto-mode notice acknowledged (0.24.4 shows it once per home, and every session's home is new);
 * - English copy: the screen rules read it (Qwen otherwise follows LANG); the model's reply language is untouched.
 */
const REQUIRED: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  general: { enableAutoUpdate: false, language: "en" },
  ui: { enableFollowupSuggestions: false, enableUserFeedback: false, enableWelcomeBack: false, autoModeAcknowledged: true },
};

/** Keys a caller may not set, because they would silence the bridge. */
const RESERVED_TOP_KEYS = ["disableAllHooks"] as const;

type Settings = Record<string, unknown>;

/** `over` laid on `under`, objects merged key by key (arrays and values replaced). */
function layered(under: Readonly<Settings>, over: Readonly<Settings>): Settings {
  const out: Settings = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below = out[key];
    out[key] = isPlainObject(below) && isPlainObject(value) ? layered(below, value) : value;
  }
  return out;
}

function hooksOf(settings: Readonly<Settings>): Readonly<Record<string, readonly unknown[]>> {
  const hooks = settings["hooks"];
  if (!isPlainObject(hooks)) return {};
  return Object.fromEntries(Object.entries(hooks).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1])));
}

export interface PrivateSettingsInput {
  readonly user: Readonly<Settings>;
  readonly hooks: QwenHookSettings;
  readonly overrides?: QwenSettingsOverrides | undefined;
  /** The loopback listener's URL pattern when hooks go over HTTP (private-network hooks must be allowed for it). */
  readonly httpHookUrl?: string | undefined;
}

/**
 * The private settings.json: quiet defaults, then the user's settings, then the caller's overrides, then what Elwood
 * requires. Hooks: per event Elwood's matcher group first, then the user's, then the caller's; the CLI runs them all.
 */
export function buildQwenSettings(input: PrivateSettingsInput): Settings {
  const overrides: Settings = input.overrides === undefined ? {} : structuredClone({ ...input.overrides });
  const user: Settings = structuredClone({ ...input.user });
  for (const key of RESERVED_TOP_KEYS) {
    delete overrides[key];
    delete user[key];
  }
  const settings = layered(layered(layered(QUIET_DEFAULTS, user), overrides), REQUIRED);
  const hooks: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(input.hooks)) hooks[event] = [...groups];
  for (const source of [hooksOf(user), hooksOf(overrides)]) {
    for (const [event, groups] of Object.entries(source)) hooks[event] = [...(hooks[event] ?? []), ...groups];
  }
  settings["hooks"] = hooks;
  if (input.httpHookUrl !== undefined) {
    const security = isPlainObject(settings["security"]) ? { ...settings["security"] } : {};
    security["allowPrivateNetworkHooks"] = true;
    // An empty list allows every URL; a user's list gets the listener added so it is not refused.
    const allowed = Array.isArray(security["allowedHttpHookUrls"]) ? security["allowedHttpHookUrls"] : [];
    if (allowed.length > 0) security["allowedHttpHookUrls"] = [...allowed, input.httpHookUrl];
    settings["security"] = security;
  }
  return settings;
}

export interface SeedInput extends PrivateSettingsInput {
  readonly sessionDir: string;
  /** The user's own home (read only). */
  readonly userHome: string;
}

/** Creates (or, for a resume, refreshes) the private home: settings.json and the copied user files, each 0600. */
export async function seedQwenHome(input: SeedInput): Promise<string> {
  const home = qwenHomeOf(input.sessionDir);
  await mkdir(home, { recursive: true, mode: 0o700 });
  await writeJsonAtomic(join(home, "settings.json"), buildQwenSettings(input));
  for (const name of COPIED_USER_FILES) {
    const target = join(home, name);
    try {
      await copyFile(join(input.userHome, name), target);
      await chmod(target, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return home;
}

export type { UserSettings };
