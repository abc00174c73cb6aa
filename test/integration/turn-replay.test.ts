// PTY replay of the turn watcher's model paths (C-TURN-01, C-TURN-02): the shortest path the model test takes to every
// turn state must also be what the live watcher does when the simulated Claude is driven through a real PTY, hook
// bridge and terminal, so the model's synthetic evidence and the real edge cannot drift apart silently.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { turnMachine } from "../../machines/turn.js";
import { graphItems } from "../support/machine-graph-items.js";
import { describeRuns, pathsNotFollowed, shortestValuePaths, traceLiveMachines, valueOfStateId, type LiveMachineTrace } from "../support/live-machine-trace.js";
import { ALL, ALPHABETS, optionsFor } from "../support/turn-model.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resumeClaude } from "../../src/resume-claude.js";
import type { AgentSession } from "../../src/session-api.js";
import { simEnv } from "../sim/sim-control.js";
import { recordedConversation } from "../support/recorded-conversation.js";
import { startClaudeSim, TEST_LOGIN_SHELL, type ClaudeSim } from "./claude-sim-start.js";

/** The same traversals the turn model test walks (a fresh and a resumed session). */
const modelPaths = (): Map<string, string[]> =>
  shortestValuePaths(turnMachine, [false, true].flatMap((resumed) => [optionsFor(resumed, ALL), ...Object.values(ALPHABETS).map((a) => optionsFor(resumed, a.events))]));

/** States no scenario on the simulated CLI can reach, each with the reason. */
const UNREACHABLE_FROM_THE_SIM: Readonly<Record<string, string>> = {};

const isReady = (s: string): boolean => s === "ready";

describe("turn watcher: model paths replayed through the simulated Claude (real PTY)", () => {
  let trace: LiveMachineTrace;
  const sims: ClaudeSim[] = [];
  const resumedSessions: AgentSession[] = [];
  const runs = new Map<string, string[][]>();
  const latestTurnTrace = (): string[] => trace.traces("turn").at(-1)?.values ?? [];

  beforeAll(async () => {
    trace = traceLiveMachines();
    // Turns back to back: a message, and the next one sent the moment the first turn is reported ready.
    const sim = await startClaudeSim({ script: { turnMs: 300 } });
    sims.push(sim);
    runs.set("turns back to back", [latestTurnTrace()]);
    await sim.session.waitForStatus(isReady, 15_000);
    await sim.session.sendMessage("one");
    await sim.session.waitForStatus((s) => s === "running", 15_000);
    await sim.session.waitForStatus(isReady, 15_000);
    await sim.session.sendMessage("two");
    await sim.session.waitForStatus((s) => s === "running", 15_000);
    await sim.session.waitForStatus(isReady, 15_000);
    // A message queued while a turn runs: submitted as soon as the turn ends.
    await sim.session.sendMessage("three");
    await sim.session.waitForStatus((s) => s === "running", 15_000);
    const queued = sim.session.sendMessage("four");
    await queued;
    await sim.session.waitForStatus(isReady, 15_000);

    // A resumed session: the relaunch redraws the earlier conversation (held as replay), then takes a new turn.
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-turn-replay-"));
    const first = await startClaudeSim({ stateDir, script: { turnMs: 300 } });
    sims.push(first);
    const location = { stateDir, cwd: first.dir, elwoodSessionId: first.session.elwoodSessionId };
    await first.session.waitForStatus(isReady, 15_000);
    await first.session.sendMessage("before the resume");
    await first.session.waitForStatus(isReady, 15_000);
    await recordedConversation(location);
    await first.session.stop();
    const resumed = await resumeClaude({
      elwoodSessionId: location.elwoodSessionId,
      stateDir,
      cwd: first.dir,
      executable: join(first.dir, "claude-wrapper.sh"),
      env: simEnv({ log: first.logFile }),
      shell: TEST_LOGIN_SHELL,
    });
    resumedSessions.push(resumed);
    runs.set("resumed session", [latestTurnTrace()]);
    await resumed.waitForStatus(isReady, 15_000);
    await resumed.sendMessage("after the resume");
    await resumed.waitForStatus((s) => s === "running", 15_000);
    await resumed.waitForStatus(isReady, 15_000);
  }, 120_000);

  afterAll(async () => {
    trace?.stop();
    for (const r of resumedSessions) await r.stop();
    for (const s of sims) await s.cleanup();
  });

  it("the model has a path to every state of the turn graph", () => {
    const targets = [...modelPaths().keys()];
    for (const id of graphItems(turnMachine).states) expect(targets, id).toContain(valueOfStateId(id));
  });

  it("C-TURN-01 C-TURN-02: the live turn watcher follows the model's shortest path to every state it reaches from the sim", () => {
    expect(pathsNotFollowed(modelPaths(), runs, UNREACHABLE_FROM_THE_SIM), `live traces:\n${describeRuns(runs)}`).toEqual([]);
  });
});
