// Scripted replies for the fake model server: the reply vocabulary, the per-test FIFO queue and keyword triggers.

/** One scripted model reply. A test enqueues these; each main-conversation request consumes one. */
export type ScriptedReply =
  /** Plain assistant text (after a thinking block when `thinking` is set). With chunkDelayMs the text is streamed in small chunks with that pause between them. */
  | { kind: "text"; text: string; chunkDelayMs?: number; thinking?: string }
  /** A raw tool call in the CLI's own vocabulary (Claude: tool_use name/input; Codex: function_call name/arguments). */
  | { kind: "tool"; name: string; input: unknown; text?: string }
  /** A shell command, rendered per CLI (Claude: Bash tool_use; Codex: exec_command, code-mode aware); `text` is said before the call. */
  | { kind: "bash"; command: string; description?: string; text?: string }
  /** Text streamed over totalMs (used for working-state and interrupt scenarios). */
  | { kind: "slow"; text?: string; totalMs: number }
  /** One chunk, then silence until the client aborts (or the server closes). */
  | { kind: "hang" }
  /** An HTTP error status with an API-shaped JSON error body. */
  | { kind: "error"; status: number };

/** Text the fake model says when a SLOW reply carries no text of its own. */
export const SLOW_TEXT = "This is a slow streamed reply from the fake model, sent in small pieces so the CLI stays busy for a while.";
/** Title returned to every title-generation side request (Claude 2.1.215 Haiku title, Codex thread title). */
export const FAKE_TITLE = "Fake session title";
/** Reply to a request whose last input is a tool result, when the queue is empty. */
export const TOOL_FINISHED_TEXT = "Tool finished.";
/** Prefix of the default echo reply. */
export const FAKE_REPLY_PREFIX = "FAKE-REPLY: ";

/** Default duration of a keyword-triggered SLOW reply. */
export const SLOW_DEFAULT_MS = 20_000;

/**
 * Picks a reply from the user's text when the queue is empty. Keywords let a human (or a test that does
 * not want to touch the queue) steer the model: RUNBASH:<cmd>, SLOW, HANG; anything else is echoed.
 */
export function keywordReply(userText: string): { reply: ScriptedReply; trigger: string } {
  const bash = /RUNBASH:([^\n]*)/.exec(userText);
  if (bash?.[1] !== undefined && bash[1].trim() !== "") {
    return { reply: { kind: "bash", command: bash[1].trim() }, trigger: "RUNBASH" };
  }
  if (/\bHANG\b/.test(userText)) return { reply: { kind: "hang" }, trigger: "HANG" };
  if (/\bSLOW\b/.test(userText)) return { reply: { kind: "slow", totalMs: SLOW_DEFAULT_MS }, trigger: "SLOW" };
  return { reply: { kind: "text", text: FAKE_REPLY_PREFIX + userText.trim() }, trigger: "echo" };
}

/** Splits text into small pieces so a stream looks like token-by-token output. */
export function chunkText(text: string, pieces: number): string[] {
  if (text === "") return [""];
  const n = Math.max(1, Math.min(pieces, text.length));
  const size = Math.ceil(text.length / n);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** How to cut a text-like reply into deltas and how long to pause after each one. */
export function deltaPlan(reply: Extract<ScriptedReply, { kind: "text" | "slow" }>): { pieces: string[]; pause: number } {
  if (reply.kind === "slow") {
    const text = reply.text ?? SLOW_TEXT;
    const pieces = chunkText(text, Math.max(4, Math.round(reply.totalMs / 250)));
    return { pieces, pause: Math.round(reply.totalMs / pieces.length) };
  }
  if (reply.chunkDelayMs !== undefined && reply.chunkDelayMs > 0) {
    return { pieces: chunkText(reply.text, Math.ceil(reply.text.length / 4)), pause: reply.chunkDelayMs };
  }
  return { pieces: [reply.text], pause: 0 };
}

/** Per-test FIFO of scripted replies. */
export class ScriptQueue {
  readonly #items: ScriptedReply[] = [];

  enqueue(reply: ScriptedReply): void {
    this.#items.push(reply);
  }

  /** Removes and returns the next reply, or undefined when the script is exhausted. */
  take(): ScriptedReply | undefined {
    return this.#items.shift();
  }

  get size(): number {
    return this.#items.length;
  }

  clear(): void {
    this.#items.length = 0;
  }
}
