// The agent-neutral session record: schema version 1's bytes, each agent's exact posture fields, unknown agents and fields refused.

import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { recordFor, recordProblem } from "../../effects/session-record-shape.js";
import { AGENT_KINDS, agentDefinition } from "../../src/agent-launch.js";
import { recordPostures } from "../../src/record-postures.js";

const CLAUDE_POSTURE = { permissionMode: "plan", allowedTools: ["Read"], disallowedTools: null, tools: null };

describe("session record shape", () => {
  it("writes the schema version 1 layout byte for byte (key order included)", () => {
    const claude = recordFor("s-1", "/w", { adapter: "claude", posture: CLAUDE_POSTURE }, "c0ffee", "/t.jsonl");
    expect(JSON.stringify(claude)).toBe(
      '{"schemaVersion":1,"elwoodSessionId":"s-1","cwd":"/w","adapter":"claude","resume":{"conversationId":"c0ffee","permissionMode":"plan","allowedTools":["Read"],"disallowedTools":null,"tools":null,"transcriptPath":"/t.jsonl"}}',
    );
    const codex = recordFor("s-2", "/w", { adapter: "codex", posture: { sandbox: "read-only", approvalPolicy: null } }, null);
    expect(JSON.stringify(codex)).toBe(
      '{"schemaVersion":1,"elwoodSessionId":"s-2","cwd":"/w","adapter":"codex","resume":{"conversationId":null,"sandbox":"read-only","approvalPolicy":null}}',
    );
    expect(recordProblem(claude, "s-1", recordPostures())).toBeUndefined();
    expect(recordProblem(codex, "s-2", recordPostures())).toBeUndefined();
  });

  it("every agent's launch plan seeds exactly the posture fields its record is read with", async () => {
    for (const kind of AGENT_KINDS) {
      const definition = agentDefinition(kind);
      const seed = definition.launchPlan(await definition.validateOptions({ cwd: tmpdir() })).recordSeed;
      expect(seed.adapter).toBe(definition.id);
      expect(Object.keys(seed.posture).sort()).toEqual([...definition.resumePosture.fields].sort());
    }
  });

  const base = recordFor("s-1", "/w", { adapter: "claude", posture: CLAUDE_POSTURE }, "c0ffee");
  const refused: ReadonlyArray<readonly [string, unknown, string]> = [
    ["an unknown agent", { ...base, adapter: "gemini" }, "names no known adapter"],
    ["a prototype key as agent", { ...base, adapter: "__proto__" }, "names no known adapter"],
    ["another agent's fields", { ...base, adapter: "codex" }, "does not hold exactly codex's resume fields"],
    ["a missing posture field", { ...base, resume: { conversationId: "c", permissionMode: null, allowedTools: null, disallowedTools: null } }, "does not hold exactly claude's resume fields"],
    ["a number as posture", { ...base, resume: { ...base.resume, permissionMode: 3 } }, "has a malformed permissionMode"],
    ["an empty word as posture", { ...base, resume: { ...base.resume, permissionMode: "" } }, "has a malformed permissionMode"],
    ["a list holding a number", { ...base, resume: { ...base.resume, tools: ["Read", 1] } }, "has a malformed tools"],
  ];
  for (const [what, value, problem] of refused) {
    it(`refuses a record with ${what}`, () => {
      expect(recordProblem(value, "s-1", recordPostures())).toBe(problem);
    });
  }
});
