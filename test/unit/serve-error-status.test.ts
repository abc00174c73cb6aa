// `elwood serve` answers every stable library error code with a status by its meaning. The table's type makes a code
// without a status a compile error; an agent's own codes take their category's status, so every agent is covered.

import { describe, expect, it } from "vitest";
import { AGENT_CATEGORY_STATUS, ELWOOD_ERROR_STATUS, elwoodErrorStatus } from "../../cli/serve/error-status.js";
import { asProblem } from "../../cli/serve/problem.js";
import { AGENT_ERROR_CATEGORIES, AGENT_KINDS, ElwoodError } from "../../src/index.js";

const allowed = (status: number): boolean => status >= 400 && status <= 599 && status !== 500;

describe("elwood serve: library error codes as HTTP statuses (issue 38)", () => {
  it("issue 38: every code in the table and every agent's own code has a 4xx/503/504 status, none a 500; an unknown code is a 500", () => {
    const agentCodes = AGENT_KINDS.flatMap((agent) => AGENT_ERROR_CATEGORIES.map((category) => `${agent}_${category}`));
    const statuses = [...Object.keys(ELWOOD_ERROR_STATUS), ...agentCodes].map((code) => [code, elwoodErrorStatus(code)] as const);
    expect(statuses.filter(([, status]) => !allowed(status))).toEqual([]);
    expect(elwoodErrorStatus("codex_not_found")).toBe(AGENT_CATEGORY_STATUS.not_found);
    expect(elwoodErrorStatus("claude_start_failed")).toBe(503);
    expect(elwoodErrorStatus("no_such_code")).toBe(500);
  });

  it("a thrown ElwoodError becomes a problem with its code and the table's status; anything else is a 500 naming no internals", () => {
    expect(asProblem(new ElwoodError("codex_not_found", "codex is not installed", { executable: "codex", shell: "/bin/sh", exitCode: 127, stderr: "" }))).toMatchObject({ status: 422, code: "codex_not_found" });
    expect(asProblem(new ElwoodError("claude_invalid_reasoning_effort", "bad effort", { validValues: ["low"] }))).toMatchObject({ status: 400, code: "claude_invalid_reasoning_effort" });
    expect(asProblem(new ElwoodError("model_automation_failed", "picker"))).toMatchObject({ status: 503, code: "model_automation_failed" });
    expect(asProblem(new ElwoodError("capability_unsupported", "no images here", { agentId: "qwen", capability: "images" }))).toMatchObject({ status: 422, code: "capability_unsupported" });
    expect(asProblem(new Error("secret"))).toMatchObject({ status: 500, code: "internal_error" });
  });
});
