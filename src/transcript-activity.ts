// Projects a session's transcript onto its activity stream: committed assistant text, tool calls and tool results come only from here.

import type { ActivityEvent } from "./contracts/public-types.js";
import type { TranscriptItem, TranscriptRecordReader } from "./contracts/turn-events.js";
import { TranscriptFeed } from "./conversation/transcript-feed.js";
import type { AgentSession } from "./session-api.js";

type ActivityDraft = Omit<ActivityEvent, "elwoodSessionId" | "agent">;

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
    case "tool_call": {
      const input = stringify(item.input);
      return { source: "transcript", kind: "tool_call", label: item.name, toolName: item.name, toolUseId: item.id, ...(input === undefined ? {} : { toolInput: input }), ...file };
    }
    case "tool_result":
      return { source: "transcript", kind: "tool_result", label: item.isError ? "error" : "ok", toolUseId: item.id, toolOutput: item.output, ...file };
    default:
      return undefined;
  }
}

/**
 * Starts the session's one transcript observation (the tail follows the path hook payloads carry) and projects
 * its committed items into `activity`; the `send`/`stream` turns read the same feed.
 */
export function observeTranscript(session: AgentSession, read: TranscriptRecordReader | undefined, emit: (activity: ActivityDraft) => void): void {
  if (read === undefined) return;
  const feed = TranscriptFeed.attach(session, read);
  feed.events.on("items", (batch) => {
    for (const item of batch.items) {
      const activity = activityForTranscriptItem(item, feed.transcriptPath);
      if (activity !== undefined) emit(activity);
    }
  });
}
