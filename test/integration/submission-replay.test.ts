// PTY replay of the submission machine's model paths (C-API-31, C-API-56): the shortest path the model test takes to
// every submission state must also be what a live submission does when the simulated Claude is driven through a
// real PTY and terminal, so the model's synthetic frames and the real edge cannot drift apart silently.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionMachine } from "../../machines/submission.js";
import { graphItems } from "../support/machine-graph-items.js";
import { describeRuns, pathsNotFollowed, shortestValuePaths, traceLiveMachines, valueOfStateId, type LiveMachineTrace } from "../support/live-machine-trace.js";
import { DRAFT_EXTRA, DRAFT_INPUT, eventsWith, modelMachine, options, POSITIVE_EXTRA, POSITIVE_INPUT, UNSEEN_INPUT } from "../support/submission-model.js";
import { startClaudeSim, type ClaudeSim, type ClaudeSimOptions } from "./claude-sim-start.js";

/** The same traversals the submission model test walks (Claude's confirmation and unseen-paste replay, Codex's positive acceptance). */
const modelPaths = (): Map<string, string[]> =>
  shortestValuePaths(modelMachine, [
    options,
    { ...options, input: POSITIVE_INPUT, events: eventsWith(POSITIVE_EXTRA) },
    { ...options, input: UNSEEN_INPUT, events: eventsWith(POSITIVE_EXTRA) },
    { ...options, input: DRAFT_INPUT, events: eventsWith(DRAFT_EXTRA) },
  ]);

/** States no scenario on the simulated CLI can reach, each with the reason. */
const UNREACHABLE_FROM_THE_SIM: Readonly<Record<string, string>> = {
  '"stagingHeld"':
    "the queue starts a submission only at a ready screen with no dialog, and the paste is written in that same tick: a hold needs a dialog (or a render stall over 1 s) inside it",
  '"recoveringHeld"':
    "a recovery Enter is held only when a dialog paints between the decision to recover and the Enter's write (one tick); a dialog seen while confirming ends the submission unconfirmed instead",
  '"clearingDraft"': "the simulated CLI is Claude's, whose adapter names no draft-clearing keys (only Qwen's does; its e2e sends after an Esc restored a prompt)",
  '"clearingDraftHeld"': "as clearingDraft: no draft-clearing keys on the simulated Claude",
  '"clearingDraftGap"': "as clearingDraft: no draft-clearing keys on the simulated Claude",
  '"awaitingClearedDraft"': "as clearingDraft: no draft-clearing keys on the simulated Claude",
  '"failed"': "needs the PTY write itself to fail while the CLI lives; a CLI that dies closes the session first, which stops the submission before its write",
};

const isReady = (s: string): boolean => s === "ready";

describe("submission: model paths replayed through the simulated Claude (real PTY)", () => {
  let trace: LiveMachineTrace;
  const sims: ClaudeSim[] = [];
  const runs = new Map<string, string[][]>();
  const submissionTraces = (): string[][] => trace.traces("submission").map((t) => t.values);

  /** Starts a sim, runs `drive`, and records the traces of the submissions it made. */
  async function scenario(name: string, opts: ClaudeSimOptions, drive: (sim: ClaudeSim) => Promise<unknown>): Promise<void> {
    const before = submissionTraces().length;
    const sim = await startClaudeSim(opts);
    sims.push(sim);
    await sim.session.waitForStatus(isReady, 15_000);
    await drive(sim).catch(() => {});
    runs.set(name, submissionTraces().slice(before));
  }

  beforeAll(async () => {
    trace = traceLiveMachines();
    await scenario("a message", {}, async (sim) => {
      await sim.session.sendMessage("hello");
      await sim.session.waitForStatus((s) => s === "running", 15_000);
      await sim.session.waitForStatus(isReady, 15_000);
    });
    // The CLI loses the Enter (as Claude 2.1.215 can at readiness): the staged prompt gets a recovery Enter.
    await scenario("the Enter lost", { script: { dropEntersAfterPaste: 1 } }, async (sim) => {
      await sim.session.sendMessage("hello");
      await sim.session.waitForStatus((s) => s === "running", 15_000);
      await sim.session.waitForStatus(isReady, 15_000);
    });
    // ...and a blocking dialog paints over the staged prompt right after: the submission gives up unconfirmed.
    await scenario("the Enter lost under a dialog", { script: { dropEntersAfterPaste: 1, droppedEnterDialogMs: 3000 } }, async (sim) => {
      await sim.session.sendMessage("hello").catch(() => {});
    });
    // Every Enter lost: the recovery Enters run out and the submission ends unconfirmed.
    await scenario("every Enter lost", { script: { dropEntersAfterPaste: 100 } }, async (sim) => {
      await sim.session.sendMessage("hello").catch(() => {});
    });
    // An op deadline while its command is still unconfirmed (the CLI loses every Enter): the submission is cancelled.
    await scenario("a compact that times out before its command is in", { script: { dropEntersAfterPaste: 100 } }, async (sim) => {
      await sim.session.compact({ timeoutMs: 300 });
    });
    // The CLI swallows the first paste (spec A §10.11): it is replayed after the quiet window and then taken.
    await scenario("a swallowed paste", { script: { swallowFirstPaste: true, swallowWindowMs: 600_000 } }, async (sim) => {
      await sim.session.sendMessage("hello");
      for (let i = 0; i < 300 && !sim.log().some((r) => r.kind === "submit"); i++) await new Promise((r) => setTimeout(r, 100));
      await sim.session.waitForStatus(isReady, 15_000);
    });
    await scenario("a typed command under a dialog", { script: { dialogOnSlashModelMs: 800 } }, async (sim) => {
      await sim.session.sendMessage("/model");
      await sim.session.waitForStatus(isReady, 15_000);
    });
  }, 120_000);

  afterAll(async () => {
    trace?.stop();
    for (const s of sims) await s.cleanup();
  });

  it("the model has a path to every state of the submission graph", () => {
    const targets = [...modelPaths().keys()];
    // checkingDraft is transient (eventless transitions only): no snapshot rests there.
    for (const id of graphItems(submissionMachine).states.filter((id) => !id.endsWith("checkingDraft"))) expect(targets, id).toContain(valueOfStateId(id));
  });

  it("C-API-31 C-API-56: a live submission follows the model's shortest path to every state it reaches from the sim", () => {
    expect(pathsNotFollowed(modelPaths(), runs, UNREACHABLE_FROM_THE_SIM), `live traces:\n${describeRuns(runs)}`).toEqual([]);
  });
});
