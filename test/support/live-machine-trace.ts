// Records the state values each child machine of every live session passes through (from XState inspection), so a
// PTY-driven test can compare what the real edge made a machine do with the paths its model test walks.

import type { AnyActorLogic, InspectionEvent } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { subscribeInspection } from "../../src/inspection-hub.js";

/** One actor instance's states in order, consecutive repeats folded (a targetless step keeps the value). */
export interface ActorTrace {
  /** The actor's id under its parent (`status`, `turn`, `queue`, `submission`, …). */
  readonly id: string;
  readonly values: string[];
}

export interface LiveMachineTrace {
  /** Every instance of the child with this id, in the order they started. */
  traces(id: string): readonly ActorTrace[];
  stop(): void;
}

/** Starts recording; call it before the sessions it should see start (it records every session's actors). */
export function traceLiveMachines(): LiveMachineTrace {
  const byInstance = new Map<string, ActorTrace>();
  const stop = subscribeInspection((_session, event: InspectionEvent) => {
    if (event.type !== "@xstate.snapshot") return;
    const value = (event.snapshot as { value?: unknown }).value;
    if (value === undefined) return;
    const ref = event.actorRef as unknown as { id: string; sessionId: string };
    let trace = byInstance.get(ref.sessionId);
    if (!trace) byInstance.set(ref.sessionId, (trace = { id: ref.id, values: [] }));
    const key = JSON.stringify(value);
    if (trace.values.at(-1) !== key) trace.values.push(key);
  });
  return {
    traces: (id) => [...byInstance.values()].filter((t) => t.id === id),
    stop,
  };
}

/** Whether `path` occurs in `live` in order (other states may come between: the real edge sends more events). */
export function followsInOrder(path: readonly string[], live: readonly string[]): boolean {
  let i = 0;
  for (const value of live) if (value === path[i]) i += 1;
  return i >= path.length;
}

/** A model path's state values in order, consecutive repeats folded like a live trace's. */
export function pathValues(steps: ReadonlyArray<{ readonly state: { readonly value: unknown } }>): string[] {
  const out: string[] = [];
  for (const step of steps) {
    const key = JSON.stringify(step.state.value);
    if (out.at(-1) !== key) out.push(key);
  }
  return out;
}

/** The shortest model path (its state values) to each state value, over several traversal configurations. */
export function shortestValuePaths(logic: AnyActorLogic, optionsList: readonly unknown[]): Map<string, string[]> {
  const best = new Map<string, string[]>();
  for (const options of optionsList) {
    for (const path of getShortestPaths(logic, options as never)) {
      const values = pathValues(path.steps as never);
      const target = values.at(-1) ?? "";
      const known = best.get(target);
      if (!known || values.length < known.length) best.set(target, values);
    }
  }
  return best;
}

/**
 * The model paths no live trace follows, as readable lines (empty when every path was followed). `runs` maps a
 * scenario's name to the traces of the machine instances it ran; `unreachable` lists the targets no scenario on the
 * simulated CLI can reach, each with its reason.
 */
export function pathsNotFollowed(
  paths: ReadonlyMap<string, readonly string[]>,
  runs: ReadonlyMap<string, readonly (readonly string[])[]>,
  unreachable: Readonly<Record<string, string>>,
): string[] {
  const missing: string[] = [];
  for (const [target, path] of paths) {
    if (unreachable[target] !== undefined) continue;
    const followed = [...runs.values()].some((traces) => traces.some((live) => followsInOrder(path, live)));
    if (!followed) missing.push(`${target}: model ${path.join(" > ")}`);
  }
  return missing;
}

/** Every scenario's traces, one line each, for an assertion message. */
export function describeRuns(runs: ReadonlyMap<string, readonly (readonly string[])[]>): string {
  return [...runs.entries()].flatMap(([name, traces]) => traces.map((t) => `  ${name}: ${t.join(" > ")}`)).join("\n");
}

/** The state value a graph state id (`machine.a.b`) stands for, as a live trace spells it. */
export function valueOfStateId(id: string): string {
  const parts = id.split(".").slice(1);
  let value: unknown = parts.at(-1);
  for (const part of parts.slice(0, -1).reverse()) value = { [part]: value };
  return JSON.stringify(value);
}
