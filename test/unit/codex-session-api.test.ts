// Type-level and export checks: ClaudeAgentSession and CodexAgentSession both satisfy AgentSession, which has no login (C-API-43).
import { describe, expect, expectTypeOf, it } from "vitest";
import * as elwood from "../../src/index.js";
import type { AgentSession, ClaudeAgentSession, CodexAgentSession } from "../../src/index.js";

describe("AgentSession", () => {
  it("C-API-43 both concrete sessions are assignable to the common type; login is not part of it", () => {
    expectTypeOf<ClaudeAgentSession>().toMatchTypeOf<AgentSession>();
    expectTypeOf<CodexAgentSession>().toMatchTypeOf<AgentSession>();
    expectTypeOf<AgentSession>().not.toHaveProperty("login");
    expectTypeOf<CodexAgentSession>().toHaveProperty("codexSessionId");
  });

  it("the package entry exports startCodex next to startClaude", () => {
    expect(typeof elwood.startCodex).toBe("function");
    expect(typeof elwood.startClaude).toBe("function");
  });
});
