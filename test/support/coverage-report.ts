// Model coverage as data: which of each machine's graph states and transitions the model tests walked, what is
// excluded (with its reason), and what falls short. Shared by the report stage and its unit test.

import type { GraphItems, GraphTransition } from "./machine-graph-items.js";
import type { HitsFile } from "./model-coverage-files.js";

/** One transition the model tests are allowed not to walk, and why no test can reach it. */
export interface CoverageExclusion {
  readonly machine: string;
  readonly transition: string;
  readonly reason: string;
}

export interface TransitionCoverage extends GraphTransition {
  readonly walked: boolean;
  readonly excluded?: string;
}

export interface MachineCoverage {
  readonly machineId: string;
  readonly states: readonly { readonly id: string; readonly reached: boolean }[];
  readonly transitions: readonly TransitionCoverage[];
  readonly statesReached: number;
  readonly transitionsWalked: number;
  readonly transitionsExcluded: number;
  /** Walked by no test and not excluded, tolerated because the machine is below 100 % on its floor. */
  readonly transitionsOpen: number;
}

/**
 * Machines not yet fully walked, with how many transitions their tests walk today: for them an unwalked
 * transition is open rather than a failure, and only a walked count below the floor fails (a ratchet).
 */
export type CoverageFloor = Readonly<Record<string, number>>;

export interface CoverageReport {
  readonly generatedAt: string;
  readonly machines: readonly MachineCoverage[];
  /** Why the stage fails: a transition neither walked nor excluded, or an exclusion that is stale. */
  readonly problems: readonly string[];
}

export function buildCoverageReport(
  graphs: readonly GraphItems[],
  hits: readonly HitsFile[],
  exclusions: readonly CoverageExclusion[],
  floor: CoverageFloor = {},
): CoverageReport {
  const problems: string[] = [];
  const machines = graphs.map((graph): MachineCoverage => {
    const reached = new Set(hits.flatMap((h) => h[graph.machineId]?.states ?? []));
    const walked = new Set(hits.flatMap((h) => h[graph.machineId]?.transitions ?? []));
    const excludedHere = new Map(exclusions.filter((e) => e.machine === graph.machineId).map((e) => [e.transition, e.reason]));
    const transitions = graph.transitions.map((t): TransitionCoverage => {
      const reason = excludedHere.get(t.key);
      return { ...t, walked: walked.has(t.key), ...(reason === undefined ? {} : { excluded: reason }) };
    });
    const floorHere = floor[graph.machineId];
    for (const t of transitions) {
      if (t.walked && t.excluded !== undefined) problems.push(`${graph.machineId}: ${t.key} is excluded but a test walks it (drop the exclusion)`);
      if (!t.walked && t.excluded === undefined && floorHere === undefined) problems.push(`${graph.machineId}: ${t.key} (guard ${t.guard}) is walked by no model test`);
    }
    const walkedCount = transitions.filter((t) => t.walked).length;
    const open = transitions.filter((t) => !t.walked && t.excluded === undefined).length;
    if (floorHere !== undefined && walkedCount < floorHere) problems.push(`${graph.machineId}: ${walkedCount} transitions walked, below its floor of ${floorHere}`);
    if (floorHere !== undefined && open === 0) problems.push(`${graph.machineId}: fully covered: drop it from the coverage floor`);
    for (const key of excludedHere.keys()) {
      if (!graph.transitions.some((t) => t.key === key)) problems.push(`${graph.machineId}: exclusion ${key} names no transition of the graph`);
    }
    const states = graph.states.map((id) => ({ id, reached: reached.has(id) }));
    return {
      machineId: graph.machineId,
      states,
      transitions,
      statesReached: states.filter((s) => s.reached).length,
      transitionsWalked: walkedCount,
      transitionsExcluded: transitions.filter((t) => !t.walked && t.excluded !== undefined).length,
      transitionsOpen: floorHere === undefined ? 0 : open,
    };
  });
  for (const machineId of Object.keys(floor)) {
    if (!graphs.some((g) => g.machineId === machineId)) problems.push(`coverage floor for unknown machine ${machineId}`);
  }
  for (const e of exclusions) {
    if (!graphs.some((g) => g.machineId === e.machine)) problems.push(`exclusion for unknown machine ${e.machine}`);
    if (e.reason.trim().length < 10) problems.push(`${e.machine}: exclusion ${e.transition} needs a reason`);
  }
  return { generatedAt: new Date().toISOString(), machines, problems };
}

const pct = (n: number, total: number): string => (total === 0 ? "100" : ((100 * n) / total).toFixed(0)).padStart(3);

/** The one table `npm test` prints: machine · states n/N · transitions n/N (and how many are excluded). */
export function formatCoverageTable(report: CoverageReport): string {
  const rows = report.machines.map((m) => {
    const states = `${m.statesReached}/${m.states.length}`;
    const transitions = `${m.transitionsWalked}/${m.transitions.length}`;
    const excluded = m.transitionsExcluded > 0 ? ` (+${m.transitionsExcluded} excluded)` : "";
    return `  ${m.machineId.padEnd(14)} states ${states.padStart(7)} ${pct(m.statesReached, m.states.length)} %   transitions ${transitions.padStart(7)} ${pct(m.transitionsWalked, m.transitions.length)} %${excluded}`;
  });
  const sum = (f: (m: MachineCoverage) => number): number => report.machines.reduce((a, m) => a + f(m), 0);
  const total = `  ${"all".padEnd(14)} states ${`${sum((m) => m.statesReached)}/${sum((m) => m.states.length)}`.padStart(7)}       transitions ${`${sum((m) => m.transitionsWalked)}/${sum((m) => m.transitions.length)}`.padStart(7)}`;
  return ["Model coverage (machine · states reached · transitions walked, event × source × guard branch)", ...rows, total].join("\n");
}
