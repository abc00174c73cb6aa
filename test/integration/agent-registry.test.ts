// The generic path (issue 33 §2): every agent through one set of calls keyed by its kind, the per-CLI functions as
// the typed shortcuts behind it; an unknown kind from untyped input is a typed error, never a crash.

import { describe, expect, it } from "vitest";
import { AGENT_KINDS, agentConversation, agentDisplayName, resumeAgentSession, startAgentSession } from "../../src/agent-registry.js";
import { ClaudeSession } from "../../src/claude-session.js";
import { CodexSession } from "../../src/codex-session.js";
import { AgentConversation } from "../../src/agent-conversation.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simDir, writeSimWrapper, TEST_LOGIN_SHELL } from "./claude-sim-start.js";
import { simEnv } from "../sim/sim-control.js";
import { join } from "node:path";

describe("the agent registry (issue 33 §2)", () => {
  it("issue 33 §2: lists the pinned agents; the conversation for a kind is that agent's class (the generic one without a shortcut)", () => {
    expect(AGENT_KINDS).toEqual(["claude", "codex", "qwen"]);
    expect(agentConversation("qwen", { cwd: "/tmp" })).toBeInstanceOf(AgentConversation);
    expect(agentDisplayName("codex")).toBe("Codex");
    expect(agentConversation("claude", { cwd: "/tmp" })).toBeInstanceOf(ClaudeSession);
    expect(agentConversation("codex", { cwd: "/tmp" })).toBeInstanceOf(CodexSession);
  });

  it("issue 33 §2: an unknown kind rejects invalid_argument naming the agents; nothing is launched", async () => {
    const refused = await startAgentSession("gemini" as "claude", { cwd: "/tmp" }).catch((e: unknown) => e);
    expect(isElwoodError(refused, "invalid_argument")).toBe(true);
    if (isElwoodError(refused, "invalid_argument")) expect(refused.details).toEqual({ option: "agent", validValues: ["claude", "codex", "qwen"] });
    const resumeRefused = await resumeAgentSession("__proto__" as "codex", { elwoodSessionId: "x" }).catch((e: unknown) => e);
    expect(isElwoodError(resumeRefused, "invalid_argument")).toBe(true);
    expect(() => agentConversation("toString" as "claude")).toThrow(/unknown agent/);
  });

  it("issue 33 §2: startAgentSession('claude', …) starts the same session startClaude does", async () => {
    const dir = simDir("elwood-registry-");
    const executable = writeSimWrapper(dir);
    const session = await startAgentSession("claude", { cwd: dir, executable, env: simEnv({ log: join(dir, "sim.jsonl") }), shell: TEST_LOGIN_SHELL });
    try {
      expect(session.agent).toBe("claude");
      await session.waitForStatus((s) => s === "ready", 20_000);
    } finally {
      await session.teardown();
    }
  }, 60_000);
});
