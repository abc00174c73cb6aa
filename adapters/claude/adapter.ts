// The Claude Code adapter description: screen reader, readiness evidence and submission timing as measured.

import { CLAUDE_HOOK_KINDS } from "./hook-kinds.js";
import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";
import { STOP_AND_PERMISSION_REPLIES } from "../hook-reply.js";
import { readClaudeSubagentRecord, readClaudeTranscriptRecord } from "./transcript-records.js";
import { LOGIN_METHOD_LABELS, validateLoginCode, validateLoginUrl } from "./login-screens.js";
import { readClaudeScreen } from "./read-screen.js";

/**
 * Readiness on the measured versions (2.1.215, 2.1.332): InstructionsLoaded can fire after
 * the composer is drawn and even after the first prompt, while input typed at the first composer paint was
 * always accepted. So both the hook and a settled idle composer count; a deadline after the first frame is
 * the fallback for a startup that never settles (e.g. an animating MCP retry spinner).
 * Exception measured under load: 2.1.215 took a paste written right at that readiness but dropped the Enter 150 ms
 * later, painting the paste 0.4–1.8 s after it (7 of 20 TAB e2e loop runs); the submission's recovery Enter, sent
 * once the staged text shows, is what makes it land.
 */
/*
 * Pasted text (measured offline through the bracketed paste Elwood writes, TABs byte-exact on the PTY): both
 * 2.1.215 and 2.1.332 turn every TAB into 4 spaces before the prompt reaches UserPromptSubmit and the model.
 * 2.1.332 also wraps a paste it collapses into a `[Pasted text #N …]` chip (24 lines / ~400 characters and larger
 * measured; one line is not) as `\n\n<pasted_content id="<hex>">\n<text>\n</pasted_content id="<hex>">\n`;
 * 2.1.215 sends it bare. That is the CLI's doing, not Elwood's (test/e2e/scenarios/tabs.test.ts).
 */
/*
 * Resume (measured offline, test/e2e/scenarios/resume.test.ts): both versions append the conversation transcript
 * on a ~100 ms timer after the Stop hook (2.1.215 wrote the whole turn ~100 ms after it) and SIGHUP does not flush
 * it. A stop right after a turn left 2.1.215 with 1–8 of its ~11 lines and once left 2.1.332 with no file, which
 * `claude --resume <id>` answers with "No conversation found with session ID: <id>" and exits. So stop() first
 * lets the file settle (effects/transcript-settle.ts). A resumed session's way to ready is the same as a fresh
 * start's (starting → running startup window → ready on both versions); the replayed history makes no turn.
 */
export const claudeAdapter: AgentAdapter = {
  kind: "claude",
  readScreen: readClaudeScreen,
  readiness: {
    hookEvents: ["InstructionsLoaded"],
    composerIsReadySignal: true,
    composerSettleMs: 250,
    deadlineMs: 15_000,
    oscIdleIsReadySignal: false,
    // 2.1.332 dropped "1" sent at its permission dialog's first paint in 2 of 3 runs; 150 ms and 400 ms later it
    // landed 6 of 6 (measured offline). No repaint or escape sequence marks the moment, so the dialog must persist.
    dialogSettleMs: 300,
  },
  // Spec A §10.11: a paste that provably never reached the composer (never painted, idle empty composer, no hook, no
  // work, after the 1.5 s quiet window and one more interval) is replayed at most twice, then wait_timeout. The
  // paste painted up to 1.8 s late under load; that paint (seen staged) rules the replay out for good.
  // stagedWaitMs: 2.1.215 under load read an Enter written 150 ms after the text paste before the paste itself, and
  // sent an image+text message as the image alone (e2e claude-picker-login-image, a full CI run): Enter waits for the
  // text to paint, up to 2 s (paints up to ~1.8 s late were measured under load).
  submission: { settleMs: 150, enterRetries: 3, confirmIntervalMs: 500, unseenReplays: 2, replayQuietMs: 1_500, stagedWaitMs: 2_000 },
  promptHook: "UserPromptSubmit",
  stopHook: "Stop",
  compactCommand: "/compact",
  compactDoneHook: "PostCompact",
  imageVia: "paste",
  // Claude: `s` applies for this session only (Enter saves a default); a cache warning can paint after the picker closes.
  picker: { persistsConfig: false, requiresSessionKey: true, effortStage: false, lateWarning: true, currentIsDefault: false, cursorOpensOnCurrent: false },
  hookReply: STOP_AND_PERMISSION_REPLIES,
  hookKinds: CLAUDE_HOOK_KINDS,
  readTranscript: readClaudeTranscriptRecord,
  readSubagentTranscript: readClaudeSubagentRecord,
  trustDialogs: ["workspace_trust", "bypass_permissions"],
  // PermissionRequest: a human is about to be asked (blocked evidence unless a handler decided); SessionEnd: exit follows.
  // InstructionsLoaded is readiness evidence, StopFailure a rejected turn, SubagentStop names a subagent's transcript.
  essentialHooks: ["SessionStart", "InstructionsLoaded", "UserPromptSubmit", "Stop", "StopFailure", "PostCompact", "PermissionRequest", "SessionEnd", "SubagentStop"],
  // Measured on 2.1.215 and 2.1.332: with a WorktreeCreate hook registered that answers nothing, EnterWorktree creates
  // no worktree (without it, .claude/worktrees/<name> appears); Claude's docs say both hooks replace its git logic.
  handlerOnlyHooks: ["WorktreeCreate", "WorktreeRemove"],
  statusHooks: ["PermissionRequest", "SessionEnd"],
  login: { recoveryCommand: "/login", methodLabels: LOGIN_METHOD_LABELS, validateUrl: validateLoginUrl, validateCode: validateLoginCode },
  trustAffirmatives: {
    workspace_trust: /^(\d+\.\s*)?Yes, I trust this folder$/,
    bypass_permissions: /^(\d+\.\s*)?Yes, I accept$/,
  },
};
