// Issue 33 §1–2: every registered agent definition is whole and consistent, and the generic path reaches it by id;
// the simulated agent (test/sim/agent/), registered here, is held to the same checks.

import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { agentDefinitions } from "../../adapters/registry.js";
import { AGENT_KINDS, agentDefinition } from "../../src/agent-launch.js";
import { agentInfo, agentInfos } from "../../src/agent-registry.js";
import { agentErrorFields } from "../../src/contracts/errors.js";
import { registerSimAgent } from "../sim/agent/register.js";

// Before the table below is built: the simulated agent's definition must pass what every shipped one passes.
registerSimAgent();

describe.each(agentDefinitions().map((d) => [d.id, d] as const))("agent definition %s", (id, d) => {
  it("has an id that reads back from its error codes, and its adapter is its own", () => {
    expect(id).toMatch(/^[a-z][a-z0-9]*$/);
    expect(d.adapter.kind).toBe(id);
    expect(agentErrorFields(`${id}_not_found`)).toEqual({ agent: id, category: "not_found" });
    expect(agentErrorFields(`${id}_invalid_reasoning_effort`)).toEqual({ agent: id, category: "invalid_reasoning_effort" });
  });

  it("names its executable, install hint and verified versions; its efforts (none for an agent without the option) are distinct words", () => {
    expect(d.executable).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(d.installHint).not.toBe("");
    expect(d.verifiedVersions.length).toBeGreaterThan(0);
    expect(new Set(d.reasoningEfforts).size).toBe(d.reasoningEfforts.length);
    for (const effort of d.reasoningEfforts) expect(effort).toMatch(/^[a-z]+$/);
  });

  it("offers postures whose defaults are among their values", () => {
    for (const p of d.postures) {
      expect(p.values).toContain(p.commandDefault);
      expect(p.values).toContain(p.highTrust);
      expect(d.resumePosture.fields).toContain(p.option);
    }
  });

  it("claims login exactly when its adapter has a login profile", () => {
    expect(d.capabilities.login).toBe(d.adapter.login !== undefined);
  });

  it("launches as itself: its plan carries its adapter, executable, start-failure code and record posture fields", async () => {
    const plan = d.launchPlan(await d.validateOptions({ cwd: tmpdir() }));
    expect(plan.adapter).toBe(d.adapter);
    expect(plan.defaultExecutable).toBe(d.executable);
    expect(plan.startFailedCode).toBe(`${id}_start_failed`);
    expect(plan.recordSeed.adapter).toBe(id);
    expect(Object.keys(plan.recordSeed.posture).sort()).toEqual([...d.resumePosture.fields].sort());
  });

  it("gives a person's interactive argv, naming the conversation only when it resumes one", () => {
    const launch = { cwd: "/work/dir", model: undefined, effort: undefined, posture: {}, conversation: undefined };
    expect(d.interactiveArgs({ ...launch, conversation: "conv-1" })).toContain("conv-1");
    expect(d.interactiveArgs(launch)).not.toContain("conv-1");
  });

  it("is what the generic path and the faces' data give for its id", () => {
    expect(agentDefinition(id)).toBe(d);
    expect(agentInfo(id)).toMatchObject({ kind: id, displayName: d.displayName, executable: d.executable, postures: d.postures });
  });
});

describe("the registry", () => {
  it("lists each agent once, in detection order, with distinct executables", () => {
    expect(new Set(AGENT_KINDS).size).toBe(AGENT_KINDS.length);
    const definitions = agentDefinitions();
    expect(definitions.map((d) => d.id)).toContain("sim");
    expect(new Set(definitions.map((d) => d.executable)).size).toBe(definitions.length);
    const order = definitions.map((d) => d.detectionOrder);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(agentInfos().map((i) => i.kind)).toEqual(AGENT_KINDS);
  });

  it("refuses an unknown id as invalid_argument naming the known ones", () => {
    expect(() => agentDefinition("gemini" as never)).toThrow(expect.objectContaining({ code: "invalid_argument", details: expect.objectContaining({ validValues: [...AGENT_KINDS] }) }));
  });
});
