// What the status machine's guards read from an event: its evidence record, frame facts, dialogs, idle and work.

import { channelAfter, titleWork } from "./channel-state.js";
import type { DialogFact, DialogKind, ScreenFacts } from "../src/contracts/screen-facts.js";
import type { StatusEvidence } from "../src/contracts/public-types.js";
import type { FrameEvent, TrustFallbackEvent, TurnStartedEvent } from "../src/contracts/events.js";
import type { StatusContext, StatusEvent } from "./status-types.js";

export function evidenceOf(event: StatusEvent | { type: string }): StatusEvidence {
  if (event.type === "frame") {
    const facts = (event as FrameEvent).facts;
    return { kind: "frame", ruleIds: [...facts.ruleIds] };
  }
  if (event.type === "turn.started" || event.type === "turn.ended") {
    return { kind: event.type, source: (event as TurnStartedEvent).source };
  }
  if (event.type.startsWith("xstate.after")) return { kind: "timer", source: event.type };
  if (event.type === "trust.fallback") return { kind: event.type, ruleIds: [...(event as TrustFallbackEvent).ruleIds] };
  return { kind: event.type };
}

export function factsOf(event: StatusEvent): ScreenFacts | undefined {
  return event.type === "frame" ? (event as FrameEvent).facts : undefined;
}

export function blockingDialog(facts: ScreenFacts | undefined, auto: readonly DialogKind[]): DialogFact | undefined {
  const d = facts?.dialog;
  if (!d || !d.blocking) return undefined;
  return auto.includes(d.kind) ? undefined : d;
}

export function heldDialog(facts: ScreenFacts | undefined): boolean {
  return facts?.dialog?.blocking === true;
}

// The title spinner is read as the turn machine reads it (see titleWork): no work while the CLI's own state
// channel says idle, so a background spinner neither moves a cleared dialog to running nor keeps readiness away.
export function idleComposer(facts: ScreenFacts | undefined, channel: string | undefined): boolean {
  return !!facts && facts.composer && !facts.working && !titleWork(facts, channel) && !facts.dialog;
}

export function workingFrame(facts: ScreenFacts | undefined, channel: string | undefined): boolean {
  return !!facts && !facts.dialog && (facts.working || titleWork(facts, channel));
}

/** The channel as this event leaves it: guards run before the transition's decide records it. */
export function channelOf(context: StatusContext, event: StatusEvent): string | undefined {
  return channelAfter(context.channel, event);
}

