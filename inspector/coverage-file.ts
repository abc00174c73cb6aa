// Reads the model-coverage report a test run wrote (machines' states reached, transitions walked) for the
// inspector's coverage toggle; a missing or malformed file means no coverage is shown, never a failure.

import { readFile } from "node:fs/promises";
import type { MachineCoverage } from "./protocol.js";

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

function machineOf(raw: unknown): MachineCoverage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const m = raw as { machineId?: unknown; states?: unknown; transitions?: unknown };
  if (typeof m.machineId !== "string" || !Array.isArray(m.states) || !Array.isArray(m.transitions)) return undefined;
  const reached = m.states.flatMap((s: { id?: unknown; reached?: unknown }) => (typeof s?.id === "string" && s.reached === true ? [s.id] : []));
  const transitions = m.transitions.flatMap((t: { source?: unknown; targets?: unknown; walked?: unknown }) =>
    typeof t?.source === "string" && isStrings(t.targets) ? [{ source: t.source, targets: t.targets, walked: t.walked === true }] : [],
  );
  return { machineId: m.machineId, reached, transitions };
}

export async function readCoverageReport(path: string): Promise<MachineCoverage[] | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, "utf8")) as { machines?: unknown };
    if (!Array.isArray(parsed.machines)) return undefined;
    return parsed.machines.flatMap((m) => machineOf(m) ?? []);
  } catch {
    return undefined;
  }
}
