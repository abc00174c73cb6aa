// The Codex CLI adapter description: screen reader, readiness evidence, positive-acceptance submission, trust dialogs.

import { CODEX_HOOK_KINDS } from "./hook-kinds.js";
import { homedir } from "node:os";
import { join } from "node:path";
import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";
import { STOP_AND_PERMISSION_REPLIES } from "../hook-reply.js";
import { readCodexTranscriptRecord } from "./transcript-records.js";
import { summarizeCodexRecord } from "./transcript-summary.js";
import { readCodexScreen } from "./read-screen.js";
import { CODEX_STATE_CHANNEL } from "./state-channel.js";

/** Cold-start readiness deadline after the first frame when no explicit signal comes (0.144 has no OSC 7501). */
export const CODEX_READINESS_DEADLINE_MS = 10_000;

/**
 * Readiness (measured on 0.144.6 and 0.171.0): SessionStart is lazy — it fires on the first submitted
 * prompt, never at boot — so no hook proves readiness. The cold composer paints before the input loop
 * accepts a paste, so a rendered composer is not a signal either. 0.171 announces `OSC 7501 state=idle`;
 * 0.144.6 has no OSC 7501; its boxed session header reads `model: loading` while it starts and names the model
 * once its session is configured: that model row with an idle composer and its footer is its readiness.
 * Anything else falls back to the bounded deadline.
 *
 * Because a first paste can still vanish, submissions need positive acceptance (a prompt hook, Stop, live
 * work) and an unaccepted paste is replayed at most twice before the op fails with wait_timeout.
 *
 * Ctrl+C is never in Elwood's vocabulary: on an idle Codex composer it exits at once. Interrupt is Escape.
 */
/*
 * Pasted text (measured offline): 0.144.6 and 0.171.0 keep every TAB of a bracketed paste, one line or 24, in the
 * prompt UserPromptSubmit and the model receive (test/e2e/scenarios/tabs.test.ts). A trailing TAB is trimmed.
 */
export const codexAdapter: AgentAdapter = {
  kind: "codex",
  readScreen: readCodexScreen,
  readiness: {
    hookEvents: [],
    composerIsReadySignal: false,
    composerSettleMs: 250,
    deadlineMs: CODEX_READINESS_DEADLINE_MS,
    oscIdleIsReadySignal: true,
    // 0.144.6 (no OSC 7501): its session header's model row (not `loading`) next to an idle composer with its footer.
    readyRuleIds: ["codex-session-header", "codex-composer-footer"],
  },
  // 150 ms between the bracketed paste and Enter stays clear of the ~30–50 ms paste-burst window.
  submission: { settleMs: 150, enterRetries: 3, confirmIntervalMs: 500, positiveAcceptance: true, replays: 2 },
  promptHook: "UserPromptSubmit",
  stopHook: "Stop",
  compactCommand: "/compact",
  compactDoneHook: "PostCompact",
  // SessionStart names the conversation (lazily, at the first prompt); PermissionRequest is an approval the session answers.
  essentialHooks: ["SessionStart", "UserPromptSubmit", "Stop", "PostCompact", "PermissionRequest"],
  handlerOnlyHooks: [],
  imageVia: "clipboard",
  // The picker writes its choice to $CODEX_HOME/config.toml (the agent's env first, then Elwood's, then ~/.codex).
  configFile: {
    path: (env) => join(env["CODEX_HOME"] ?? process.env["CODEX_HOME"] ?? join(homedir(), ".codex"), "config.toml"),
    persistedWarning: "codex_default_model_persisted",
  },
  // Codex: Enter on a model row opens the effort step, and applying writes config.toml (restored after); no row is marked default.
  picker: { persistsConfig: true, requiresSessionKey: false, effortStage: true, lateWarning: false, currentIsDefault: true, cursorOpensOnCurrent: false },
  stateChannel: CODEX_STATE_CHANNEL,
  hookReply: STOP_AND_PERMISSION_REPLIES,
  hookKinds: CODEX_HOOK_KINDS,
  readTranscript: readCodexTranscriptRecord,
  sessionStartBeforePrompt: true,
  summarizeTranscript: summarizeCodexRecord,
  trustDialogs: ["workspace_trust"],
  alwaysAnsweredDialogs: ["hooks_review", "update"],
  // 0.171's folder trust did not react to its digit (measured); Enter on the selected affirmative works on both.
  trustEnterWhenSelected: true,
  trustAffirmatives: {
    // 0.171 `1. Trust and continue`; 0.144.6 `1. Yes, continue`.
    workspace_trust: /^(\d+\.\s*)?(Trust and continue|Yes, continue)$/,
    hooks_review: /^(\d+\.\s*)?Trust all and continue$/,
    // Never `Update now`: only a skip-shaped row, chosen by its label.
    update: /^(\d+\.\s*)?(Skip|Skip until next version|Continue without updating|Not now|Later)$/,
  },
};
