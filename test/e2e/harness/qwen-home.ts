// Per-test isolated Qwen Code home: the user's own ~/.qwen/settings.json, a git project, and the fake endpoint in the env.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { baseEnv, fingerprint, gitInit, makeRoot, offlineProxyEnv, removeRoot } from "./isolation.js";

/** Any non-empty key works against the fake server; the CLI sends it as "Authorization: Bearer …". */
export const FAKE_OPENAI_API_KEY = "sk-elwood-e2e-fake-openai-key";
/** The model id the env names; requests carry it in their `model` field. */
export const QWEN_FAKE_MODEL = "fake-model";

/**
 * The user's own settings, as a person who uses Qwen Code might have them. A launch through the adapter runs with a
 * private QWEN_HOME seeded from this file (read, never rewritten: the tests fingerprint it); its model name shows up in
 * the footer of such a session. Auto-update and usage statistics are off, so the launch stays on loopback.
 */
export const QWEN_USER_SETTINGS: Readonly<Record<string, unknown>> = {
  general: { enableAutoUpdate: false, vimMode: false },
  privacy: { usageStatisticsEnabled: false },
  ui: { theme: "Default", hideTips: false },
  model: { name: "user-settings-model" },
};

/** Env variable the settings' model providers name as their key (`envKey`); the fake server takes any key. */
export const QWEN_PROVIDER_KEY_ENV = "FAKE_KEY";
/** Two models a Qwen user may have configured, both served by the fake server: the `/model` picker's rows, in order. */
export const QWEN_PROVIDER_MODELS: readonly { readonly id: string; readonly name: string }[] = [
  { id: "fake-model", name: "Fake One" },
  { id: "fake-model-2", name: "Fake Two" },
];

/** The user's settings with the endpoint in `modelProviders` (the way Qwen's docs configure models), the first one chosen. */
export function qwenProviderSettings(modelServerUrl: string): Record<string, unknown> {
  const openai = QWEN_PROVIDER_MODELS.map((m) => ({ id: m.id, name: m.name, baseUrl: `${modelServerUrl}/v1`, envKey: QWEN_PROVIDER_KEY_ENV }));
  return {
    ...QWEN_USER_SETTINGS,
    security: { auth: { selectedType: "openai" } },
    model: { name: QWEN_PROVIDER_MODELS[0]?.id },
    modelProviders: { openai },
  };
}

export interface QwenHomeOptions {
  /** An existing empty directory to build the sandbox in instead of a fresh temp root (captures use a fixed one). */
  root?: string;
  /** Base URL of the fake model server (ModelServer.url); "/v1" is appended for OPENAI_BASE_URL. */
  modelServerUrl: string;
  /** OPENAI_MODEL (default QWEN_FAKE_MODEL). */
  model?: string;
  /** Content of ~/.qwen/settings.json (default QWEN_USER_SETTINGS); null writes no user settings file. */
  userSettings?: Record<string, unknown> | null;
  /** Optional project settings (<project>/.qwen/settings.json). */
  projectSettings?: Record<string, unknown>;
  /** Optional project instructions (<project>/QWEN.md). */
  qwenMd?: string;
  /**
   * Where the endpoint comes from: "env" (OPENAI_API_KEY/BASE_URL/MODEL, one model) or "settings" (the user's settings
   * name QWEN_PROVIDER_MODELS under `modelProviders`, the key in QWEN_PROVIDER_KEY_ENV, no OPENAI_* in the env).
   * Default "env"; "settings" replaces the default user settings with qwenProviderSettings.
   */
  endpoint?: "env" | "settings";
  /** Make the project a git repository with one commit (default true; the footer then shows `git:(master)`). */
  git?: boolean;
}

export interface QwenHome {
  readonly root: string;
  /** HOME of the CLI (must exist: a missing HOME crashes 0.24.4 with ENOENT lstat). */
  readonly home: string;
  /** The user's config dir, home/.qwen. The adapter points QWEN_HOME elsewhere, so nothing here is the CLI's. */
  readonly userConfigDir: string;
  readonly tmp: string;
  /** Realpath of the project directory (use as cwd). */
  readonly project: string;
  /** Complete env for spawning the CLI (not merged with process.env). Deliberately without QWEN_HOME. */
  readonly env: Record<string, string>;
  /** sha256 of every user/project settings and instructions file that exists now. */
  userFiles(): Promise<Map<string, string>>;
  cleanup(): Promise<void>;
}

export async function createQwenHome(opts: QwenHomeOptions): Promise<QwenHome> {
  const root = opts.root ?? (await makeRoot("elwood-qwen-"));
  const home = path.join(root, "home");
  const userConfigDir = path.join(home, ".qwen");
  const tmp = path.join(root, "tmp");
  const project = path.join(root, "project");
  await Promise.all([mkdir(userConfigDir, { recursive: true }), mkdir(tmp, { recursive: true }), mkdir(project, { recursive: true })]);

  const fromSettings = opts.endpoint === "settings";
  const defaultSettings = fromSettings ? qwenProviderSettings(opts.modelServerUrl) : QWEN_USER_SETTINGS;
  const userSettings = opts.userSettings === undefined ? defaultSettings : opts.userSettings;
  if (userSettings !== null) await writeFile(path.join(userConfigDir, "settings.json"), JSON.stringify(userSettings, null, 2) + "\n");
  if (opts.projectSettings) {
    await mkdir(path.join(project, ".qwen"), { recursive: true });
    await writeFile(path.join(project, ".qwen", "settings.json"), JSON.stringify(opts.projectSettings, null, 2) + "\n");
  }
  if (opts.qwenMd !== undefined) await writeFile(path.join(project, "QWEN.md"), opts.qwenMd);
  if (opts.git ?? true) {
    await writeFile(path.join(project, "README.md"), "Elwood e2e scratch project.\n");
    gitInit(project, home);
  }

  const env: Record<string, string> = {
    ...baseEnv(),
    HOME: home,
    TMPDIR: tmp,
    // Auth type "openai" is picked by itself when all three are set: no login, no auth dialog.
    ...(fromSettings
      ? { [QWEN_PROVIDER_KEY_ENV]: FAKE_OPENAI_API_KEY }
      : { OPENAI_API_KEY: FAKE_OPENAI_API_KEY, OPENAI_BASE_URL: `${opts.modelServerUrl}/v1`, OPENAI_MODEL: opts.model ?? QWEN_FAKE_MODEL }),
    ...offlineProxyEnv(),
  };

  const tracked = [
    path.join(userConfigDir, "settings.json"),
    path.join(userConfigDir, "QWEN.md"),
    path.join(userConfigDir, "AGENTS.md"),
    path.join(project, ".qwen", "settings.json"),
    path.join(project, ".qwen", "settings.local.json"),
    path.join(project, "QWEN.md"),
    path.join(project, "AGENTS.md"),
  ];

  return {
    root,
    home,
    userConfigDir,
    tmp,
    project,
    env,
    userFiles: () => fingerprint(tracked),
    cleanup: () => removeRoot(root),
  };
}
