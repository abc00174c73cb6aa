// Per-test isolated Codex home: config.toml pointing at the fake provider, pre-trusted git project, offline env.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { CODEX_VERSIONS } from "./cli-paths.js";
import { baseEnv, fingerprint, gitInit, makeRoot, offlineProxyEnv, removeRoot } from "./isolation.js";

/** Env var named by the provider's env_key; Codex sends its value as "Authorization: Bearer …". */
export const CODEX_KEY_ENV = "ELWOOD_FAKE_MODEL_KEY";

export interface CodexHomeOptions {
  /** Base URL of the fake model server (ModelServer.url); "/v1" is appended for the provider. */
  modelServerUrl: string;
  /** CLI version being launched (default "0.171.0"); selects version-specific config keys and the model slug. */
  version?: string;
  /** Model slug (default: the version's catalog slug from CODEX_VERSIONS). */
  model?: string;
  /** Seed [projects."<project>"] trust_level = "trusted" (default true; false shows the trust prompt). */
  projectTrusted?: boolean;
  /** Extra TOML appended verbatim to config.toml (e.g. hooks tables). */
  extraToml?: string;
  /** Optional project instructions (<project>/AGENTS.md). */
  agentsMd?: string;
}

export interface CodexHome {
  readonly root: string;
  /** HOME of the CLI. */
  readonly home: string;
  /** CODEX_HOME (home/.codex, deliberately not under TMPDIR: Codex warns on stderr if it is). */
  readonly codexHome: string;
  readonly tmp: string;
  /** Realpath of the project (a git repo with one commit; use as cwd). */
  readonly project: string;
  readonly configPath: string;
  /** Complete env for spawning the CLI (not merged with process.env). */
  readonly env: Record<string, string>;
  /** sha256 of every user/project settings and config file that exists now. */
  userFiles(): Promise<Map<string, string>>;
  cleanup(): Promise<void>;
}

function toml(s: string): string {
  return JSON.stringify(s); // a JSON string is a valid TOML basic string for paths and URLs
}

/** The offline config.toml: custom responses provider, no retries, no plugins/daemon/tips/analytics/update check. */
export function codexConfigToml(o: { baseUrl: string; model: string; version: string; trustedProject?: string }): string {
  const is144 = o.version.startsWith("0.144.");
  const lines = [
    `model = ${toml(o.model)}`,
    `model_provider = "fake"`,
    `model_reasoning_effort = "low"`,
    `approval_policy = "on-request"`,
    `sandbox_mode = "workspace-write"`,
    `check_for_update_on_startup = false`,
    ``,
    `[model_providers.fake]`,
    `name = "fake"`,
    `base_url = ${toml(o.baseUrl)}`,
    `wire_api = "responses"`,
    `env_key = ${toml(CODEX_KEY_ENV)}`,
    `request_max_retries = 0`,
    `stream_max_retries = 0`,
    ``,
    `[features]`,
    // The background app-server daemon (0.171 only) copies the binary into CODEX_HOME and outlives the TUI.
    ...(is144 ? [] : [`daemon_auto_start = false`]),
    // Plugins run `git ls-remote https://github.com/openai/plugins.git` and call chatgpt.com at startup.
    `plugins = false`,
    `remote_plugin = false`,
    ``,
    `[tui]`,
    `show_tooltips = false`,
    // 0.171 writes this flag on first start; seeding it keeps config.toml byte-identical across a session.
    ...(is144 ? [] : [`screen_reader_detection_done = true`]),
    ``,
    `[analytics]`,
    `enabled = false`,
    ``,
    `[feedback]`,
    `enabled = false`,
    ``,
  ];
  if (o.trustedProject !== undefined) lines.push(`[projects.${toml(o.trustedProject)}]`, `trust_level = "trusted"`, ``);
  return lines.join("\n");
}

export async function createCodexHome(opts: CodexHomeOptions): Promise<CodexHome> {
  const version = opts.version ?? "0.171.0";
  const cli = CODEX_VERSIONS.find((v) => v.version === version);
  const model = opts.model ?? cli?.model ?? "gpt-6.2-sol";
  const root = await makeRoot("elwood-codex-");
  const home = path.join(root, "home");
  const codexHome = path.join(home, ".codex");
  const tmp = path.join(root, "tmp");
  const project = path.join(root, "project");
  await Promise.all([mkdir(codexHome, { recursive: true }), mkdir(tmp, { recursive: true }), mkdir(project, { recursive: true })]);

  const configPath = path.join(codexHome, "config.toml");
  const trusted = opts.projectTrusted ?? true;
  const config = codexConfigToml({
    baseUrl: `${opts.modelServerUrl}/v1`,
    model,
    version,
    ...(trusted ? { trustedProject: project } : {}),
  });
  await writeFile(configPath, config + (opts.extraToml ?? ""));

  await writeFile(path.join(project, "README.md"), "Elwood e2e scratch project.\n");
  if (opts.agentsMd !== undefined) await writeFile(path.join(project, "AGENTS.md"), opts.agentsMd);
  gitInit(project, home);

  const env: Record<string, string> = {
    ...baseEnv(),
    ...(cli?.wrapperEnv ?? {}),
    HOME: home,
    CODEX_HOME: codexHome,
    TMPDIR: tmp,
    [CODEX_KEY_ENV]: "elwood-fake-key",
    ...offlineProxyEnv(),
  };

  const tracked = [
    configPath,
    path.join(codexHome, "hooks.json"),
    path.join(codexHome, "AGENTS.md"),
    path.join(project, "AGENTS.md"),
    path.join(project, ".codex", "config.toml"),
    path.join(project, ".codex", "hooks.json"),
  ];

  return {
    root,
    home,
    codexHome,
    tmp,
    project,
    configPath,
    env,
    userFiles: () => fingerprint(tracked),
    cleanup: () => removeRoot(root),
  };
}
