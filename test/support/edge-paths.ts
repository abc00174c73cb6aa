// Transition-covering paths from a machine's graph: xstate/graph's shortest paths reach every state, but never take
// an event that leaves the serialized state unchanged (a self-loop: a targetless action, a repeated close). Adding
// one path per remaining graph edge — the shortest path to its source, then that event — walks every edge.

import type { AnyActorLogic, EventFromLogic, InputFrom } from "xstate";
import { getAdjacencyMap, getShortestPaths, type StatePath, type TraversalOptions } from "xstate/graph";

type Snap<L extends AnyActorLogic> = ReturnType<L["transition"]>;

export function edgePaths<L extends AnyActorLogic, S extends Snap<L> = Snap<L>, E extends EventFromLogic<L> = EventFromLogic<L>>(
  logic: L,
  options: TraversalOptions<S, E, InputFrom<L>>,
): StatePath<S, E>[] {
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
      // An edge that already ends the shortest path to its target is walked by that path.
      if (last && onShortest && onShortest.steps.length === base.steps.length + 1 && JSON.stringify(last.event) === JSON.stringify(event)) continue;
      extra.push({ state, steps: [...base.steps, { event, state }], weight: base.steps.length + 1 });
    }
  }
  return [...shortest, ...extra];
}
