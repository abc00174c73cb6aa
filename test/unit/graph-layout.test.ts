// The inspector's ELK layout of every machine (issue 15 §5): no two state boxes overlap, each state sits inside its
// parent's box, and every drawn transition gets a routed path. Runs elkjs in Node, the same code the page bundles.

import { describe, expect, it } from "vitest";
import { machineGraph } from "../../inspector/machine-graph.js";
import { layoutGraph, type PlacedState } from "../../inspector/public/graph-layout.js";
import { LIVE_MACHINES, SPAWNED_MACHINES, TRANSACTION_MACHINES } from "../support/machines.js";

const nested = (a: string, b: string): boolean => a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
const overlap = (a: PlacedState, b: PlacedState): boolean =>
  a.box.x < b.box.x + b.box.w && b.box.x < a.box.x + a.box.w && a.box.y < b.box.y + b.box.h && b.box.y < a.box.y + a.box.h;

describe("inspector graph layout (issue 15 §5)", () => {
  it.each([...LIVE_MACHINES, ...TRANSACTION_MACHINES, ...SPAWNED_MACHINES])("lays out the %s machine with no overlapping states, children inside parents, every edge routed", async (_id, machine) => {
    const graph = machineGraph(machine);
    const layout = await layoutGraph(graph);
    expect(layout.states.length).toBe(graph.nodes.length - 1);
    const overlaps = layout.states.flatMap((a, i) =>
      layout.states.slice(i + 1).flatMap((b) => (!nested(a.node.id, b.node.id) && overlap(a, b) ? [`${a.node.id} × ${b.node.id}`] : [])),
    );
    expect(overlaps).toEqual([]);
    const byId = new Map(layout.states.map((s) => [s.node.id, s]));
    for (const s of layout.states) {
      const parent = s.node.parent === null ? undefined : byId.get(s.node.parent);
      if (!parent) continue;
      const inside = s.box.x >= parent.box.x && s.box.y >= parent.box.y && s.box.x + s.box.w <= parent.box.x + parent.box.w && s.box.y + s.box.h <= parent.box.y + parent.box.h;
      expect(inside, `${s.node.id} inside ${parent.node.id}`).toBe(true);
    }
    const drawable = graph.edges.filter((e) => e.source !== layout.rootId && e.target !== layout.rootId);
    expect(layout.edges.length).toBe(drawable.length);
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    expect(layout.width).toBeGreaterThan(0);
  }, 60_000);
});
