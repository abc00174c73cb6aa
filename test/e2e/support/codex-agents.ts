// The pinned real Codex CLIs as e2e agents (same E2EAgent shape as the Claude entries): sandbox home + startCodex.
import { startCodex } from "../../../src/index.js";
import { CODEX_VERSIONS } from "../harness/cli-paths.js";
import { createCodexHome } from "../harness/codex-home.js";
import type { E2EAgent } from "./agents.js";

function codexAgent(version: string, executable: string): E2EAgent {
  return {
    kind: "codex",
    version,
    label: `Codex ${version}`,
    executable,
    promptHook: "UserPromptSubmit",
    stopHook: "Stop",
    stopReplyField: "last_assistant_message",
    // The approval dialog: `› 1. Yes, proceed (y)`; `y` is the allow-once hotkey in both versions.
    permissionYesKeys: "y",
    trustLayout: "numbered",
    createHome: (server, options) => createCodexHome({ modelServerUrl: server.url, version, projectTrusted: options.projectTrusted ?? true }),
    start: (home, options) =>
      startCodex({
        cwd: home.project,
        // The login shell resets PATH, so the pinned native binary is named absolutely.
        executable,
        // The harness env wins over everything inherited (HOME, CODEX_HOME, TMPDIR, proxies, provider key).
        env: { ...home.env, ...(options.env ?? {}) },
        ...(options.initialSize === undefined ? {} : { initialSize: options.initialSize }),
        ...(options.autotrust === undefined ? {} : { autotrust: options.autotrust }),
        ...(options.hookEvents === undefined ? {} : { hookEvents: options.hookEvents }),
        ...(options.configOverrides === undefined ? {} : { configOverrides: options.configOverrides }),
        ...(options.autoupdate === undefined ? {} : { autoupdate: options.autoupdate }),
      }),
  };
}

export const CODEX_AGENTS: readonly E2EAgent[] = CODEX_VERSIONS.map((v) => codexAgent(v.version, v.executable));
