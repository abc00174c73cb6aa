// The agents the e2e scenarios are parameterized by: one entry per pinned real CLI, with its launch recipe and screen facts.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startClaude, type AgentKind, type AgentSession, type HookEventSelection, type TerminalSize } from "../../../src/index.js";
import { CLAUDE_VERSIONS } from "../harness/cli-paths.js";
import { createClaudeHome } from "../harness/claude-home.js";
import type { ModelServer } from "../model-server/index.js";

/** What a scenario may ask of a launch, independent of which CLI runs. */
export interface E2ELaunchOptions {
  readonly initialSize?: TerminalSize;
  readonly autotrust?: boolean;
  /** Seed the project as trusted (default true); false makes the CLI show its workspace-trust dialog. */
  readonly projectTrusted?: boolean;
  /** Files (project-relative path → content) written into the project before the start. */
  readonly projectFiles?: Readonly<Record<string, string>>;
  /** Extra session env over the sandbox's (Codex only), e.g. `DISPLAY: ""` for a session without a display. */
  readonly env?: Readonly<Record<string, string>>;
  /** Which hook events the session registers (the library's default when absent). */
  readonly hookEvents?: HookEventSelection;
  /** Raw `-c key=value` overrides (Codex only), e.g. session-scoped MCP servers. */
  readonly configOverrides?: readonly string[];
  /** Run the CLI's own update before the start (offline in the netns, so it fails). */
  readonly autoupdate?: boolean;
}

/** The sandbox a launch runs in (per-test home, project and temp dirs). */
export interface E2EHome {
  readonly root: string;
  readonly project: string;
  /** Complete CLI environment of the sandbox (HOME, config dir, model server URL, offline proxies). */
  readonly env: Readonly<Record<string, string>>;
  /** Fingerprints of the user's settings/config files (compare before/after for byte identity). */
  userFiles(): Promise<Map<string, string>>;
  cleanup(): Promise<void>;
}

export interface E2ELaunch {
  readonly session: AgentSession;
  readonly home: E2EHome;
}

/** One real CLI under test. Codex entries implement the same shape (added by the Codex adapter work). */
export interface E2EAgent {
  readonly kind: AgentKind;
  readonly version: string;
  /** Used in test titles, e.g. "Claude Code 2.1.215". */
  readonly label: string;
  readonly executable: string;
  /** Hook that proves a prompt was accepted as a turn, and the one that ends a turn. */
  readonly promptHook: string;
  readonly stopHook: string;
  /** Field of the stop hook's payload holding the reply text. */
  readonly stopReplyField: string;
  /** Keys that pick "Yes" (allow once) in this version's tool-permission dialog (see screens/claude/permission-dialog*). */
  readonly permissionYesKeys: string;
  /** How the workspace-trust dialog offers its affirmative option. */
  readonly trustLayout: "numbered" | "cursor";
  /** Creates a sandbox home wired to the model server (projectTrusted is read here). */
  createHome(server: ModelServer, options: E2ELaunchOptions): Promise<E2EHome>;
  /** Starts a session in an existing home through the public API. */
  start(home: E2EHome, options: E2ELaunchOptions): Promise<AgentSession>;
}

/** Creates a home and starts a session in it; the home is removed again if the start fails. */
export async function launch(agent: E2EAgent, server: ModelServer, options: E2ELaunchOptions): Promise<E2ELaunch> {
  const home = await agent.createHome(server, options);
  try {
    for (const [rel, content] of Object.entries(options.projectFiles ?? {})) {
      const file = path.join(home.project, rel);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    return { session: await agent.start(home, options), home };
  } catch (error) {
    await home.cleanup();
    throw error;
  }
}

function claudeAgent(version: string, executable: string): E2EAgent {
  return {
    kind: "claude",
    version,
    label: `Claude Code ${version}`,
    executable,
    promptHook: "UserPromptSubmit",
    stopHook: "Stop",
    stopReplyField: "last_assistant_message",
    // Both versions number the options and put "1. Yes" first.
    permissionYesKeys: "1",
    // 2.1.215 numbers the trust options; 2.1.332 shows a cursor list with "No, exit" preselected.
    trustLayout: version === "2.1.215" ? "numbered" : "cursor",
    createHome: (server, options) => createClaudeHome({ modelServerUrl: server.url, projectTrusted: options.projectTrusted ?? true }),
    start: (home, options) =>
      startClaude({
        cwd: home.project,
        // The login shell resets PATH, so the pinned binary is named absolutely.
        executable,
        // The harness env wins over everything inherited (HOME, CLAUDE_CONFIG_DIR, proxies, API key).
        env: home.env,
        // 2.1.332 defaults to auto mode, which would approve tools by itself; "default" asks like 2.1.215.
        permissionMode: "default",
        ...(options.initialSize === undefined ? {} : { initialSize: options.initialSize }),
        ...(options.autotrust === undefined ? {} : { autotrust: options.autotrust }),
        ...(options.hookEvents === undefined ? {} : { hookEvents: options.hookEvents }),
        ...(options.autoupdate === undefined ? {} : { autoupdate: options.autoupdate }),
      }),
  };
}

export const CLAUDE_AGENTS: readonly E2EAgent[] = CLAUDE_VERSIONS.map((v) => claudeAgent(v.version, v.executable));

/** Every agent the scenario files iterate over. */
export const E2E_AGENTS: readonly E2EAgent[] = [...CLAUDE_AGENTS];

/** The agents of one kind (scenarios that only make sense for one CLI family). */
export function agentsOf(kind: E2EAgent["kind"]): readonly E2EAgent[] {
  return E2E_AGENTS.filter((a) => a.kind === kind);
}
