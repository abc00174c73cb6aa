// Model-based test kit for the transaction machines: offer canned frames, edge replies, effect results and
// delays to xstate/graph, then replay each path on a live hosted actor with a simulated clock.

import { expect } from "vitest";
import type { AnyActorLogic, EventObject } from "xstate";
import type { ScreenFacts } from "../../src/contracts/screen-facts.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { afterDelayName, afterEvents, hostChild, type AnyEvent, type HostedChild } from "./machine-host.js";

export interface CannedFrame {
  readonly name: string;
  readonly facts: ScreenFacts;
}

interface TxSnap {
  readonly value: unknown;
  readonly context: { readonly pendingRequestId: string | null; readonly facts: ScreenFacts | null } & Record<string, unknown>;
  readonly status: string;
  readonly _nodes: ReadonlyArray<{ readonly ownEvents: readonly string[] }>;
}

export interface TransactionModel {
  readonly frames: readonly CannedFrame[];
  /** Context fields (besides value, pending request and facts) that make two states different. */
  readonly keyFields: readonly string[];
  /** Delay name → milliseconds, as set in the machine input. */
  readonly delays: Readonly<Record<string, number>>;
  /** Extra caller-side events (cancel, raw input, status changes). */
  readonly extra?: (snap: TxSnap) => AnyEvent[];
  /** Values an effect result may carry when ok (a login code). */
  readonly effectValue?: string;
}

export function frameName(model: TransactionModel, facts: ScreenFacts | null): string {
  if (facts === null) return "none";
  return model.frames.find((f) => f.facts === facts)?.name ?? "other";
}

export function modelEvents(model: TransactionModel) {
  return (snap: TxSnap): EventObject[] => {
    if (snap.status === "done") return [];
    const out: AnyEvent[] = [...afterEvents(snap)];
    for (const f of model.frames) out.push({ type: "frame", seq: 0, facts: f.facts, oscState: [] });
    const requestId = snap.context.pendingRequestId;
    if (requestId !== null) {
      out.push({ type: "io.written", requestId }, { type: "io.held", requestId });
      out.push({ type: "io.failed", requestId, error: new ElwoodError("pty_write_failed", "model") });
      out.push({ type: "effect.result", requestId, ok: true, ...(model.effectValue === undefined ? {} : { value: model.effectValue }) });
      out.push({ type: "effect.result", requestId, ok: false, error: new ElwoodError("image_attach_failed", "model", { reason: "write_failed" }) });
    }
    out.push(...(model.extra?.(snap) ?? []));
    return out;
  };
}

export function modelSerializer(model: TransactionModel) {
  return (snap: TxSnap): string =>
    JSON.stringify([
      snap.value,
      snap.status,
      snap.context.pendingRequestId !== null,
      frameName(model, snap.context.facts),
      ...model.keyFields.map((k) => snap.context[k]),
    ]);
}

type Request = { readonly type: string; readonly requestId?: string };

/**
 * What a transaction sends its parent at one step: at most one request (an io.write or an effect.request), and when
 * it sends one it then waits on exactly that request id, so no answer can go astray; a step that sends nothing
 * leaves the request it waits on unchanged or answered (never a new id the parent was not told about).
 */
function expectOneAwaitedRequest(host: HostedChild, mark: number, before: string | null, at: string, delayed: boolean): void {
  const sent = (host.received.slice(mark) as Request[]).filter((e) => e.type === "io.write" || e.type === "effect.request");
  // A delay step runs the clock forward, so a shorter timer (a hold retry) may fire on the way: only the last counts.
  if (!delayed) expect(sent.length, `${at}: requests sent`).toBeLessThanOrEqual(1);
  const last = sent.at(-1);
  const pending = (host.context() as { pendingRequestId: string | null }).pendingRequestId;
  const done = (host.ref.getSnapshot() as { status: string }).status === "done";
  if (last !== undefined && !done) expect(pending, `${at}: waits on the request it sent`).toBe(last.requestId);
  if (last === undefined && pending !== null) expect(pending, `${at}: waits on a request it never sent`).toBe(before);
}

const pendingOf = (host: HostedChild): string | null => (host.context() as { pendingRequestId: string | null }).pendingRequestId;

/**
 * Replays one path on a live actor: delays advance the simulated clock, io/effect replies are re-addressed
 * to the live pending request. Every step's state value must equal the model's. Returns the host for
 * path-level invariant checks (the caller stops it).
 */
export function replayPath(
  logic: AnyActorLogic,
  input: unknown,
  model: TransactionModel,
  steps: ReadonlyArray<{ readonly event: EventObject; readonly state: { readonly value: unknown } }>,
): HostedChild & { readonly writtenIds: ReadonlySet<string> } {
  const host = hostChild(logic, input);
  const writtenIds = new Set<string>();
  for (const [index, step] of steps.entries()) {
    const event = step.event as AnyEvent;
    const mark = index === 0 ? 0 : host.received.length;
    const before = index === 0 ? null : pendingOf(host);
    if (event.type === "xstate.init") {
      expectOneAwaitedRequest(host, mark, before, "initial entry", false);
      continue;
    }
    const delay = afterDelayName(event.type);
    if (delay !== undefined) {
      const ms = model.delays[delay];
      if (ms === undefined) throw new Error(`no duration for delay ${delay}`);
      host.advance(ms);
    } else if ("requestId" in event) {
      const live = (host.context() as { pendingRequestId: string | null }).pendingRequestId;
      host.send({ ...event, requestId: live ?? "none" });
      if (event.type === "io.written" && live !== null) writtenIds.add(live);
    } else {
      host.send(event);
    }
    const at = `step ${index} ${event.type}`;
    expect(host.value(), at).toEqual(step.state.value);
    expectOneAwaitedRequest(host, mark, before, at, delay !== undefined);
  }
  return Object.assign(host, { writtenIds });
}
