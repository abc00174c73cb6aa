// Model-based test of the startup trust responder: one path per edge of its graph (cursor and numbered trust
// dialogs, an unplannable one, the edge's write answers, the retry and deadline delays on the simulated clock),
// replayed on a hosted actor, asserting the keys it writes and what it tells the session at every step.

import { describe, expect, it } from "vitest";
import type { EventObject, SnapshotFrom } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { planTrustKeys, TRUST_DEADLINE_MS, TRUST_RETRY_MS, trustResponderMachine, type TrustInput } from "../../machines/trust-responder.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { DialogFact, DialogOption } from "../../src/contracts/screen-facts.js";
import { edgePaths } from "../support/edge-paths.js";
import { frame, idleFrame } from "../support/facts.js";
import { afterDelayName, afterEvents, hostChild } from "../support/machine-host.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

type Snap = SnapshotFrom<typeof trustResponderMachine>;
const DELAYS: Record<string, number> = { deadline: TRUST_DEADLINE_MS, retry: TRUST_RETRY_MS };

const trust = (layout: "cursor" | "numbered", options: readonly DialogOption[]): DialogFact => ({
  kind: "workspace_trust",
  blocking: true,
  ruleIds: ["claude-workspace_trust-prompt"],
  options,
  layout,
});
/** Claude 2.1.332 paints `No, exit` first and selected; the affirmative second. */
const cursorNo = trust("cursor", [{ label: "No, exit", selected: true }, { label: "Yes, I trust this folder", selected: false }]);
const cursorYes = trust("cursor", [{ label: "No, exit", selected: false }, { label: "Yes, I trust this folder", selected: true }]);
/** Claude 2.1.215: numbered, affirmative first. */
const numbered = trust("numbered", [{ label: "Yes, I trust this folder", number: 1, selected: true }, { label: "No, exit", number: 2, selected: false }]);
/** Half painted: no affirmative yet, so nothing may be typed. */
const partial = trust("cursor", [{ label: "No, exit", selected: true }]);

const DIALOGS: Record<string, DialogFact> = { cursorNo, cursorYes, numbered, partial };
const dialogName = (d: DialogFact | undefined): string => Object.entries(DIALOGS).find(([, v]) => v === d)?.[0] ?? (d ? "other" : "none");
const dialogFrame = (d: DialogFact) => frame({ dialog: d, ruleIds: [...d.ruleIds] });

const INPUTS: Record<string, TrustInput> = {
  enabled: { enabled: true, kinds: claudeAdapter.trustDialogs, affirmatives: claudeAdapter.trustAffirmatives },
  disabled: { enabled: false, kinds: [], affirmatives: claudeAdapter.trustAffirmatives },
};

/** The graph is walked without a parent: the three sendParent actions are observed on the live replay instead. */
const traversed = trustResponderMachine.provide({ actions: { writePlan: () => undefined, announce: () => undefined, fallback: () => undefined, reportWriteFailed: () => undefined } });

function events(snap: Snap): EventObject[] {
  if (snap.status === "done") return [];
  // The simulated clock fires the nearer timer first: while the retry is armed it precedes the deadline.
  const retrying = afterEvents(snap).some((e) => e.type.includes(".retry."));
  const delays = afterEvents(snap).filter((e) => !(retrying && e.type.includes(".deadline.")));
  const out: EventObject[] = [...delays, ...Object.values(DIALOGS).map(dialogFrame), idleFrame(), { type: "session.ended" }];
  const requestId = snap.context.pendingRequest;
  if (requestId !== undefined) {
    out.push({ type: "io.written", requestId } as EventObject, { type: "io.held", requestId } as EventObject);
    out.push({ type: "io.failed", requestId, error: new ElwoodError("pty_write_failed", "model") } as EventObject);
  }
  return out;
}

