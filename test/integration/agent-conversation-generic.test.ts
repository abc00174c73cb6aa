// The generic path with no typed shortcut (issue 33 §1–2, §4): AgentConversation built from an agent's definition
// alone sends turns, reports `resumed` on a recorded conversation, and its session is the common one. On the simulated
// Claude under "claude", and on the simulated CLI registered as an agent of its own, "sim" (test/sim/agent/): a
// definition of the same shape as a shipped folder's, which no code outside its folder knows, so the generic path, the
// registry's data and the faces that read it work for it from the definition alone.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentConversation } from "../../src/agent-conversation.js";
import { agentInfo, agentInfos } from "../../src/agent-registry.js";
import { LoginSessionFacade } from "../../src/login-session-facade.js";
import { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { SessionFacade } from "../../src/agent-session.js";
import { listSessions } from "../../src/resume-claude.js";
import type { AgentKind } from "../../src/contracts/agent-kinds.js";
import { registerSimAgent } from "../sim/agent/register.js";
import { simAgentPath, simEnv } from "../sim/sim-control.js";
import { fakeIo } from "../support/fake-cli-io.js";
import { writeSimWrapper, TEST_LOGIN_SHELL } from "./claude-sim-start.js";

const sim = registerSimAgent();

/** Sends a turn, stops, resumes by the session id through the same class and sends again; returns the first session. */
async function converseAndResume(kind: AgentKind, launch: (dir: string) => Record<string, unknown>, check: (first: AgentConversation, dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `elwood-generic-${kind}-`));
  const options = { cwd: dir, stateDir: join(dir, ".state"), shell: TEST_LOGIN_SHELL, initialSize: { cols: 120, rows: 40 }, ...launch(dir) };
  const opened: AgentConversation[] = [];
  try {
    const first = new AgentConversation(kind, options);
    opened.push(first);
    expect(await first.send("hello generic")).toBe("FAKE-REPLY: hello generic");
    expect(first.resumed).toBe(false);
    expect(first.session).toBeInstanceOf(SessionFacade);
    const id = first.session?.elwoodSessionId ?? "";
    await first.stop();
    await check(first, dir);

    const again = new AgentConversation(kind, { ...options, resume: id });
    opened.push(again);
    expect(await again.send("hello again")).toBe("FAKE-REPLY: hello again");
    expect(again.resumed).toBe(true);
    expect(again.session?.elwoodSessionId).toBe(id);
    expect(again.session?.agent).toBe(kind);
  } finally {
    for (const conversation of opened) await conversation.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("AgentConversation from the definition alone (issue 33)", () => {
  it("issue 33 §2, §4, C-API-26: claude: send answers on the common session (with login(), as the definition claims); a resume through the same class reports resumed and continues", async () => {
    const launch = (dir: string) => ({ executable: writeSimWrapper(dir), env: { HOME: dir, ...simEnv({ log: join(dir, "sim.jsonl") }) } });
    await converseAndResume("claude", launch, async (first) => {
      // Not the shortcut's class: the common session, with login exactly where the definition claims it.
      expect(first.session).not.toBeInstanceOf(ClaudeSessionFacade);
      expect(first.session).toBeInstanceOf(LoginSessionFacade);
    });
  }, 120_000);

  it("issue 33 (the simulated CLI registered as an agent of its own), §2, §4, C-API-26: sim: started by its own id, it answers, is recorded as sim, resumes with resumed; agentInfo and the elwood command list it", async () => {
    const launch = (dir: string) => ({ executable: simAgentPath, env: { HOME: dir, ELWOOD_SIM_LOG: join(dir, "sim.jsonl") } });
    await converseAndResume(sim.id, launch, async (first, dir) => {
      expect(first.session?.agent).toBe("sim");
      // No login profile in its definition: the common session without login().
      expect(first.session).not.toBeInstanceOf(LoginSessionFacade);
      // The store reads its record by the postures its definition names (none).
      const listed = await listSessions({ cwd: dir, stateDir: join(dir, ".state") });
      expect(listed.map((r) => [r.elwoodSessionId, r.adapter])).toEqual([[first.session?.elwoodSessionId, "sim"]]);
    });

    expect(agentInfo(sim.id)).toEqual({
      kind: "sim",
      displayName: "Simulated agent",
      executable: "sim-agent.mjs",
      installHint: sim.installHint,
      verifiedVersions: ["0.171.0"],
      reasoningEfforts: sim.reasoningEfforts,
      postures: [],
      recordedPosture: [],
      capabilities: sim.capabilities,
    });
    expect(agentInfos().map((i) => i.kind)).toEqual(["claude", "codex", "qwen", "sim"]);
    // A face: the elwood command builds its help from the registry when its module loads, so it is loaded only now.
    const { runCli } = await import("../../cli/main.js");
    const { io, stdout } = fakeIo();
    expect(await runCli(["--help"], io)).toBe(0);
    expect(stdout.text()).toContain("one turn with Claude Code, Codex, Qwen Code or Simulated agent");
    expect(stdout.text()).toContain("--agent <claude|codex|qwen|sim>");
  }, 120_000);
});
