// Lays out one machine's graph with elkjs (layered, hierarchy-aware): the states of one parent sit together inside
// its box and edges are routed around the boxes. Computed once per machine; the drawing only re-colours it.

import ElkBundled from "elkjs/lib/elk.bundled.js";
import type { ELK, ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { GraphEdge, GraphNode, MachineGraph } from "../protocol.js";

const CHAR_W = 7.2;
const LEAF_H = 26;
const PAD = 10;
/** Room at the top of a compound state for its name. */
const HEAD_H = 24;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface PlacedState {
  readonly node: GraphNode;
  readonly box: Rect;
  readonly compound: boolean;
}

export interface RoutedEdge {
  readonly edge: GraphEdge;
  /** Polyline points in drawing coordinates, source end first. */
  readonly points: readonly (readonly [number, number])[];
}

export interface GraphLayout {
  readonly machineId: string;
  readonly rootId: string;
  readonly width: number;
  readonly height: number;
  /** Every state but the machine's root, parents before their children. */
  readonly states: readonly PlacedState[];
  readonly edges: readonly RoutedEdge[];
  /** Transitions declared on the machine's root (taken from any state): listed, not drawn. */
  readonly rootEdges: readonly GraphEdge[];
}

const labelOf = (node: GraphNode): string => `${node.initial ? "▸ " : ""}${node.key}`;

// elkjs is CommonJS whose module value is the constructor (it also sets `default` on itself), so the default import
// is the constructor under Node and in the esbuild bundle; the cast reconciles the Node and bundler type views.
const elk = new (ElkBundled as unknown as new () => ELK)();

/** Positions every state and routes every edge; all coordinates are absolute (ELK's ROOT coordinate mode). */
export async function layoutGraph(graph: MachineGraph): Promise<GraphLayout> {
  const root = graph.nodes.find((n) => n.parent === null);
  if (!root) return { machineId: graph.machineId, rootId: "", width: 0, height: 0, states: [], edges: [], rootEdges: [] };
  const children = new Map<string, GraphNode[]>();
  for (const n of graph.nodes) if (n.parent !== null) children.set(n.parent, [...(children.get(n.parent) ?? []), n]);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));

  const toElk = (node: GraphNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    const labelW = labelOf(node).length * CHAR_W + 2 * PAD;
    if (kids.length === 0) return { id: node.id, width: Math.max(64, labelW), height: LEAF_H };
    return {
      id: node.id,
      children: kids.map(toElk),
      layoutOptions: { "elk.padding": `[top=${HEAD_H + PAD},left=${PAD},bottom=${PAD},right=${PAD}]`, "elk.nodeSize.minimum": `(${labelW}, ${HEAD_H + 2 * PAD})`, "elk.nodeSize.constraints": "MINIMUM_SIZE" },
    };
  };

  const drawn = graph.edges.filter((e) => e.source !== root.id && byId.has(e.source) && byId.has(e.target) && e.target !== root.id);
  const rootEdges = graph.edges.filter((e) => e.source === root.id);
  const elkEdges: ElkExtendedEdge[] = drawn.map((e, i) => ({ id: `e${i}`, sources: [e.source], targets: [e.target] }));
  const top: ElkNode = {
    id: root.id,
    children: (children.get(root.id) ?? []).map(toElk),
    edges: elkEdges,
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.edgeRouting": "ORTHOGONAL",
      "elk.layered.spacing.nodeNodeBetweenLayers": "28",
      "elk.spacing.nodeNode": "18",
      "elk.spacing.edgeNode": "10",
      "elk.spacing.edgeEdge": "6",
      "elk.padding": "[top=10,left=10,bottom=10,right=10]",
      "elk.json.shapeCoords": "ROOT",
      "elk.json.edgeCoords": "ROOT",
    },
  };
  const out = await elk.layout(top);

  const states: PlacedState[] = [];
  const visit = (n: ElkNode): void => {
    const node = byId.get(n.id);
    if (node) states.push({ node, compound: (n.children?.length ?? 0) > 0, box: { x: n.x ?? 0, y: n.y ?? 0, w: n.width ?? 0, h: n.height ?? 0 } });
    for (const c of n.children ?? []) visit(c);
  };
  for (const c of out.children ?? []) visit(c);

  // ELK leaves each edge in the container it routed it in; collect them all (coordinates are absolute).
  const routed = new Map<string, RoutedEdge["points"]>();
  const collect = (n: ElkNode): void => {
    for (const e of n.edges ?? []) {
      const section = e.sections?.[0];
      if (section) routed.set(e.id, [[section.startPoint.x, section.startPoint.y], ...(section.bendPoints ?? []).map((p) => [p.x, p.y] as const), [section.endPoint.x, section.endPoint.y]]);
    }
    for (const c of n.children ?? []) collect(c);
  };
  collect(out);
  const edges = drawn.flatMap((edge, i) => {
    const points = routed.get(`e${i}`);
    return points ? [{ edge, points }] : [];
  });
  return { machineId: graph.machineId, rootId: root.id, width: out.width ?? 0, height: out.height ?? 0, states, edges, rootEdges };
}
