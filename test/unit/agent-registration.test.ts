// A definition registered at run time (adapters/registry.ts, internal; the tests' simulated agent) is read wherever the
// registry is read when used: the generic path, the faces' data, the record postures and the nesting markers.

import { describe, expect, it } from "vitest";
import { agentDefinitions, registerAgentDefinition } from "../../adapters/registry.js";
import { agentDefinition } from "../../src/agent-launch.js";
import { AGENT_KINDS, agentInfo, agentInfos } from "../../src/agent-registry.js";
import type { AgentKind } from "../../src/contracts/agent-kinds.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { nestingEnv } from "../../src/nesting-env.js";
import { recordPostures } from "../../src/record-postures.js";
import { simAgent } from "../sim/agent/index.js";
import { registerSimAgent } from "../sim/agent/register.js";

const refusal = (f: () => void): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("registering an agent definition (issue 33: the simulated CLI as an agent of its own)", () => {
  it("the shipped registry holds only the folders' agents until a test registers one", () => {
    expect(AGENT_KINDS).toEqual(["claude", "codex", "qwen"]);
    expect(refusal(() => agentDefinition(simAgent.id))).toMatchObject({ code: "invalid_argument" });
    expect(recordPostures().has("sim")).toBe(false);
  });

  it("a registered agent is known by id, in detection order, to the generic path, the faces' data and the record reader", () => {
    const before = nestingEnv();
    registerSimAgent();
    expect(agentDefinition(simAgent.id)).toBe(simAgent);
    expect(AGENT_KINDS).toEqual(["claude", "codex", "qwen", "sim"]);
    expect(agentInfos().map((i) => i.kind)).toEqual(AGENT_KINDS);
    expect(agentInfo(simAgent.id)).toMatchObject({ kind: "sim", displayName: "Simulated agent", executable: "sim-agent.mjs", recordedPosture: [] });
    expect(recordPostures().get("sim")).toEqual([]);
    expect(nestingEnv()).toEqual(before);
    // A definition placed earlier in detection order goes before the ones it precedes, and its markers count at once.
    const early = { ...simAgent, id: "simearly" as string as AgentKind, detectionOrder: 15, executable: "sim-early", nestingEnv: ["SIM_EARLY_*"] };
    registerAgentDefinition(early);
    expect(AGENT_KINDS).toEqual(["claude", "simearly", "codex", "qwen", "sim"]);
    expect(agentDefinitions().map((d) => d.id)).toEqual(AGENT_KINDS);
    expect([...nestingEnv()].sort()).toEqual([...before, "SIM_EARLY_*"].sort());
  });

  it("refuses an id already registered, and one that would not read back from its error codes, as invalid_argument", () => {
    registerSimAgent();
    const duplicate = refusal(() => registerAgentDefinition(simAgent));
    expect(isElwoodError(duplicate, "invalid_argument") && duplicate.details).toEqual({ option: "id" });
    const shipped = agentDefinition(AGENT_KINDS[0] as AgentKind);
    expect(refusal(() => registerAgentDefinition(shipped))).toMatchObject({ code: "invalid_argument" });
    for (const id of ["sim_two", "Sim", "", "2sim"]) {
      expect(refusal(() => registerAgentDefinition({ ...simAgent, id: id as string as AgentKind })), id).toMatchObject({ code: "invalid_argument" });
    }
    expect(agentDefinitions().filter((d) => d.id === simAgent.id)).toHaveLength(1);
  });
});
