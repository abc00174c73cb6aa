// Projects a session's transcript onto its activity stream (committed text, reasoning, tool calls and results come only from here), listeners isolated.

import {
  isTerminalStatus,
  type ActivityEvent,
  type TranscriptSummary,
  type TranscriptPollStoppedDetails,
  type TranscriptReadErrorDetails,
  type TranscriptRecordsDroppedDetails,
  type WarningEvent,
} from "./contracts/public-types.js";
import type { AgentAdapter } from "./contracts/agent-adapter.js";
import type { ExitGate } from "../effects/exit-gate.js";
import type { ResumeTranscriptMark } from "../effects/resume-transcript-mark.js";
import type { TranscriptItem } from "./contracts/turn-events.js";
import { TranscriptFeed } from "./conversation/transcript-feed.js";
import type { AgentSession } from "./session-api.js";

type ActivityDraft = Omit<ActivityEvent, "elwoodSessionId" | "agent">;

/** The channels whose listeners are isolated from the transcript watcher. */
/** The agent's own `<agent>:transcript` event, or `activity`. */
export type TranscriptChannel = `${string}:transcript` | "activity";

/** Where the projection goes: the session's own emitters. */
export interface TranscriptActivitySink {
  readonly activity: (activity: ActivityDraft) => void;
  /** Adapter-specific observations (Codex: `codex:transcript`). */
  readonly summary?: (summary: TranscriptSummary) => void;
  readonly warning: (code: WarningEvent["code"], message: string, details: Readonly<Record<string, unknown>>) => void;
  /** Runs `deliver` with listener failures of its emits reported to `failed` instead of the session's usual path. */
  readonly isolate: (deliver: () => void, failed: () => void) => void;
}

function stringify(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The activity one committed transcript item stands for; undefined for items that are turn bookkeeping only. */
export function activityForTranscriptItem(item: TranscriptItem, transcriptPath: string | undefined): ActivityDraft | undefined {
  const file = transcriptPath === undefined ? {} : { transcriptPath };
  switch (item.kind) {
    case "text":
      return { source: "transcript", kind: "assistant_message", label: "assistant", text: item.text, ...file };
    case "thinking":
      return { source: "transcript", kind: "reasoning", label: "reasoning", text: item.text, ...file };
    case "tool_call": {
      const input = stringify(item.input);
      return { source: "transcript", kind: "tool_call", label: item.name, toolName: item.name, toolUseId: item.id, ...(input === undefined ? {} : { toolInput: input }), ...file };
    }
    case "tool_result":
      // The label is the call id that pairs the result with its tool_call (C-CODEX-19); a failure says so apart.
      return {
        source: "transcript",
        kind: "tool_result",
        label: item.id,
        toolUseId: item.id,
        toolOutput: item.output,
        ...(item.isError ? { toolIsError: true } : {}),
        ...file,
      };
    default:
      return undefined;
  }
}

/**
 * A Codex observation the items do not already project (status phases and other records) as `transcript` activity;
 * messages, reasoning, tools and web searches reach `activity` through their items (never twice).
 */
function activityForSummary(summary: TranscriptSummary, transcriptPath: string | undefined): ActivityDraft | undefined {
  if (summary.kind !== "other") return undefined;
  const file = transcriptPath === undefined ? {} : { transcriptPath };
  return { source: "transcript", kind: "transcript", label: summary.label, ...(summary.text === undefined ? {} : { text: summary.text }), ...file };
}

function readSafely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    // An unreadable record is the feed's `unparseable` drop; the projection just skips it.
    return undefined;
  }
}

/**
 * Starts the session's one transcript observation (the tail follows the path hook payloads carry) and projects
 * each committed record, in file order, into its adapter event and `activity`. A throwing listener never stops
 * delivery or polling: its first failure per channel is one content-free `transcript_listener_error` warning,
 * delivered in a microtask after the scan. With the session's exit gate, the final flush runs before the exit is
 * announced, so what the CLI committed right before it exited still reaches `activity`.
 */
