// Draws one machine's laid-out graph (graph-layout.ts) as SVG: states as nested boxes, routed transitions as arrows,
// with the actor's current state and its last transition highlighted; each state's description is its tooltip.
// With coverage on, states and arrows are coloured by whether the model tests reach and walk them.

import type { ActorInfo, GraphEdge, MachineCoverage, TransitionInfo } from "../protocol.js";
import { eventLabel } from "../labels.js";
import { esc } from "./dom.js";
import type { GraphLayout, RoutedEdge } from "./graph-layout.js";

const PAD = 10;

function isLast(edge: GraphEdge, last: TransitionInfo | undefined): boolean {
  if (!last || edge.source !== last.source) return false;
  return last.targets.length === 0 ? edge.target === edge.source : last.targets.includes(edge.target);
}

const pathOf = (points: RoutedEdge["points"]): string => points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x},${y}`).join(" ");

/** The middle of the polyline, where the last transition's event name is written. */
function midpoint(points: RoutedEdge["points"]): [number, number] {
  const lengths = points.slice(1).map(([x, y], i) => Math.hypot(x - (points[i]?.[0] ?? x), y - (points[i]?.[1] ?? y)));
  let rest = lengths.reduce((a, b) => a + b, 0) / 2;
  for (const [i, len] of lengths.entries()) {
    const [x1, y1] = points[i] ?? [0, 0];
    const [x2, y2] = points[i + 1] ?? [0, 0];
    if (rest <= len && len > 0) return [x1 + ((x2 - x1) * rest) / len, y1 + ((y2 - y1) * rest) / len];
    rest -= len;
  }
  const [x, y] = points[0] ?? [0, 0];
  return [x, y];
}

/** `covered` when every transition an arrow stands for is walked, `partial` for some, `uncovered` for none. */
function edgeCoverage(edge: GraphEdge, coverage: MachineCoverage): string {
  const mine = coverage.transitions.filter(
    (t) => t.source === edge.source && (t.targets.includes(edge.target) || (t.targets.length === 0 && edge.target === edge.source)),
  );
  if (mine.length === 0) return "";
  const walked = mine.filter((t) => t.walked).length;
  return walked === mine.length ? "covered" : walked === 0 ? "uncovered" : "partial";
}

export interface GraphDrawing {
  readonly svg: string;
  /** Transitions declared on the machine's root node (taken from any state), listed rather than drawn. */
  readonly anyState: readonly { readonly text: string; readonly last: boolean }[];
}

export function drawGraph(layout: GraphLayout, actor: ActorInfo, last: TransitionInfo | undefined, coverage?: MachineCoverage): GraphDrawing {
  const active = new Set(actor.active);
  const reached = new Set(coverage?.reached ?? []);
  const stateCoverage = (id: string): string => (coverage === undefined || id === layout.rootId ? "" : reached.has(id) ? "covered" : "uncovered");
  const entered = new Set(last?.targets ?? []);
  const parts: string[] = [];
  for (const { node, box, compound } of layout.states) {
    const cls = ["state", compound ? "compound" : "leaf", active.has(node.id) ? "active" : "", entered.has(node.id) ? "entered" : "", node.final ? "final" : "", stateCoverage(node.id)]
      .filter(Boolean)
      .join(" ");
    const title = `<title>${esc(node.description ? `${node.key}: ${node.description}` : node.key)}</title>`;
    parts.push(
      `<g class="${cls}" data-state="${esc(node.id)}">${title}<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="6"/>` +
        `<text x="${box.x + PAD}" y="${box.y + (compound ? 16 : 17)}">${node.initial ? "▸ " : ""}${esc(node.key)}</text></g>`,
    );
  }
  const edges: string[] = [];
  const lastEdges: string[] = [];
  for (const { edge, points } of layout.edges) {
    const title = `<title>${esc(`${edge.source} → ${edge.target}\n${edge.events.join("\n")}`)}</title>`;
    const walk = coverage === undefined ? "" : ` ${edgeCoverage(edge, coverage)}`;
    if (isLast(edge, last)) {
      const [mx, my] = midpoint(points);
      lastEdges.push(
        `<g class="edge last${walk}">${title}<path d="${pathOf(points)}" marker-end="url(#arrow-last)"/>` +
          `<text class="edge-label" x="${mx}" y="${my - 4}">${esc(eventLabel(last?.eventType ?? ""))}</text></g>`,
      );
    } else {
      edges.push(`<g class="edge${walk}">${title}<path d="${pathOf(points)}" marker-end="url(#arrow)"/></g>`);
    }
  }
  const short = (id: string): string => (id === layout.rootId ? "(self)" : id.slice(layout.rootId.length + 1));
  const anyState = layout.rootEdges.map((e) => ({ text: `${e.events.join(", ")} → ${short(e.target)}`, last: isLast(e, last) }));
  const { width, height } = layout;
  const svg =
    `<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="arrowhead"/></marker>` +
    `<marker id="arrow-last" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="arrowhead-last"/></marker></defs>` +
    parts.join("") +
    edges.join("") +
    lastEdges.join("") +
    `</svg>`;
  return { svg, anyState };
}