const serialize = (snap: Snap): string => {
  const c = snap.context;
  return JSON.stringify([snap.value, snap.status, dialogName(c.dialog), c.pendingRequest === undefined ? "-" : "pending", c.wrote, c.gone, c.answered ?? "-"]);
};

function replay(input: TrustInput, steps: ReadonlyArray<{ readonly event: EventObject; readonly state: Snap }>): void {
  const host = hostChild(trustResponderMachine, input);
  let acked = false;
  for (const [index, step] of steps.entries()) {
    if (step.event.type === "xstate.init") continue;
    const where = `step ${index} ${step.event.type}`;
    const left = JSON.stringify(host.value());
    const sentFrom = host.received.length;
    const delay = afterDelayName(step.event.type);
    if (delay !== undefined) host.advance(DELAYS[delay] ?? Number.NaN);
    else host.send(step.event as never);
    expect(host.value(), where).toEqual(step.state.value);
    const sent = host.received.slice(sentFrom);
    const after = host.context() as Snap["context"];
    const entered = JSON.stringify(host.value());
    // A write is asked for exactly when the responder enters `writing`, with the keys planned for the painted dialog.
    const writes = sent.filter((e) => e.type === "io.write") as unknown as { data: string; purpose: string; requireDialog: string; requestId: string }[];
    const WRITING = JSON.stringify({ answering: "writing" });
    if (left !== WRITING && entered === WRITING) {
      expect(writes, where).toHaveLength(1);
      const dialog = after.dialog as DialogFact;
      expect(writes[0]?.data, where).toBe(planTrustKeys(dialog, input.affirmatives[dialog.kind])?.keys);
      expect(writes[0]?.purpose, where).toBe("trust");
      // The edge re-checks the dialog right before writing, so a retry never lands in the composer.
      expect(writes[0]?.requireDialog, where).toBe("workspace_trust");
      expect(writes[0]?.requestId, where).toBe(after.pendingRequest);
    } else {
      expect(writes, where).toEqual([]);
    }
    // Clearance is announced only when an Elwood answer was written for this dialog; a human's answer is silent,
    // and so is a dialog leaving after the responder gave up.
    const answered = sent.filter((e) => e.type === "trust.answered");
    if (left === '"watching"' && entered !== '"watching"') acked = false;
    if (step.event.type === "io.written") acked = true;
    expect(answered.length, where).toBe(after.wrote && left.startsWith('{"answering"') && entered === '"watching"' ? 1 : 0);
    if (answered.length > 0) expect(acked, `${where}: announced without an acknowledged write`).toBe(true);
    // The fallback hands the dialog to a human exactly once, when the responder gives up.
    const fallbacks = sent.filter((e) => e.type === "trust.fallback");
    expect(fallbacks.length, where).toBe(left !== '"gaveUp"' && entered === '"gaveUp"' ? 1 : 0);
    if (!input.enabled) expect(host.received, `${where}: a disabled responder never acts`).toEqual([]);
  }
  expect(host.late, "nothing is sent to a finished responder").toEqual([]);
  host.stop();
}

describe("trust responder (model-based, xstate/graph)", () => {
  for (const [name, input] of Object.entries(INPUTS)) {
    const paths = edgePaths(traversed, { input, events: events as never, serializeState: serialize as never });

    it(`C-CLAUDE-10 C-CLAUDE-14 ${name}: replays ${paths.length} paths (one per graph edge): planned keys only, announce only after our write, one fallback`, () => {
      expect(paths.length).toBeGreaterThan(input.enabled ? 50 : 3);
      for (const path of paths) replay(input, path.steps as never);
    });
  }

  it("the enabled graph reaches every responder state", () => {
    const paths = edgePaths(traversed, { input: INPUTS["enabled"] as TrustInput, events: events as never, serializeState: serialize as never });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of ['"watching"', '{"answering":"writing"}', '{"answering":"waitingFrame"}', '{"answering":"awaitingEffect"}', '"gaveUp"', '"done"']) {
      expect(reached).toContain(value);
    }
  });
});
