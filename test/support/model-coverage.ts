// Records which states and transitions the model tests' live actors walk, through XState's inspection API, and
// writes one hits file per test file for the coverage report (test/tools/model-coverage-report.ts) to merge.

import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import type { InspectionEvent } from "xstate";
import { keyOfTaken, type TransitionShape } from "./machine-graph-items.js";
import { HITS_DIR, type MachineHits } from "./model-coverage-files.js";


const states = new Map<string, Set<string>>();
const transitions = new Map<string, Set<string>>();
let recording = false;

const bucket = (map: Map<string, Set<string>>, machineId: string): Set<string> => {
  let set = map.get(machineId);
  if (!set) map.set(machineId, (set = new Set()));
  return set;
};

interface NodeRef {
  readonly id: string;
  readonly machine: { readonly id: string };
}

function noteSnapshot(snapshot: unknown): void {
  const nodes = (snapshot as { _nodes?: readonly NodeRef[] })._nodes;
  for (const node of nodes ?? []) if (node.id !== node.machine.id) bucket(states, node.machine.id).add(node.id);
}

/**
 * Pass as `inspect` to every actor a model test runs (the whole actor system is inspected, children included).
 * It records nothing until the test file calls `recordModelCoverage`, so unit tests sharing a host stay out.
 */
export function coverageInspect(event: InspectionEvent): void {
  if (!recording) return;
  if (event.type === "@xstate.microstep") {
    for (const t of event._transitions as unknown as TransitionShape[]) {
      const key = keyOfTaken(t);
      if (key !== undefined) bucket(transitions, t.source.machine.id).add(key);
      // A transient state (left at once by an eventless transition) is in no snapshot; taking a transition from it is
      // the proof it was reached.
      if (t.source.id !== t.source.machine.id) bucket(states, t.source.machine.id).add(t.source.id);
    }
    noteSnapshot(event.snapshot);
  } else if (event.type === "@xstate.snapshot") {
    noteSnapshot(event.snapshot);
  }
}

/** Turns recording on for this test file and writes its hits once the file's tests have run. */
export function recordModelCoverage(testFileUrl: string): void {
  recording = true;
  afterAll(() => {
    const out: Record<string, MachineHits> = {};
    for (const machineId of new Set([...states.keys(), ...transitions.keys()])) {
      out[machineId] = { states: [...(states.get(machineId) ?? [])].sort(), transitions: [...(transitions.get(machineId) ?? [])].sort() };
    }
    mkdirSync(HITS_DIR, { recursive: true });
    writeFileSync(join(HITS_DIR, `${basename(fileURLToPath(testFileUrl))}.json`), `${JSON.stringify(out, null, 1)}\n`);
  });
}
