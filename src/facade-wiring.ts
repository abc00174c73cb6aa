// Connects a session facade to its root actor: the root's replies settle calls in flight, its loop reports go to the
// loops, every other announcement becomes a public event; plus the CLI's conversation id and the transcript feed.

import type { SessionPublicEvent } from "../machines/session.js";
import { isTerminalStatus } from "./contracts/public-types.js";
import type { PendingCalls } from "./pending-calls.js";
import type { AgentSession } from "./session-api.js";
import type { SessionEvents } from "./session-events.js";
import type { SessionLoops } from "./session-loops.js";
import type { FacadeEventName, SessionRuntime } from "./session-types.js";
import type { AgentTranscriptEventMap } from "./contracts/agent-kinds.js";
import { observeTranscript } from "./transcript-activity.js";

export interface FacadeParts {
  /** The facade itself: the transcript feed and the conversation id listen through its public `on`. */
  readonly session: AgentSession;
  readonly runtime: SessionRuntime;
  readonly events: SessionEvents;
  readonly pending: PendingCalls;
  readonly loops: SessionLoops;
  /** The session reached a terminal status: every call still in flight fails. */
  readonly ended: () => void;
  /** The CLI named its conversation (what a resume of that CLI needs). */
  readonly conversationId: (id: string) => void;
}

/** Wires everything before the root starts, so nothing it announces at start-up is missed. */
export function wireFacade(parts: FacadeParts): void {
  const { session, runtime, events, pending, loops } = parts;
  runtime.actor.on("*", (announced) => {
    const event = announced as SessionPublicEvent;
    if (pending.settle(event) || loops.onPublic(event)) return;
    events.apply(event);
    if (event.type === "public.status" && isTerminalStatus(event.to)) parts.ended();
  });
  // Both CLIs name their conversation in SessionStart (Codex lazily, at the first prompt, and anew after /clear).
  session.on("hook:SessionStart", (payload) => {
    if (typeof payload["session_id"] === "string") parts.conversationId(payload["session_id"]);
  });
  // Assistant text, tool calls and results come from the transcript only (hooks may carry an unsubmitted draft).
  observeTranscript(session, runtime.adapter, {
    activity: (activity) => events.activity(activity),
    warning: (code, message, details) => events.warning(code, message, details),
    isolate: (deliver, failed) => events.isolate(deliver, failed),
    ...(runtime.adapter.summarizeTranscript ? { summary: (summary) => events.emitter.emit(`${runtime.agent}:transcript` as keyof AgentTranscriptEventMap & FacadeEventName, summary) } : {}),
  }, runtime.exitGate, runtime.resumedTranscript);
}
