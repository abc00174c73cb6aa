// Transition-covering paths from a machine's graph: xstate/graph's shortest paths reach every state, but never take
// an event that leaves the serialized state unchanged (a self-loop: a targetless action, a repeated close). Adding
// one path per remaining graph edge — the shortest path to its source, then that event — walks every edge.

import type { AnyActorLogic, EventFromLogic, InputFrom } from "xstate";
import { getAdjacencyMap, getShortestPaths, type StatePath, type TraversalOptions } from "xstate/graph";

type Snap<L extends AnyActorLogic> = ReturnType<L["transition"]>;

/**
 * `distinct: "step"` keeps one extra path per (state value, event type, next state value) instead of one per
 * serialized edge: for machines whose context makes the serialized graph large, it still takes each branch that
 * changes the state value, and each targetless one, at a fraction of the replays.
 */
export function edgePaths<L extends AnyActorLogic, S extends Snap<L> = Snap<L>, E extends EventFromLogic<L> = EventFromLogic<L>>(
  logic: L,
  options: TraversalOptions<S, E, InputFrom<L>>,
  distinct: "edge" | "step" = "edge",
): StatePath<S, E>[] {
  const seenSteps = new Set<string>();
  const serialize = options.serializeState as unknown as (snap: S, event: E | undefined) => string;
  const shortest = getShortestPaths(logic, options as never) as unknown as StatePath<S, E>[];
  const toState = new Map<string, StatePath<S, E>>();
  for (const path of shortest) toState.set(serialize(path.state, undefined), path);
  const adjacency = getAdjacencyMap(logic, options as never);
  const extra: StatePath<S, E>[] = [];
  for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
    const base = toState.get(stateKey);
    if (!base) continue;
    for (const { event, state } of Object.values(transitions) as { event: E; state: S }[]) {
      const nextKey = serialize(state, event);
      const onShortest = toState.get(nextKey);
      const last = onShortest?.steps.at(-1);
      const lastSource = onShortest?.steps.at(-2)?.state;
      // An edge that already ends the shortest path to its target (from this very source) is walked by that path.
      if (last && lastSource && serialize(lastSource, undefined) === stateKey && JSON.stringify(last.event) === JSON.stringify(event)) continue;
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
