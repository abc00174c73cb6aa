// The generic path with no typed shortcut (issue 33 §1–2, §4): AgentConversation built from an agent's definition
// alone sends turns, reports `resumed` on a recorded conversation, and its session is the common one — on the
// simulated Claude and the simulated Codex. What a new agent's folder gets without any code outside adapters/.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentConversation } from "../../src/agent-conversation.js";
import { LoginSessionFacade } from "../../src/login-session-facade.js";
import { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { CodexSessionFacade } from "../../src/codex-agent-session.js";
import { SessionFacade } from "../../src/agent-session.js";
import { simAgentPath, simEnv } from "../sim/sim-control.js";
import { writeSimWrapper, TEST_LOGIN_SHELL } from "./claude-sim-start.js";

const CASES = [
  {
    kind: "claude" as const,
    launch: (dir: string) => ({ executable: writeSimWrapper(dir), env: { HOME: dir, ...simEnv({ log: join(dir, "sim.jsonl") }) } }),
    loginCapable: true,
  },
  {
    kind: "codex" as const,
    launch: (dir: string) => ({ executable: simAgentPath, env: { HOME: dir, ELWOOD_SIM_FLAVOUR: "codex", ELWOOD_SIM_LOG: join(dir, "sim.jsonl") } }),
    loginCapable: false,
  },
];

describe.each(CASES)("AgentConversation('$kind') from the definition alone (issue 33)", ({ kind, launch, loginCapable }) => {
  it(`issue 33 §2, §4, C-API-26: ${kind}: send answers on the common session; a resume through the same class reports resumed and continues`, async () => {
    const dir = mkdtempSync(join(tmpdir(), `elwood-generic-${kind}-`));
    const stateDir = join(dir, ".state");
    const options = { cwd: dir, stateDir, shell: TEST_LOGIN_SHELL, initialSize: { cols: 120, rows: 40 }, ...launch(dir) };
    const opened: AgentConversation[] = [];
    try {
      const first = new AgentConversation(kind, options);
      opened.push(first);
      expect(await first.send("hello generic")).toBe("FAKE-REPLY: hello generic");
      expect(first.resumed).toBe(false);
      const session = first.session;
      // Not the shortcut's class: the common session, with login exactly where the definition claims it.
      expect(session).toBeInstanceOf(SessionFacade);
      expect(session).not.toBeInstanceOf(kind === "claude" ? ClaudeSessionFacade : CodexSessionFacade);
      expect(session instanceof LoginSessionFacade).toBe(loginCapable);
      const id = session?.elwoodSessionId ?? "";
      await first.stop();

      const again = new AgentConversation(kind, { ...options, resume: id });
      opened.push(again);
      expect(await again.send("hello again")).toBe("FAKE-REPLY: hello again");
      expect(again.resumed).toBe(true);
      expect(again.session?.elwoodSessionId).toBe(id);
    } finally {
      for (const conversation of opened) await conversation.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
