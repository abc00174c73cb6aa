// Transition-covering paths from a machine's graph: xstate/graph's shortest paths reach every state, but never take
// an event that leaves the serialized state unchanged (a self-loop: a targetless action, a repeated close). Adding
// one path per remaining graph edge — the shortest path to its source, then that event — walks every edge.

import type { AnyActorLogic, AnyStateMachine, EventFromLogic, InputFrom } from "xstate";
import { getAdjacencyMap, getShortestPaths, type StatePath, type TraversalOptions } from "xstate/graph";
import { keyOfTaken, type TransitionShape } from "./machine-graph-items.js";

type Snap<L extends AnyActorLogic> = ReturnType<L["transition"]>;

/** The graph transitions (source × event × guard branch) an event selects in a snapshot, before any eventless step. */
function selectedKeys(logic: AnyActorLogic, snapshot: unknown, event: { type: string }): string[] {
  const data = (logic as AnyStateMachine).getTransitionData(snapshot as never, event as never) as unknown as TransitionShape[];
  return data.map(keyOfTaken).filter((k): k is string => k !== undefined);
}

/**
 * `distinct: "transition"` keeps one extra path per graph transition the shortest paths never select, plus one per
 * state step whose target value they never reach (so eventless transitions after it are taken too): the fewest
 * replays that still walk each transition, for machines whose serialized graph is too large for a step walk.
 *
 * `distinct: "step"` keeps one extra path per (state value, event type, next state value) instead of one per
 * serialized edge: for machines whose context makes the serialized graph large, it still takes each branch that
 * changes the state value, and each targetless one, at a fraction of the replays.
 */
export function edgePaths<L extends AnyActorLogic, S extends Snap<L> = Snap<L>, E extends EventFromLogic<L> = EventFromLogic<L>>(
  logic: L,
  options: TraversalOptions<S, E, InputFrom<L>>,
  distinct: "edge" | "step" | "transition" = "edge",
): StatePath<S, E>[] {
  const seenSteps = new Set<string>();
  const seenKeys = new Set<string>();
  const seenValues = new Set<string>();
  const serialize = options.serializeState as unknown as (snap: S, event: E | undefined) => string;
  const shortest = getShortestPaths(logic, options as never) as unknown as StatePath<S, E>[];
  const toState = new Map<string, StatePath<S, E>>();
  for (const path of shortest) toState.set(serialize(path.state, undefined), path);
  if (distinct === "transition") {
    for (const path of shortest) {
      seenValues.add(JSON.stringify((path.state as { value?: unknown }).value));
      for (const [i, step] of path.steps.entries()) {
        const before = path.steps[i - 1]?.state;
        if (before !== undefined) for (const key of selectedKeys(logic, before, step.event)) seenKeys.add(key);
      }
    }
  }
  const adjacency = getAdjacencyMap(logic, options as never);
  const extra: StatePath<S, E>[] = [];
  for (const [stateKey, { state: source, transitions }] of Object.entries(adjacency)) {
    const base = toState.get(stateKey);
    if (!base) continue;
    for (const { event, state } of Object.values(transitions) as { event: E; state: S }[]) {
      const nextKey = serialize(state, event);
      const onShortest = toState.get(nextKey);
      const last = onShortest?.steps.at(-1);
      const lastSource = onShortest?.steps.at(-2)?.state;
      // An edge that already ends the shortest path to its target (from this very source) is walked by that path.
      if (last && lastSource && serialize(lastSource, undefined) === stateKey && JSON.stringify(last.event) === JSON.stringify(event)) continue;
      if (distinct === "transition") {
        // The adjacency's own source snapshot: its event carries that snapshot's request id (the shortest path's may differ).
        const keys = selectedKeys(logic, source, event);
        const value = JSON.stringify((state as { value?: unknown }).value);
        if (keys.every((k) => seenKeys.has(k)) && seenValues.has(value)) continue;
        for (const k of keys) seenKeys.add(k);
        seenValues.add(value);
      }
      if (distinct === "step") {
        const step = JSON.stringify([(base.state as { value?: unknown }).value, event.type, (state as { value?: unknown }).value]);
        if (seenSteps.has(step)) continue;
        seenSteps.add(step);
      }
      extra.push({ state, steps: [...base.steps, { event, state }], weight: base.steps.length + 1 });
    }
  }
  return [...shortest, ...extra];
}
