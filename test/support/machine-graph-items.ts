// What a machine's own graph contains, for coverage: every state node, and every transition as source × event × branch.

import type { AnyStateMachine } from "xstate";

/** One guard branch of one event on one state node: the unit a test either walks or does not. */
export interface GraphTransition {
  /** `source · event · #branch` — stable across `machine.provide` copies (ids, not objects). */
  readonly key: string;
  readonly source: string;
  readonly event: string;
  /** The candidate's index among the node's candidates for that event (the guard branch, in priority order). */
  readonly branch: number;
  /** The guard's name, `inline` for an anonymous function, or `-` for the unguarded (else) branch. */
  readonly guard: string;
  /** Target state ids; empty for a targetless transition (actions only, the state stays). */
  readonly targets: readonly string[];
}

export interface GraphItems {
  readonly machineId: string;
  /** Every state node id below the root (the root is always active, so it is not counted). */
  readonly states: readonly string[];
  readonly transitions: readonly GraphTransition[];
}

/** Minimal shapes of the xstate internals read here (StateNode, TransitionDefinition). */
interface NodeShape {
  readonly id: string;
  readonly states: Readonly<Record<string, NodeShape>>;
  readonly transitions: ReadonlyMap<string, readonly TransitionShape[]>;
  readonly always?: readonly TransitionShape[];
  readonly machine: { readonly id: string };
}
export interface TransitionShape {
  readonly source: NodeShape;
  readonly eventType: string;
  readonly guard?: unknown;
  readonly target?: readonly { readonly id: string }[];
}

/** The event name an eventless (`always`) transition is counted under. */
export const ALWAYS = "(always)";

export const transitionKey = (source: string, event: string, branch: number): string => `${source} · ${event} · #${branch}`;

function guardName(guard: unknown): string {
  if (guard === undefined) return "-";
  if (typeof guard === "string") return guard;
  if (typeof guard === "object" && guard !== null && "type" in guard) return String((guard as { type: unknown }).type);
  return "inline";
}

/** The key of a transition definition an actor took (as the inspector's microstep reports it), or undefined if unknown. */
export function keyOfTaken(t: TransitionShape): string | undefined {
  const alwaysIndex = t.source.always?.indexOf(t) ?? -1;
  if (alwaysIndex >= 0) return transitionKey(t.source.id, ALWAYS, alwaysIndex);
  const index = t.source.transitions.get(t.eventType)?.indexOf(t) ?? -1;
  return index >= 0 ? transitionKey(t.source.id, t.eventType, index) : undefined;
}

export function graphItems(machine: AnyStateMachine): GraphItems {
  const states: string[] = [];
  const transitions: GraphTransition[] = [];
  const visit = (node: NodeShape, isRoot: boolean): void => {
    if (!isRoot) states.push(node.id);
    const lists: [string, readonly TransitionShape[]][] = [...node.transitions.entries()];
    if (node.always && node.always.length > 0) lists.push([ALWAYS, node.always]);
    for (const [event, candidates] of lists) {
      for (const [branch, t] of candidates.entries()) {
        transitions.push({
          key: transitionKey(node.id, event, branch),
          source: node.id,
          event,
          branch,
          guard: guardName(t.guard),
          targets: (t.target ?? []).map((s) => s.id),
        });
      }
    }
    for (const child of Object.values(node.states)) visit(child, false);
  };
  visit(machine.root as unknown as NodeShape, true);
  return { machineId: machine.id, states, transitions };
}
