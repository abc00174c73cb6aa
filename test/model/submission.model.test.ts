// Model-based test: every path xstate/graph finds through the submission graph is replayed on a live actor (C-API-31, C-API-56).

import { describe, expect, it } from "vitest";
import { getSimplePaths } from "xstate/graph";
import type { EventObject } from "xstate";
import { ENTER, frameBracketedPaste } from "../../machines/paste-framing.js";
import { submissionMachine, type SubmissionInput } from "../../machines/submission.js";
import { afterDelayName, hostChild } from "../support/machine-host.js";
import { DELAYS, DRAFT_EXTRA, DRAFT_INPUT, eventsWith, INPUT, modelMachine, options, POSITIVE_EXTRA, POSITIVE_INPUT, UNSEEN_INPUT, type Snap } from "../support/submission-model.js";
import { edgePaths } from "../support/edge-paths.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

// Simple paths explode combinatorially on the fine abstraction (~20k paths), so they use a coarser one.
const coarse = (snap: Snap): string => JSON.stringify([snap.value, snap.context.recoveryEnters, snap.context.rawInput]);

/** What the machine must send its parent on entering `to` from `from` (one write per write state, and the notices). */
function expectedSends(from: unknown, to: unknown, input: SubmissionInput): Array<Record<string, unknown>> {
  // Staying put writes nothing (a re-entered `confirming` only re-arms its check).
  if (from === to) return [];
  const write = (purpose: string, data: string) => ({ type: "io.write", purpose, data, guardDialog: true });
  if (to === "clearingDraft") return [write("clear-draft", "\x1b")];
  if (to === "staging") return [write("paste", frameBracketedPaste(input.text))];
  if (to === "settling") return [{ type: "submission.pasted", opId: input.opId }];
  if (to === "entering") return [write("enter", ENTER)];
  if (to === "confirming" && from === "entering") return [{ type: "submission.entered", opId: input.opId }];
  if (to === "recovering") return [write("recovery-enter", ENTER)];
  return [];
}

function replay(steps: ReadonlyArray<{ event: EventObject; state: Snap }>, input: SubmissionInput = INPUT): void {
  const host = hostChild(submissionMachine, input);
  let previous: unknown;
  for (const [index, step] of steps.entries()) {
    const at = `step ${index} ${step.event.type}`;
    const mark = host.received.length;
    const delay = afterDelayName(step.event.type);
    if (step.event.type === "xstate.init") {
      // The initial entry already happened when the host started the actor.
    } else if (delay !== undefined) host.advance(DELAYS[delay] ?? Number.NaN);
    // Coarse abstractions merge states that differ only in request ids; the edge answers the live request.
    else if (step.event.type.startsWith("io.")) host.send({ ...step.event, requestId: host.lastWrite().requestId });
    else host.send(step.event);
    expect(host.value(), at).toEqual(step.state.value);
    // At every step, exactly what the machine told its parent (the initial entry's paste included).
    const sent = (index === 0 ? host.received : host.received.slice(mark)).map((e) => {
      const { requestId: _, ...rest } = e as unknown as Record<string, unknown>;
      return rest;
    });
    expect(sent, at).toEqual(expectedSends(index === 0 ? undefined : previous, step.state.value, input));
    previous = step.state.value;
  }
  // Invariants every path must keep, whatever order the edge answered in.
  const writes = host.writes();
  const enterIndex = writes.findIndex((w) => w.purpose === "enter");
  // Before the first Enter only the draft's clearing keys, then the paste (never a key after the paste).
  if (enterIndex >= 0) {
    const before = writes.slice(0, enterIndex).map((w) => w.purpose);
    const firstPaste = before.indexOf("paste");
    expect(firstPaste).toBeGreaterThanOrEqual(0);
    expect(before.slice(0, firstPaste).every((p) => p === "clear-draft")).toBe(true);
    expect(before.slice(firstPaste).every((p) => p === "paste")).toBe(true);
  }
  // Nothing is ever pasted while the composer still showed the old draft (the paste would join it).
  if (input.draftClearKeys?.length) {
    const pastedAt = steps.findIndex((step) => step.state.value === "staging");
    if (pastedAt > 0) expect(steps[pastedAt - 1]?.state.value === "awaitingClearedDraft" || steps[pastedAt - 1]?.state.value === "stagingHeld" || steps[pastedAt - 1]?.state.value === "confirming" || steps[pastedAt - 1]?.state.value === "replayCheck").toBe(true);
  }
  expect(writes.filter((w) => w.purpose === "recovery-enter").length).toBeLessThanOrEqual(
    input.enterRetries! * 2 * (1 + (input.replays ?? 0) + (input.unseenReplays ?? 0)),
  );
  if (input.unseenReplays) {
    // Claude (spec A §10.11): a second paste only ever follows a first one that never showed in the composer and
    // drew no prompt hook, Stop hook or work — never a prompt the CLI may have taken (no double submission).
    const replayAt = steps.findIndex((step, i) => i > 0 && step.state.context.replayed > 0);
    if (replayAt > 0) {
      const before = steps.slice(0, replayAt);
      expect(before.some((step) => step.state.context.seenStaged)).toBe(false);
      expect(before.some((step) => step.event.type === "hook.UserPromptSubmit" || step.event.type === "hook.Stop")).toBe(false);
      expect(before.some((step) => step.event.type === "frame" && (step.event as unknown as { facts: { working: boolean } }).facts.working)).toBe(false);
    }
  }
  expect(writes.every((w) => w.guardDialog)).toBe(true);
  // Request ids are unique and numbered in order.
  expect(writes.map((w) => w.requestId)).toEqual(writes.map((_, i) => `op:${i + 1}`));
  const final = steps[steps.length - 1]?.state;
  if (final?.status === "done") {
    expect(host.output()).toMatchObject({ opId: "op", outcome: final.value, entered: writes.some((w) => w.purpose === "enter") && final.context.entered });
    // Positive acceptance never reports a paste the CLI never took as confirmed by an empty composer alone.
    if (final.value === "failed" && final.context.error?.code === "wait_timeout") expect(input.positiveAcceptance || (input.unseenReplays ?? 0) > 0 || (input.draftClearKeys?.length ?? 0) > 0).toBe(true);
  }
  host.stop();
}

