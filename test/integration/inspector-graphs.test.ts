// The inspector's pure pieces: machine graphs from xstate/graph, active-state ids, hook result summaries, key escapes.

import { describe, expect, it } from "vitest";
import { activeIds, dottedValue } from "../../inspector/actor-tree.js";
import { hookResultSummary } from "../../inspector/hook-result.js";
import { eventLabel } from "../../inspector/labels.js";
import { machineGraph } from "../../inspector/machine-graph.js";
import { unescapeKeys } from "../../inspector/public/keys.js";
import { LIVE_MACHINES, SPAWNED_MACHINES } from "../support/machines.js";
import { statusMachine } from "../../machines/status.js";

describe("inspector graphs and summaries", () => {
  it.each([...LIVE_MACHINES, ...SPAWNED_MACHINES])("draws the %s machine: one root, every edge between known nodes", (id, machine) => {
    const graph = machineGraph(machine);
    expect(graph.machineId).toBe(id);
    const ids = new Set(graph.nodes.map((n) => n.id));
    expect(graph.nodes.filter((n) => n.parent === null).map((n) => n.id)).toEqual([id]);
    // At least the root and one state (the wait-deadline machine has exactly one: its waits overlap freely).
    expect(graph.nodes.length).toBeGreaterThan(id === "waits" ? 1 : 2);
    for (const e of graph.edges) {
      expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
      expect(e.events.length).toBeGreaterThan(0);
    }
    // Merged: one edge per (source, target) pair.
    expect(new Set(graph.edges.map((e) => `${e.source}>${e.target}`)).size).toBe(graph.edges.length);
  });

  it("marks the status machine's initial and final states", () => {
    const graph = machineGraph(statusMachine);
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    expect(byId.get("status.starting")?.initial).toBe(true);
    expect(byId.get("status.torn_down")?.final).toBe(true);
    expect(graph.edges.find((e) => e.source === "status.running" && e.target === "status.ready")?.events).toContain("turn.ended");
  });

  it("turns state values into active node ids and dotted text", () => {
    expect(activeIds("status", { running: { boot: "held" } })).toEqual(["status.running", "status.running.boot", "status.running.boot.held"]);
    expect(activeIds("status", "ready")).toEqual(["status.ready"]);
    expect(dottedValue({ running: "turn" })).toBe("running.turn");
  });

  it("summarises hook results (C-APP-06)", () => {
    expect(hookResultSummary(false, undefined)).toBe("no decision");
    expect(hookResultSummary(false, { permissionDecision: "allow" })).toBe("allow");
    expect(hookResultSummary(false, { permissionDecision: "deny" })).toBe("deny");
    expect(hookResultSummary(false, { decision: "block", reason: "x" })).toBe("block");
    expect(hookResultSummary(false, { additionalContext: "more" })).toBe("context");
    expect(hookResultSummary(true, undefined)).toBe("error");
    expect(hookResultSummary(false, { suppressOutput: true })).toBe("other");
  });

  it("shortens generated event names and unescapes typed keys", () => {
    expect(eventLabel("xstate.after.readinessDeadline.status.running")).toBe("after readinessDeadline");
    expect(eventLabel("xstate.done.actor.submission")).toBe("done submission");
    expect(unescapeKeys("y\\r\\e[A\\x03\\\\")).toBe("y\r\x1b[A\x03\\");
  });
});
