// PTY replay of the control queue's model paths (C-API-07, C-API-35): the shortest path the model tests take to every
// queue state must also be what the live queue does when the simulated Claude is driven through a real PTY — a
// message, the model picker, /login, an image attach and a close — so the model and the real edge cannot drift apart.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { controlQueueMachine } from "../../machines/control-queue.js";
import { graphItems } from "../support/machine-graph-items.js";
import { describeRuns, pathsNotFollowed, shortestValuePaths, traceLiveMachines, valueOfStateId, type LiveMachineTrace } from "../support/live-machine-trace.js";
import { modelMachine, options, transactionQueueModel, transactionTraversal } from "../support/control-queue-model.js";
import { solidPng } from "../support/png.js";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

/** The same traversals the model tests walk: the submission routes and the exclusive transaction states. */
const modelPaths = (): Map<string, string[]> => {
  const paths = shortestValuePaths(modelMachine, [options]);
  for (const [target, values] of shortestValuePaths(transactionQueueModel, [transactionTraversal])) {
    const known = paths.get(target);
    if (!known || values.length < known.length) paths.set(target, values);
  }
  return paths;
};

const isReady = (s: string): boolean => s === "ready";

describe("control queue: model paths replayed through the simulated Claude (real PTY)", () => {
  let trace: LiveMachineTrace;
  let sim: ClaudeSim;
  const images = mkdtempSync(join(tmpdir(), "elwood-queue-replay-"));
  const runs = new Map<string, string[][]>();

  beforeAll(async () => {
    trace = traceLiveMachines();
    const png = join(images, "red.png");
    writeFileSync(png, solidPng(8, [255, 0, 0]));
    sim = await startClaudeSim({ script: { loginGoodCode: "code-1" } });
    runs.set("message, picker, login, image, stop", [trace.traces("queue").at(-1)?.values ?? []]);
    await sim.session.waitForStatus(isReady, 15_000);
    await sim.session.sendMessage("hello");
    await sim.session.waitForStatus((s) => s === "running", 15_000);
    await sim.session.waitForStatus(isReady, 15_000);
    await sim.session.listModels();
    await sim.session.login({ provideCode: () => "code-1" });
    await sim.session.sendMessage("what is this", { images: [{ path: png }] });
    await sim.session.waitForStatus((s) => s === "running", 15_000);
    await sim.session.waitForStatus(isReady, 15_000);
    await sim.session.stop();
  }, 120_000);

  afterAll(async () => {
    trace?.stop();
    await sim?.cleanup();
    rmSync(images, { recursive: true, force: true });
  });

  it("the models have a path to every state of the queue graph", () => {
    const targets = [...modelPaths().keys()];
    for (const id of graphItems(controlQueueMachine).states) expect(targets, id).toContain(valueOfStateId(id));
  });

  it("C-API-07 C-API-35: the live queue follows the model's shortest path to every one of its states", () => {
    expect(pathsNotFollowed(modelPaths(), runs, {}), `live traces:\n${describeRuns(runs)}`).toEqual([]);
  });
});
