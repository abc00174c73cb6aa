// The pinned real Qwen Code CLI as an e2e agent (same E2EAgent shape as the Claude and Codex entries): sandbox home + the generic start.
import { startAgentSession } from "../../../src/index.js";
import { QWEN_VERSIONS } from "../harness/cli-paths.js";
import { createQwenHome } from "../harness/qwen-home.js";
import type { E2EAgent } from "./agents.js";

/** The launch options every Qwen scenario uses: the pinned bin script, the sandbox env, and dialogs for every command. */
export function qwenLaunchOptions(executable: string, home: { readonly project: string; readonly env: Readonly<Record<string, string>> }) {
  // 0.24.4's default approval mode is `auto` (an LLM classifier, extra model calls); `default` asks like a person would.
  return { cwd: home.project, executable, env: home.env, approvalMode: "default" as const };
}

function qwenAgent(version: string, executable: string): E2EAgent {
  return {
    kind: "qwen",
    version,
    label: `Qwen Code ${version}`,
    executable,
    promptHook: "UserPromptSubmit",
    stopHook: "Stop",
    stopReplyField: "last_assistant_message",
    // The confirmation's options are numbered, `› 1. Yes, allow once` first.
    permissionYesKeys: "1",
    trustLayout: "numbered",
    createHome: (server) => createQwenHome({ modelServerUrl: server.url }),
    start: (home, options) =>
      startAgentSession("qwen", {
        ...qwenLaunchOptions(executable, home),
        env: { ...home.env, ...(options.env ?? {}) },
        ...(options.initialSize === undefined ? {} : { initialSize: options.initialSize }),
        ...(options.hookEvents === undefined ? {} : { hookEvents: options.hookEvents }),
        ...(options.autoupdate === undefined ? {} : { autoupdate: options.autoupdate }),
      }),
  };
}

export const QWEN_AGENTS: readonly E2EAgent[] = QWEN_VERSIONS.map((v) => qwenAgent(v.version, v.executable));