describe("submission model (xstate/graph)", () => {
  const shortest = edgePaths(modelMachine, options as never);
  const simple = getSimplePaths(modelMachine, { ...options, serializeState: coarse, toState: (s: Snap): boolean => s.status === "done" });

  const unseen = edgePaths(modelMachine, { ...options, input: UNSEEN_INPUT, events: eventsWith(POSITIVE_EXTRA) } as never, "step");
  const draft = edgePaths(modelMachine, { ...options, input: DRAFT_INPUT, events: eventsWith(DRAFT_EXTRA) } as never, "step");

  it("C-API-31 the graph reaches every state of the machine", () => {
    const reached = new Set([...shortest, ...unseen, ...draft].map((p) => JSON.stringify(p.state.value)));
    // checkingDraft is transient (eventless `always` transitions): no snapshot ever rests there.
    for (const key of Object.keys(submissionMachine.root.states).filter((k) => k !== "checkingDraft")) expect(reached, key).toContain(JSON.stringify(key));
  });

  it(`C-API-31 C-API-56 replays all ${shortest.length} shortest paths on a live actor with a simulated clock`, () => {
    for (const path of shortest) replay(path.steps);
  });

  it("C-API-31 C-API-56 positive acceptance: replays one path per graph edge (Stop hook, live work, a replayed paste, wait_timeout)", () => {
    const paths = edgePaths(modelMachine, { ...options, input: POSITIVE_INPUT, events: eventsWith(POSITIVE_EXTRA) } as never, "step");
    const reached = new Set(paths.map((p) => JSON.stringify([p.state.value, p.state.context.replayed])));
    for (const v of [["staging", 1], ["failed", 1], ["confirmed", 0]]) expect(reached, JSON.stringify(v)).toContain(JSON.stringify(v));
    for (const path of paths) replay(path.steps, POSITIVE_INPUT);
  });

  it("C-API-31 C-API-56 spec A §10.11 Claude's unseen-paste replay: one path per graph edge (a late hook or paint cancels it, a replay, wait_timeout)", () => {
    const reached = new Set(unseen.map((p) => JSON.stringify([p.state.value, p.state.context.replayed])));
    for (const v of [["replayQuiet", 0], ["replayCheck", 0], ["staging", 1], ["failed", 1], ["confirmed", 0]]) expect(reached, JSON.stringify(v)).toContain(JSON.stringify(v));
    for (const path of unseen) replay(path.steps, UNSEEN_INPUT);
  });

  it("C-API-31 issue 34 (Qwen): a composer holding an old draft is cleared key by key before the paste; a draft that stays fails the op, never a joined message", () => {
    const reached = new Set(draft.map((p) => JSON.stringify(p.state.value)));
    for (const v of ["clearingDraft", "clearingDraftGap", "clearingDraftHeld", "awaitingClearedDraft", "staging", "failed"]) expect(reached, v).toContain(JSON.stringify(v));
    const failedByDraft = draft.filter((p) => p.state.value === "failed" && p.state.context.error?.message.includes("clearing keys"));
    expect(failedByDraft.length).toBeGreaterThan(0);
    for (const path of draft) replay(path.steps, DRAFT_INPUT);
  });

  it(`C-API-31 replays all ${simple.length} simple paths to a final state`, () => {
    expect(simple.length).toBeGreaterThan(20);
    for (const path of simple) replay(path.steps);
  });
});
