// `elwood serve` answers every stable library error code with a status by its meaning: the table covers each code the
// library declares in src/contracts/errors.ts, and none of them is a 500 (a 500 means a bug of the server).

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ELWOOD_ERROR_STATUS } from "../../cli/serve/error-status.js";
import { asProblem } from "../../cli/serve/problem.js";
import { ElwoodError } from "../../src/index.js";

/** The codes as src/contracts/errors.ts declares them: the keys of `interface ElwoodErrorDetailsByCode`. */
function declaredCodes(): string[] {
  const source = readFileSync(new URL("../../src/contracts/errors.ts", import.meta.url), "utf8");
  const start = source.indexOf("export interface ElwoodErrorDetailsByCode {");
  expect(start).toBeGreaterThan(-1);
  let depth = 0;
  let end = start;
  for (let i = source.indexOf("{", start); i < source.length; i += 1) {
    if (source[i] === "{") depth += 1;
    else if (source[i] === "}" && --depth === 0) {
      end = i;
      break;
    }
  }
  const body = source.slice(source.indexOf("{", start) + 1, end);
  // Top-level members only: `readonly <code>:` at the interface's own indentation.
  return [...body.matchAll(/^ {2}readonly ([a-z_]+):/gm)].map((m) => m[1] as string);
}

describe("elwood serve: library error codes as HTTP statuses (issue 38)", () => {
  it("every code in src/contracts/errors.ts has a status, none is a 500, and the table names no other code", () => {
    const codes = declaredCodes();
    expect(codes.length).toBeGreaterThan(40);
    expect(Object.keys(ELWOOD_ERROR_STATUS).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const status = ELWOOD_ERROR_STATUS[code as keyof typeof ELWOOD_ERROR_STATUS];
      expect([code, status >= 400 && status <= 599 && status !== 500]).toEqual([code, true]);
    }
  });

  it("a thrown ElwoodError becomes a problem with its code and the table's status; anything else is a 500 naming no internals", () => {
    expect(asProblem(new ElwoodError("codex_not_found", "codex is not installed", { executable: "codex", shell: "/bin/sh", exitCode: 127, stderr: "" }))).toMatchObject({ status: 422, code: "codex_not_found" });
    expect(asProblem(new ElwoodError("claude_invalid_reasoning_effort", "bad effort", { validValues: ["low"] }))).toMatchObject({ status: 400, code: "claude_invalid_reasoning_effort" });
    expect(asProblem(new ElwoodError("model_automation_failed", "picker"))).toMatchObject({ status: 503, code: "model_automation_failed" });
    expect(asProblem(new Error("secret"))).toMatchObject({ status: 500, code: "internal_error" });
  });
});
