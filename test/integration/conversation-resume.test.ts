// ClaudeSession with `resume` against the simulated Claude (issue 33 §4): the primary API on a recorded conversation
// reports `resumed`, sends on it, and with `freshStartFallback` starts fresh exactly where startOrResume would.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ClaudeSession } from "../../src/claude-session.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simEnv } from "../sim/sim-control.js";
import { recordedConversation } from "../support/recorded-conversation.js";
import { startClaudeSim, TEST_LOGIN_SHELL } from "./claude-sim-start.js";

describe("the primary API on a resumed conversation (issue 33 §4, C-API-26)", () => {
  it("issue 33 §4, C-API-26: resume reports resumed and sends on the same session; an unknown id rejects, or starts fresh with freshStartFallback", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-conversation-resume-"));
    const sim = await startClaudeSim({ stateDir });
    const opened: ClaudeSession[] = [];
    try {
      const id = sim.session.elwoodSessionId;
      await sim.session.waitForStatus((s) => s === "ready", 20_000);
      await recordedConversation({ stateDir, cwd: sim.dir, elwoodSessionId: id });
      await sim.session.stop();
      const launch = { stateDir, cwd: sim.dir, executable: join(sim.dir, "claude-wrapper.sh"), env: simEnv({ log: sim.logFile }), shell: TEST_LOGIN_SHELL };
      const open = (options: ConstructorParameters<typeof ClaudeSession>[0]) => {
        const conversation = new ClaudeSession(options);
        opened.push(conversation);
        return conversation;
      };

      const resumed = open({ ...launch, resume: id });
      expect(resumed.resumed).toBeUndefined();
      expect(await resumed.send("hello again")).toBe("FAKE-REPLY: hello again");
      expect(resumed.resumed).toBe(true);
      expect(resumed.session?.elwoodSessionId).toBe(id);
      await resumed.stop();

      const exact = open({ ...launch, resume: "no-such-session" });
      const refused = await exact.send("x").catch((e: unknown) => e);
      expect(isElwoodError(refused, "state_not_found")).toBe(true);
      expect(exact.resumed).toBeUndefined();

      const fallback = open({ ...launch, resume: "no-such-session", freshStartFallback: true });
      expect(await fallback.send("fresh one")).toBe("FAKE-REPLY: fresh one");
      expect(fallback.resumed).toBe(false);
      expect(fallback.session?.elwoodSessionId).not.toBe("no-such-session");

      const plain = open(launch);
      await plain.start();
      expect(plain.resumed).toBe(false);
    } finally {
      for (const conversation of opened) await conversation.close().catch(() => undefined);
      await sim.cleanup();
    }
  }, 120_000);
});
