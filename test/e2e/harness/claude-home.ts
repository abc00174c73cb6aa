// Per-test isolated Claude Code home: seeded .claude.json (onboarding/trust/API-key), offline env, temp dirs.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { baseEnv, fingerprint, makeRoot, offlineProxyEnv, removeRoot } from "./isolation.js";

/** Fake key; the CLI remembers approval by its last 20 characters. */
export const FAKE_ANTHROPIC_API_KEY = "sk-ant-api03-elwood-e2e-0000000000000000000000-FAKEAA";

export interface ClaudeHomeOptions {
  /** Base URL of the fake model server (ModelServer.url). */
  modelServerUrl: string;
  /** Seed projects[project].hasTrustDialogAccepted (default true; false shows the trust dialog). */
  projectTrusted?: boolean;
  /** Seed customApiKeyResponses.approved (default true; false shows the API-key dialog). */
  apiKeyApproved?: boolean;
  /** Seed hasCompletedOnboarding (default true; false makes the CLI run its online preflight and exit offline). */
  onboardingDone?: boolean;
  /** Optional user settings ($CLAUDE_CONFIG_DIR/settings.json). */
  userSettings?: Record<string, unknown>;
  /** Optional project settings (<project>/.claude/settings.json). */
  projectSettings?: Record<string, unknown>;
  /** Optional project instructions (<project>/CLAUDE.md). */
  claudeMd?: string;
}

export interface ClaudeHome {
  readonly root: string;
  readonly home: string;
  /** CLAUDE_CONFIG_DIR; the seeded config is configDir/.claude.json. */
  readonly configDir: string;
  readonly tmp: string;
  /** Realpath of the project directory (use as cwd). */
  readonly project: string;
  /** Complete env for spawning the CLI (not merged with process.env). */
  readonly env: Record<string, string>;
  /**
   * sha256 of every user/project settings and config file that exists now (settings*.json, CLAUDE.md, .mcp.json,
   * ~/.claude.json). Excludes $CLAUDE_CONFIG_DIR/.claude.json, which the CLI rewrites itself at startup.
   */
  userFiles(): Promise<Map<string, string>>;
  cleanup(): Promise<void>;
}

export async function createClaudeHome(opts: ClaudeHomeOptions): Promise<ClaudeHome> {
  const root = await makeRoot("elwood-claude-");
  const home = path.join(root, "home");
  const configDir = path.join(home, ".claude");
  const tmp = path.join(root, "tmp");
  const project = path.join(root, "project");
  await Promise.all([mkdir(configDir, { recursive: true }), mkdir(tmp, { recursive: true }), mkdir(project, { recursive: true })]);

  const config: Record<string, unknown> = {};
  if (opts.onboardingDone ?? true) config["hasCompletedOnboarding"] = true;
  if (opts.apiKeyApproved ?? true) config["customApiKeyResponses"] = { approved: [FAKE_ANTHROPIC_API_KEY.slice(-20)], rejected: [] };
  if (opts.projectTrusted ?? true) config["projects"] = { [project]: { hasTrustDialogAccepted: true, allowedTools: [] } };
  await writeFile(path.join(configDir, ".claude.json"), JSON.stringify(config, null, 2) + "\n");

  if (opts.userSettings) await writeFile(path.join(configDir, "settings.json"), JSON.stringify(opts.userSettings, null, 2) + "\n");
  if (opts.projectSettings) {
    await mkdir(path.join(project, ".claude"), { recursive: true });
    await writeFile(path.join(project, ".claude", "settings.json"), JSON.stringify(opts.projectSettings, null, 2) + "\n");
  }
  if (opts.claudeMd !== undefined) await writeFile(path.join(project, "CLAUDE.md"), opts.claudeMd);

  const env: Record<string, string> = {
    ...baseEnv(),
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: opts.modelServerUrl,
    ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    // Without this the CLI fetches the plugin marketplace from downloads.claude.ai / github.com at startup.
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    // Else the CLI writes /tmp/claude-<uid>/ and /tmp/cc-socks/ outside the sandbox.
    CLAUDE_CODE_TMPDIR: tmp,
    TMPDIR: tmp,
    ...offlineProxyEnv(),
  };

  // configDir/.claude.json is deliberately absent: the CLI itself rewrites it on every start (numStartups, userID,
  // project stats, tips), so it can never stay byte-identical. Read it directly if a test needs its contents.
  const tracked = [
    path.join(configDir, "settings.json"),
    path.join(configDir, "settings.local.json"),
    path.join(configDir, "CLAUDE.md"),
    path.join(home, ".claude.json"),
    path.join(project, ".claude", "settings.json"),
    path.join(project, ".claude", "settings.local.json"),
    path.join(project, "CLAUDE.md"),
    path.join(project, "CLAUDE.local.md"),
    path.join(project, ".mcp.json"),
  ];

  return {
    root,
    home,
    configDir,
    tmp,
    project,
    env,
    userFiles: () => fingerprint(tracked),
    cleanup: () => removeRoot(root),
  };
}
