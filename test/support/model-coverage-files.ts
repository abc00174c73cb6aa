// Where the model tests' coverage hits and the merged coverage report live (git-ignored), and the hits file shape.

import { join } from "node:path";

/** ELWOOD_MODEL_COVERAGE_DIR moves it; `npm run demo` hands the report to the inspector when it exists. */
export const MODEL_COVERAGE_DIR = process.env["ELWOOD_MODEL_COVERAGE_DIR"] ?? join(import.meta.dirname, "..", "..", ".artifacts", "model-coverage");
/** One hits file per model test file, rewritten each time that file runs. */
export const HITS_DIR = join(MODEL_COVERAGE_DIR, "hits");
export const REPORT_FILE = join(MODEL_COVERAGE_DIR, "coverage-report.json");

export interface MachineHits {
  readonly states: string[];
  readonly transitions: string[];
}
/** Machine id → what its live actors reached and walked. */
export type HitsFile = Readonly<Record<string, MachineHits>>;
