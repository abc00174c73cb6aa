// Draws one machine's transition graph as SVG: states as nested boxes, merged transitions as arrows, with the
// actor's current state and its last transition highlighted.

import type { ActorInfo, GraphEdge, GraphNode, MachineGraph, TransitionInfo } from "../protocol.js";
import { eventLabel } from "../labels.js";
import { esc } from "./dom.js";

const CHAR_W = 7.2;
const LEAF_H = 26;
const HEAD_H = 20;
const PAD = 10;
const GAP = 26;

interface Box {
  readonly node: GraphNode;
  x: number;
  y: number;
  w: number;
  h: number;
  readonly kids: Box[];
}

function measure(node: GraphNode, children: Map<string, GraphNode[]>, maxRowW: number): Box {
  const kids = (children.get(node.id) ?? []).map((c) => measure(c, children, maxRowW - 2 * PAD));
  const labelW = node.key.length * CHAR_W + 2 * PAD;
  if (kids.length === 0) return { node, x: 0, y: 0, w: Math.max(64, labelW), h: LEAF_H, kids };
  // Flow layout: children left to right, wrapping into rows.
  let x = PAD;
  let y = HEAD_H;
  let rowH = 0;
  let w = labelW;
  for (const [i, k] of kids.entries()) {
    // Final states get a row of their own at the bottom: the lifecycle ends read apart from the live states.
    const firstFinal = k.node.final && !(kids[i - 1]?.node.final ?? false);
    if (x > PAD && (x + k.w > maxRowW || firstFinal)) {
      x = PAD;
      y += rowH + GAP;
      rowH = 0;
    }
    k.x = x;
    k.y = y;
    x += k.w + GAP;
    rowH = Math.max(rowH, k.h);
    w = Math.max(w, x - GAP + PAD);
  }
  return { node, x: 0, y: 0, w, h: y + rowH + PAD, kids };
}

function place(box: Box, dx: number, dy: number, out: Map<string, Box>): void {
  box.x += dx;
  box.y += dy;
  out.set(box.node.id, box);
  for (const k of box.kids) place(k, box.x, box.y, out);
}

/** Where the segment from the box's centre towards (tx, ty) leaves the box. */
function border(b: Box, tx: number, ty: number): [number, number] {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const scale = 1 / Math.max(Math.abs(dx) / (b.w / 2), Math.abs(dy) / (b.h / 2));
  return [cx + dx * scale, cy + dy * scale];
}

const isAncestor = (a: string, b: string): boolean => b.startsWith(`${a}.`);

function edgePath(s: Box, t: Box, bend: number): { d: string; mx: number; my: number } {
  if (s === t) {
    const x = s.x + s.w - 12;
    const y = s.y;
    return { d: `M${x},${y} C${x - 4},${y - 22} ${x + 26},${y - 18} ${s.x + s.w},${y + 8}`, mx: x + 8, my: y - 16 };
  }
  // A compound state's own transition to a state inside it (or out to an enclosing one) starts at its header.
  const anchor = (b: Box, other: Box): [number, number] =>
    isAncestor(b.node.id, other.node.id) ? [b.x + b.w - PAD, b.y + HEAD_H / 2] : border(b, other.x + other.w / 2, other.y + other.h / 2);
  const [x1, y1] = anchor(s, t);
  const [x2, y2] = isAncestor(t.node.id, s.node.id) ? [t.x + PAD, t.y + HEAD_H / 2] : border(t, x1, y1);
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const cx = mx + (-(y2 - y1) / len) * bend;
  const cy = my + ((x2 - x1) / len) * bend;
  return { d: `M${x1},${y1} Q${cx},${cy} ${x2},${y2}`, mx: (mx + cx) / 2, my: (my + cy) / 2 };
}

function isLast(edge: GraphEdge, last: TransitionInfo | undefined): boolean {
  if (!last || edge.source !== last.source) return false;
  return last.targets.length === 0 ? edge.target === edge.source : last.targets.includes(edge.target);
}

export interface GraphDrawing {
  readonly svg: string;
  /** Transitions declared on the machine's root node (taken from any state), listed rather than drawn. */
  readonly anyState: readonly { readonly text: string; readonly last: boolean }[];
}

/** `maxWidth` is the room the drawing has; boxes wrap into rows to stay inside it. */
export function drawGraph(graph: MachineGraph, actor: ActorInfo, last: TransitionInfo | undefined, maxWidth: number): GraphDrawing {
  const children = new Map<string, GraphNode[]>();
  let root: GraphNode | undefined;
  for (const n of graph.nodes) {
    if (n.parent === null) root = n;
    else children.set(n.parent, [...(children.get(n.parent) ?? []), n]);
  }
  if (!root) return { svg: "", anyState: [] };
  const top = measure(root, children, Math.max(240, maxWidth - 30));
  const boxes = new Map<string, Box>();
  place(top, 0, 28, boxes); // room above for self-loops
  boxes.delete(root.id);
  const active = new Set(actor.active);
  const entered = new Set(last?.targets ?? []);
  const parts: string[] = [];
  for (const b of boxes.values()) {
    const compound = b.kids.length > 0;
    const cls = ["state", compound ? "compound" : "leaf", active.has(b.node.id) ? "active" : "", entered.has(b.node.id) ? "entered" : "", b.node.final ? "final" : ""]
      .filter(Boolean)
      .join(" ");
    parts.push(
      `<g class="${cls}" data-state="${esc(b.node.id)}"><rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="6"/>` +
        `<text x="${b.x + PAD}" y="${b.y + (compound ? 14 : 17)}">${b.node.initial ? "▸ " : ""}${esc(b.node.key)}</text></g>`,
    );
  }
  const pairs = new Set(graph.edges.map((e) => `${e.source}>${e.target}`));
  const edges: string[] = [];
  const lastEdges: string[] = [];
  const anyState: { text: string; last: boolean }[] = [];
  for (const e of graph.edges) {
    const hot = isLast(e, last);
    if (e.source === root.id) {
      anyState.push({ text: `${e.events.join(", ")} → ${e.target === root.id ? "(self)" : e.target.slice(root.id.length + 1)}`, last: hot });
      continue;
    }
    const s = boxes.get(e.source);
    const t = boxes.get(e.target);
    if (!s || !t) continue;
    const bend = pairs.has(`${e.target}>${e.source}`) ? 14 : 6;
    const { d, mx, my } = edgePath(s, t, bend);
    const title = `<title>${esc(`${e.source} → ${e.target}\n${e.events.join("\n")}`)}</title>`;
    if (hot) {
      const label = esc(eventLabel(last?.eventType ?? ""));
      lastEdges.push(
        `<g class="edge last">${title}<path d="${d}" marker-end="url(#arrow-last)"/>` +
          `<text class="edge-label" x="${mx}" y="${my - 4}">${label}</text></g>`,
      );
    } else {
      edges.push(`<g class="edge">${title}<path d="${d}" marker-end="url(#arrow)"/></g>`);
    }
  }
  const width = top.w + 30;
  const height = top.h + 34;
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
