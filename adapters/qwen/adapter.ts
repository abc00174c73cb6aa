// The Qwen Code adapter description: screen reader, readiness evidence and submission timing as measured on 0.24.4.

import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";
import { STOP_AND_PERMISSION_REPLIES } from "../hook-reply.js";
import { QWEN_HOOK_KINDS } from "./hook-kinds.js";
import { readQwenScreen } from "./read-screen.js";
import { readQwenTranscriptRecord } from "./transcript-records.js";

/**
 * Readiness (0.24.4): the composer is painted only once start-up (`⠋ Initializing...`) is over, and SessionStart fires
 * at start-up, not lazily. The idle composer, settled, is the evidence; the deadline after the first frame is the
 * fallback for a start that never settles (start-up took 3–5 s on a loaded 2-core machine, more with many hooks).
 *
 * Interrupt is Escape: Qwen prints `●︎ Request cancelled.` and fires no Stop (nor StopFailure) hook, so the turn's end
 * is proven on screen by that banner (the turn machine's `interruptBanner`), then the Notification `idle_prompt`.
 * Ctrl+C is never in Elwood's vocabulary: a second one within a second exits the CLI.
 *
 * Compaction is `/compress` (0.24.4 has no `/compact`); PreCompact / PostCompact fire around it. A history too small
 * to shrink prints "Compression was not beneficial for this history size." and sends no request.
 */
export const qwenAdapter: AgentAdapter = {
  kind: "qwen",
  readScreen: readQwenScreen,
  readiness: {
    hookEvents: [],
    composerIsReadySignal: true,
    composerSettleMs: 250,
    deadlineMs: 30_000,
    oscIdleIsReadySignal: false,
  },
  // Qwen takes a bracketed paste in one read (09-bracketed-paste capture: three lines staged as typed); the Enter
  // waits for the text to paint, like Claude's, so it is never read ahead of the paste.
  // Esc puts the interrupted prompt back into the composer (08-after-esc-interrupt), where the next paste would join
  // it (measured: the model got "please stream slowlyand now?"). Two Escapes within 500 ms empty a composer holding
  // text (0.24.4's input prompt; one Escape only arms it, and on an empty composer Escape does nothing). Ctrl+C would
  // clear it too, but on an empty composer it arms the CLI's exit.
  submission: {
    settleMs: 150,
    enterRetries: 3,
    confirmIntervalMs: 500,
    unseenReplays: 2,
    replayQuietMs: 1_500,
    stagedWaitMs: 2_000,
    draftClearKeys: ["\x1b", "\x1b"],
    draftClearGapMs: 100,
  },
  promptHook: "UserPromptSubmit",
  stopHook: "Stop",
  compactCommand: "/compress",
  compactDoneHook: "PostCompact",
  imageVia: "paste",
  // PermissionRequest: a human is about to be asked (blocked evidence unless a handler decided); Notification carries
  // `idle_prompt` after every turn, interrupted ones included; SessionEnd: exit follows.
  essentialHooks: ["SessionStart", "UserPromptSubmit", "Stop", "StopFailure", "PostCompact", "PermissionRequest", "Notification", "SessionEnd"],
  // MessageDisplay fires for every streamed chunk of a reply, each a blocking hook run: only for a caller who handles it.
  handlerOnlyHooks: ["MessageDisplay"],
  statusHooks: ["PermissionRequest", "SessionEnd"],
  // 0.24.4: Enter applies the highlighted row (no session-only key, no effort step) and writes `model.name` into the
  // session's private settings.json (QWEN_HOME), nothing of the user's to restore (e2e qwen-models). No row is marked
  // current: the dialog opens with its cursor on the current model (ModelDialog's initialIndex; measured: after a
  // switch the next /model opens on the new row). The model the session started with is its default.
  // Read in the bundle: with folder trust off (the default) and `modelProviders` in the project's own
  // .qwen/settings.json, Enter writes the choice into that project file instead (getModelProvidersOwnerScope), so
  // setModel is refused there (model-choice-scope.ts, e2e qwen-models). Not handled: the list paints no scroll marker
  // (see model-picker.ts: a window cut short by a short terminal reads as the list's end).
  picker: { persistsConfig: false, requiresSessionKey: false, effortStage: false, lateWarning: false, currentIsDefault: true, cursorOpensOnCurrent: true },
  hookReply: STOP_AND_PERMISSION_REPLIES,
  hookKinds: QWEN_HOOK_KINDS,
  readTranscript: readQwenTranscriptRecord,
  // Folder trust is off by default in 0.24.4 (security.folderTrust.enabled): no trust dialog to answer.
  trustDialogs: [],
  trustAffirmatives: {},
};
