// Type-level and export checks: ClaudeSession and CodexSession both satisfy ElwoodAgentSession, which has no login (C-API-43).
import { describe, expect, expectTypeOf, it } from "vitest";
import * as elwood from "../../src/index.js";
import type { ClaudeSession, CodexSession, ElwoodAgentSession } from "../../src/index.js";

describe("ElwoodAgentSession", () => {
  it("C-API-43 both concrete sessions are assignable to the common type; login is not part of it", () => {
    expectTypeOf<ClaudeSession>().toMatchTypeOf<ElwoodAgentSession>();
    expectTypeOf<CodexSession>().toMatchTypeOf<ElwoodAgentSession>();
    expectTypeOf<ElwoodAgentSession>().not.toHaveProperty("login");
    expectTypeOf<CodexSession>().toHaveProperty("codexSessionId");
  });

  it("the package entry exports startCodex and CodexSession next to the Claude ones", () => {
    expect(typeof elwood.startCodex).toBe("function");
    expect(typeof elwood.CodexSession).toBe("function");
    expect(typeof elwood.startClaude).toBe("function");
  });
});
