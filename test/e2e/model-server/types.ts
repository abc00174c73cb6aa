// Shapes shared by the fake model server's parts: what a recorded request looks like and how it was classified.

/** Which wire API a request spoke: Anthropic Messages (Claude), OpenAI Responses (Codex), OpenAI Chat Completions (Qwen). */
export type ApiKind = "anthropic" | "responses" | "chat" | "other";

/**
 * What a request is for. `main` = a conversation turn (consumes the script); `tool_result` = the follow-up
 * after a tool ran (consumes the script if non-empty, else "Tool finished."); `title` / `compaction` / `side`
 * are CLI side requests answered automatically and never consume the script.
 */
export type RequestKind = "main" | "tool_result" | "title" | "compaction" | "side" | "other";

/** One HTTP request the CLI made, as the test sees it. Mutable fields are updated while the reply streams. */
export interface RecordedRequest {
  /** 1-based arrival order. */
  readonly seq: number;
  readonly method: string;
  /** Path without the query string, e.g. "/v1/messages". */
  readonly path: string;
  /** Raw query string without "?", e.g. "beta=true". */
  readonly query: string;
  /** Lower-cased header names; secrets (keys, tokens, cookies, authorization) replaced by "[redacted]". */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON body, or the raw text when it was not JSON, or null when empty. */
  readonly body: unknown;
  /** Date.now() at arrival. */
  readonly timestamp: number;
  readonly api: ApiKind;
  readonly kind: RequestKind;
  /** Text of the latest user prompt in the request ("" when none). */
  readonly userText: string;
  /** How the reply was chosen: "queue", a keyword ("RUNBASH", "SLOW", "HANG", "echo") or "auto". */
  replySource: string;
  /** Kind of the reply sent (ScriptedReply kind), "" for non-model endpoints. */
  replyKind: string;
  /** True when the client closed the connection before the reply finished (e.g. Escape interrupt). */
  aborted: boolean;
  /** True once the reply was fully written. */
  completed: boolean;
}

/** Result of looking at a model request body before answering it. */
export interface Classification {
  readonly kind: RequestKind;
  readonly userText: string;
  /** The automatic answer to a side request whose caller parses a specific shape (e.g. Qwen's next-speaker JSON). */
  readonly autoText?: string;
}
