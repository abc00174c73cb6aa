// Agent errors in a neutral vocabulary (issue 33 §3): every `<agent>_<category>` code's details carry `agent` and
// `category`, filled in from the code, so a face handles any agent's failure without knowing its name.

import { describe, expect, it } from "vitest";
import { agentErrorFields, ElwoodError, isAgentError } from "../../src/contracts/errors.js";
import { validateClaudeOptions } from "../../adapters/claude/options.js";
import { validateCodexOptions } from "../../adapters/codex/options.js";

describe("agent error categories (issue 33 §3)", () => {
  it("issue 33 §3: the seed's codes keep their names and gain details.agent and details.category", () => {
    const error = new ElwoodError("codex_version_unsupported", "too old", { version: "0.1.0", minimum: "0.144.0" });
    expect(error.code).toBe("codex_version_unsupported");
    expect(error.details).toEqual({ version: "0.1.0", minimum: "0.144.0", agent: "codex", category: "version_unsupported" });
    const notFound = new ElwoodError("claude_not_found", "no claude", { executable: "claude", shell: "/bin/sh", exitCode: 127, stderr: "" });
    expect(notFound.details).toMatchObject({ agent: "claude", category: "not_found", executable: "claude" });
  });

  it("issue 33 §3: isAgentError narrows by category for any agent; other codes are not agent errors", () => {
    const errors: unknown[] = [
      new ElwoodError("claude_not_found", "x", { executable: "claude", shell: "/bin/sh", exitCode: 127, stderr: "" }),
      new ElwoodError("codex_not_found", "x", { executable: "codex", shell: "/bin/sh", exitCode: 127, stderr: "" }),
      new ElwoodError("codex_start_failed", "x", {}),
    ];
    expect(errors.filter((e) => isAgentError(e, "not_found")).map((e) => (isAgentError(e) ? e.details.agent : undefined))).toEqual(["claude", "codex"]);
    expect(errors.every((e) => isAgentError(e))).toBe(true);
    // pty_start_failed looks like "<x>_start_failed" but no agent is called pty.
    expect(isAgentError(new ElwoodError("pty_start_failed", "x", {}))).toBe(false);
    expect(isAgentError(new ElwoodError("wait_timeout", "x", {}))).toBe(false);
    expect(isAgentError(new Error("claude_not_found"))).toBe(false);
    expect(agentErrorFields("pty_start_failed")).toBeUndefined();
  });

  it("issue 33 §3: a real validation failure arrives with its category (both adapters)", async () => {
    const claude = await validateClaudeOptions({ cwd: "/tmp", reasoningEffort: "bogus" }).catch((e: unknown) => e);
    const codex = await validateCodexOptions({ cwd: "/tmp", reasoningEffort: "bogus" }).catch((e: unknown) => e);
    for (const [error, agent] of [[claude, "claude"], [codex, "codex"]] as const) {
      expect(isAgentError(error, "invalid_reasoning_effort"), agent).toBe(true);
      if (isAgentError(error)) expect(error.details.agent).toBe(agent);
    }
  });
});
