// Turns a state machine into the inspector's graph (nodes + merged edges) using xstate/graph's toDirectedGraph.

import type { AnyStateMachine } from "xstate";
import { toDirectedGraph, type DirectedGraphNode } from "xstate/graph";
import { eventLabel } from "./labels.js";
import type { GraphEdge, GraphNode, MachineGraph } from "./protocol.js";

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes: GraphNode[] = [];
  const edges = new Map<string, { source: string; target: string; events: Set<string> }>();
  const visit = (node: DirectedGraphNode, parent: string | null): void => {
    const state = node.stateNode;
    const parentNode = state.parent;
    const initialKey = parentNode?.initial?.target?.[0]?.key;
    nodes.push({
      id: node.id,
      key: state.key,
      parent,
      final: state.type === "final",
      initial: initialKey === state.key,
      ...(state.description !== undefined ? { description: state.description } : {}),
    });
    for (const edge of node.edges) {
      const key = `${edge.source.id}\u0000${edge.target.id}`;
      const entry = edges.get(key) ?? { source: edge.source.id, target: edge.target.id, events: new Set<string>() };
      entry.events.add(eventLabel(edge.label.text));
      edges.set(key, entry);
    }
    for (const child of node.children) visit(child, node.id);
  };
  visit(toDirectedGraph(machine), null);
  const merged: GraphEdge[] = [...edges.values()].map((e) => ({ source: e.source, target: e.target, events: [...e.events] }));
  return { machineId: machine.id, nodes, edges: merged };
}
