// PTY replay of the status machine's model paths (C-API-33, C-ATTN-01): the shortest path the model test takes to
// every status state must also be what the live machine does when the simulated Claude is driven through a real
// PTY, hook bridge and terminal — so the model's synthetic events and the real edge cannot drift apart silently.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusMachine } from "../../machines/status.js";
import { graphItems } from "../support/machine-graph-items.js";
import { describeRuns, pathsNotFollowed, shortestValuePaths, traceLiveMachines, valueOfStateId, type LiveMachineTrace } from "../support/live-machine-trace.js";
import { ALPHABETS, EVERY_EVENT, optionsFor, SETTLING_EVENTS, SETTLING_INPUT } from "../support/status-model.js";
import { eventually } from "../support/eventually.js";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

/** The same traversals the status model test walks. */
const modelPaths = (): Map<string, string[]> =>
  shortestValuePaths(statusMachine, [
    optionsFor(EVERY_EVENT),
    optionsFor(SETTLING_EVENTS, SETTLING_INPUT, true),
    ...Object.values(ALPHABETS).map((events) => optionsFor(events)),
  ]);

/**
 * States no scenario on the simulated CLI can reach, each with the reason. `deadlineHeld`: the readiness deadline
 * (15 s on Claude) must pass while the trust responder still holds an automated prompt, and the responder answers
 * the simulated prompt within milliseconds; the model test walks it on the simulated clock.
 */
const UNREACHABLE_FROM_THE_SIM: Readonly<Record<string, string>> = {
  '{"running":{"boot":"deadlineHeld"}}': "needs an automated prompt left unanswered past the 15 s readiness deadline",
};

const isReady = (s: string): boolean => s === "ready";

describe("status machine: model paths replayed through the simulated Claude (real PTY)", () => {
  let trace: LiveMachineTrace;
  const sims: ClaudeSim[] = [];
  /** Each scenario's status trace (state values, in order). */
  const runs = new Map<string, string[][]>();
  /** The status trace of the session started last (sessions here start one after another). */
  const latestStatusTrace = (): string[] => trace.traces("status").at(-1)?.values ?? [];

  beforeAll(async () => {
    trace = traceLiveMachines();
    // 1. An automated trust prompt at boot, a turn with a permission dialog answered by key (the composer idle for a
    // moment before the tool's work shows, as the real CLI can), then stop().
    const a = await startClaudeSim({ trust: "cursor", autotrust: true, script: { permissionAnsweredIdleMs: 1000 } });
    sims.push(a);
    runs.set("trust prompt, permission turn, stop", [latestStatusTrace()]);
    await a.session.waitForStatus(isReady, 15_000);
    await a.session.sendMessage("RUNBASH: true");
    await a.session.waitForStatus((s) => s === "blocked", 15_000);
    await a.session.sendKeys("1");
    await eventually(() => a.session.status === "ready", 15_000, "the turn after the permission answer to end");
    await a.session.stop();

    // 2–4. kill(), teardown() and the CLI exiting by itself (/exit), each from ready.
    const endings: ReadonlyArray<readonly [string, (s: ClaudeSim) => Promise<unknown>]> = [
      ["kill", (s) => s.session.kill()],
      ["teardown", (s) => s.session.teardown()],
      ["/exit", async (s) => {
        await s.session.sendMessage("/exit");
        await s.session.waitForStatus((x) => x === "exited", 15_000);
      }],
    ];
    for (const [name, end] of endings) {
      const sim = await startClaudeSim({});
      sims.push(sim);
      runs.set(name, [latestStatusTrace()]);
      await sim.session.waitForStatus(isReady, 15_000);
      await end(sim);
    }
  }, 120_000);

  afterAll(async () => {
    trace?.stop();
    for (const s of sims) await s.cleanup();
  });

  it("the model has a path to every leaf state of the status graph", () => {
    const states = graphItems(statusMachine).states;
    const leaves = states.filter((id) => !states.some((other) => other.startsWith(`${id}.`)));
    const targets = [...modelPaths().keys()];
    for (const leaf of leaves) expect(targets, leaf).toContain(valueOfStateId(leaf));
  });

  it("C-API-33 C-ATTN-01: the live status machine follows the model's shortest path to every state it reaches from the sim", () => {
    expect(pathsNotFollowed(modelPaths(), runs, UNREACHABLE_FROM_THE_SIM), `live traces:\n${describeRuns(runs)}`).toEqual([]);
    // The scenarios really drove the CLI: readiness in each, a held trust prompt and a settled, answered dialog in the first.
    for (const [trace] of runs.values()) expect(trace).toContain('"ready"');
    expect(runs.get("trust prompt, permission turn, stop")?.[0]).toEqual(
      expect.arrayContaining(['{"running":{"boot":"held"}}', '"dialogPainted"', '{"blocked":"dialog"}', '{"blocked":"answered"}', '"stopped"']),
    );
  });
});
