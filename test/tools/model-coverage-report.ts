// The model-coverage stage of `npm test`: merges the hits the model tests recorded, measures them against each
// machine's own graph, writes the report the inspector's coverage toggle reads, prints one table, and fails when
// a machine's transitions fall below 100 % except for those the exclusion file lists with a reason.
// Machines still being covered are listed in coverage-floor.json with the number of transitions their tests walk
// today: for them the stage fails only when that number drops (a ratchet), and prints what is still unwalked.
// Usage: node --import tsx test/tools/model-coverage-report.ts

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildCoverageReport, formatCoverageTable, type CoverageExclusion, type CoverageFloor } from "../support/coverage-report.js";
import { graphItems } from "../support/machine-graph-items.js";
import { ALL_MACHINES } from "../support/machines.js";
import { HITS_DIR, REPORT_FILE, type HitsFile } from "../support/model-coverage-files.js";

const EXCLUSIONS_FILE = join(import.meta.dirname, "..", "model", "coverage-exclusions.json");
const FLOOR_FILE = join(import.meta.dirname, "..", "model", "coverage-floor.json");

const hitsFiles = existsSync(HITS_DIR) ? readdirSync(HITS_DIR).filter((f) => f.endsWith(".json")) : [];
if (hitsFiles.length === 0) {
  console.error(`no model-test hits in ${HITS_DIR}: run the model tests first (npx vitest run test/model/)`);
  process.exit(1);
}
const hits = hitsFiles.map((f) => JSON.parse(readFileSync(join(HITS_DIR, f), "utf8")) as HitsFile);
const exclusions = JSON.parse(readFileSync(EXCLUSIONS_FILE, "utf8")) as CoverageExclusion[];
const floor = (existsSync(FLOOR_FILE) ? JSON.parse(readFileSync(FLOOR_FILE, "utf8")) : {}) as CoverageFloor;
const report = buildCoverageReport(
  ALL_MACHINES.map(([, machine]) => graphItems(machine)),
  hits,
  exclusions,
  floor,
);
writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 1)}\n`);
console.log(formatCoverageTable(report));
console.log(`report: ${REPORT_FILE}`);
for (const m of report.machines) {
  const floorHere = floor[m.machineId];
  if (floorHere !== undefined && m.transitionsWalked > floorHere) console.log(`  ${m.machineId}: ${m.transitionsWalked} walked, above its floor of ${floorHere}: raise the floor`);
}
const open = report.machines.reduce((n, m) => n + m.transitionsOpen, 0);
if (open > 0) console.log(`  ${open} transitions of the machines in coverage-floor.json are not walked yet (see the report)`);
for (const problem of report.problems) console.error(`  ✗ ${problem}`);
process.exit(report.problems.length === 0 ? 0 : 1);