export function observeTranscript(
  session: AgentSession,
  adapter: Pick<AgentAdapter, "kind" | "readTranscript" | "readSubagentTranscript" | "summarizeTranscript" | "sessionStartBeforePrompt">,
  sink: TranscriptActivitySink,
  exitGate?: Pick<ExitGate, "add">,
  /** A resumed session's mark: the history before it is never replayed as activity. */
  resumedFrom?: ResumeTranscriptMark,
): TranscriptFeed | undefined {
  const { readTranscript: read, readSubagentTranscript: readSubagent, summarizeTranscript: summarize } = adapter;
  if (read === undefined) return undefined;
  const feed = TranscriptFeed.attach(session, read, readSubagent, {
    sessionStartBeforePrompt: adapter.sessionStartBeforePrompt === true,
    ...(resumedFrom === undefined ? {} : { resumedFrom }),
  });
  exitGate?.add(() => feed.finish());
  const reported = new Set<TranscriptChannel>();
  // Exit ordering: what the CLI committed before it exited is flushed through the exit gate before `terminal:exit` or
  // a terminal status is announced; nothing transcript-derived after them (the final flush still feeds a running
  // `send`/`stream` turn, which ends after it).
  let ended = false;
  session.on("terminal:exit", () => (ended = true));
  session.on("status", (e) => {
    if (isTerminalStatus(e.status)) ended = true;
  });
  const failed = (channel: TranscriptChannel) => () => {
    if (reported.has(channel)) return;
    reported.add(channel);
    queueMicrotask(() => sink.warning("transcript_listener_error", "a transcript listener threw", { channel }));
  };
  // The watcher's diagnostics are content-free warnings; they still arrive after exit (a final-flush backlog).
  feed.events.on("dropped", ({ cause, file }) => {
    const details: TranscriptRecordsDroppedDetails = { cause, transcriptPath: file };
    sink.warning("transcript_records_dropped", `transcript records were dropped (${cause})`, details);
  });
  feed.events.on("stopped", ({ reason, phase }) => {
    const details: TranscriptPollStoppedDetails = { reason, phase };
    sink.warning("transcript_poll_stopped", "the transcript watcher stopped after a failure", details);
  });
  feed.events.on("readError", ({ errno, file }) => {
    const details: TranscriptReadErrorDetails = { lastErrorCode: errno, transcriptPath: file };
    sink.warning("transcript_read_error", `reading the transcript failed (${errno})`, details);
  });
  // A subagent's words are its own activity (`subagent_message`), never the parent turn's text.
  feed.events.on("subagent", ({ file, items }) => {
    if (ended) return;
    for (const item of items) {
      const activity = activityForTranscriptItem(item, file);
      if (!activity) continue;
      const own = activity.kind === "assistant_message" ? { ...activity, kind: "subagent_message" as const, label: "subagent" } : activity;
      sink.isolate(() => sink.activity(own), failed("activity"));
    }
  });
  feed.events.on("records", ({ records }) => {
    if (ended) return;
    for (const record of records) {
      const summary = summarize === undefined || sink.summary === undefined ? undefined : readSafely(() => summarize(record));
      const activities: ActivityDraft[] = [];
      if (summary !== undefined) {
        const emitSummary = sink.summary;
        if (emitSummary) sink.isolate(() => emitSummary(summary), failed(`${adapter.kind}:transcript`));
        const extra = activityForSummary(summary, feed.transcriptPath);
        if (extra) activities.push(extra);
      }
      for (const item of readSafely(() => read(record)) ?? []) {
        const activity = activityForTranscriptItem(item, feed.transcriptPath);
        if (activity) activities.push(activity);
      }
      for (const activity of activities) sink.isolate(() => sink.activity(activity), failed("activity"));
    }
  });
  return feed;
}
