// The session-scoped `--settings` file: Elwood's hook entries merged with caller settingsOverrides, 0600, in the session dir.
import { join } from "node:path";
import { writeJsonAtomic } from "../../effects/state-dir.js";
import type { ClaudeSettingsOverrides } from "./options.js";

/** Event name → matcher groups, in Claude's settings shape (`[{ matcher, hooks: [{ type, command, timeout }] }]`). */
export type ClaudeHooksSettings = Readonly<Record<string, readonly unknown[]>>;

export interface ClaudeSettingsInput {
  /** Elwood's bridge entries for every hook event (built by the hook-bridge adapter). */
  readonly hooks: ClaudeHooksSettings;
  readonly settingsOverrides?: ClaudeSettingsOverrides | undefined;
}

export const CLAUDE_SETTINGS_FILE_NAME = "claude-settings.json";

/**
 * Keys a caller may not set through `settingsOverrides` because they would silence the bridge.
 * They are dropped (not forced to a value) so the user's own settings for them stay in effect.
 */
const RESERVED_KEYS = ["disableAllHooks"] as const;

/**
 * Build the settings object. Only Elwood's hooks plus whatever the caller asked for: keys we omit
 * leave user/project/local settings to Claude's normal merge. For `hooks`, both sides survive per
 * event — Claude runs every matcher group — with Elwood's groups first, so a caller can add hooks
 * but never replace or remove the bridge.
 */
export function buildClaudeSettings(input: ClaudeSettingsInput): Record<string, unknown> {
  const overrides: Record<string, unknown> = input.settingsOverrides ? structuredClone({ ...input.settingsOverrides }) : {};
  for (const key of RESERVED_KEYS) delete overrides[key];
  const callerHooks = (overrides["hooks"] ?? {}) as Record<string, readonly unknown[]>;
  const hooks: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(input.hooks)) hooks[event] = [...groups];
  for (const [event, groups] of Object.entries(callerHooks)) hooks[event] = [...(hooks[event] ?? []), ...groups];
  return { ...overrides, hooks };
}

/** Write the generated settings into the session dir (0600, rename-atomic) and return its path. */
export async function writeClaudeSettings(sessionDir: string, input: ClaudeSettingsInput): Promise<string> {
  const path = join(sessionDir, CLAUDE_SETTINGS_FILE_NAME);
  await writeJsonAtomic(path, buildClaudeSettings(input));
  return path;
}
