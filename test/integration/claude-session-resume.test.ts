// ClaudeSession's `resume` option on the simulated Claude: the primary API continues a recorded session exactly
// (Claude's `--resume <conversation id>`), and an unknown id rejects instead of starting a fresh conversation.

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ClaudeSession } from "../../src/claude-session.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simEnv } from "../sim/sim-control.js";
import { recordedConversation } from "../support/recorded-conversation.js";
import { startClaudeSim, TEST_LOGIN_SHELL } from "./claude-sim-start.js";

describe("ClaudeSession resume option (issue 19, C-CLI-03, C-STATE-13)", () => {
  it("C-CLI-03: new ClaudeSession({ resume }) relaunches on the recorded conversation and runs a send/stream turn there", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-session-resume-"));
    const sim = await startClaudeSim({ stateDir });
    try {
      const location = { stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId };
      await sim.session.waitForStatus((s) => s === "ready", 20_000);
      const conversationId = await recordedConversation(location);
      await sim.session.stop();
      const options = { stateDir, executable: join(sim.dir, "claude-wrapper.sh"), env: simEnv({ log: sim.logFile }), shell: TEST_LOGIN_SHELL };
      const resumed = new ClaudeSession({ ...options, resume: location.elwoodSessionId });
      try {
        expect(await resumed.send("again please", { timeoutMs: 60_000 })).toBe("FAKE-REPLY: again please");
        expect(resumed.session?.elwoodSessionId).toBe(location.elwoodSessionId);
        const argv = readFileSync(join(sim.dir, "argv"), "utf8").split("\0").filter((a) => a !== "");
        expect(argv.slice(-2)).toEqual(["--resume", conversationId]);
      } finally {
        await resumed.close();
      }
      const unknown = new ClaudeSession({ ...options, resume: "00000000-0000-4000-8000-000000000000" });
      const error = await unknown.send("hello").catch((e: unknown) => e);
      expect(isElwoodError(error, "state_not_found")).toBe(true);
      expect(unknown.session).toBeUndefined();
    } finally {
      await sim.cleanup();
    }
  }, 120_000);
});
