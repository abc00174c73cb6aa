// Type-level and export checks: ClaudeAgentSession and CodexAgentSession both satisfy ElwoodAgentSession, which has no login (C-API-43).
import { describe, expect, expectTypeOf, it } from "vitest";
import * as elwood from "../../src/index.js";
import type { ClaudeAgentSession, CodexAgentSession, ElwoodAgentSession } from "../../src/index.js";

describe("ElwoodAgentSession", () => {
  it("C-API-43 both concrete sessions are assignable to the common type; login is not part of it", () => {
    expectTypeOf<ClaudeAgentSession>().toMatchTypeOf<ElwoodAgentSession>();
    expectTypeOf<CodexAgentSession>().toMatchTypeOf<ElwoodAgentSession>();
    expectTypeOf<ElwoodAgentSession>().not.toHaveProperty("login");
    expectTypeOf<CodexAgentSession>().toHaveProperty("codexSessionId");
  });

  it("the package entry exports startCodex and CodexAgentSession next to the Claude ones", () => {
    expect(typeof elwood.startCodex).toBe("function");
    expect(typeof elwood.CodexAgentSession).toBe("function");
    expect(typeof elwood.startClaude).toBe("function");
  });
});
