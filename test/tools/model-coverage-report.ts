// The model-coverage stage of `npm test`: merges the hits the model tests recorded, measures them against each
// machine's own graph, writes the report the inspector's coverage toggle reads, prints one table, and fails when
// a machine's transitions fall below 100 % except for those the exclusion file lists with a reason.
// Usage: node --import tsx test/tools/model-coverage-report.ts

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildCoverageReport, formatCoverageTable, type CoverageExclusion } from "../support/coverage-report.js";
import { graphItems } from "../support/machine-graph-items.js";
import { ALL_MACHINES } from "../support/machines.js";
import { HITS_DIR, REPORT_FILE, type HitsFile } from "../support/model-coverage-files.js";

const EXCLUSIONS_FILE = join(import.meta.dirname, "..", "model", "coverage-exclusions.json");

const hitsFiles = existsSync(HITS_DIR) ? readdirSync(HITS_DIR).filter((f) => f.endsWith(".json")) : [];
if (hitsFiles.length === 0) {
  console.error(`no model-test hits in ${HITS_DIR}: run the model tests first (npx vitest run test/model/)`);
  process.exit(1);
}
const hits = hitsFiles.map((f) => JSON.parse(readFileSync(join(HITS_DIR, f), "utf8")) as HitsFile);
const exclusions = JSON.parse(readFileSync(EXCLUSIONS_FILE, "utf8")) as CoverageExclusion[];
const report = buildCoverageReport(
  ALL_MACHINES.map(([, machine]) => graphItems(machine)),
  hits,
  exclusions,
);
writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 1)}\n`);
console.log(formatCoverageTable(report));
console.log(`report: ${REPORT_FILE}`);
for (const problem of report.problems) console.error(`  ✗ ${problem}`);
process.exit(report.problems.length === 0 ? 0 : 1);
