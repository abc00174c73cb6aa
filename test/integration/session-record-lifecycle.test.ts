// A live (simulated) Claude session's record: written at start with the resolved posture, updated with the CLI's
// conversation id from SessionStart, kept by stop() and kill(), removed by teardown().

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { readSessionRecord, recordPath } from "../../effects/session-record.js";
import { startClaudeSim } from "./claude-sim-start.js";
import { recordPostures } from "../../src/record-postures.js";

const base = mkdtempSync(join(tmpdir(), "elwood-record-life-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("session record through a session's life (C-STATE-04, C-STATE-07, C-STATE-08, C-STATE-13)", () => {
  it("C-STATE-13: the record holds the resolved posture and the CLI's conversation id; stop() and kill() keep it", async () => {
    for (const how of ["stop", "kill"] as const) {
      const stateDir = join(base, how);
      const sim = await startClaudeSim({ stateDir, permissionMode: "plan", allowedTools: ["Read", "Bash(git status)"] });
      try {
        const location = { stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId };
        await sim.session.waitForStatus((s) => s === "ready", 20_000);
        const named = async () => (await readSessionRecord(location, recordPostures())).resume.conversationId;
        let conversationId: string | null = null;
        // Written in the background once SessionStart named it: poll (up to 10 s).
        for (let i = 0; i < 200 && conversationId === null; i++) {
          conversationId = await named();
          if (conversationId === null) await new Promise((r) => setTimeout(r, 50));
        }
        expect(await readSessionRecord(location, recordPostures())).toEqual({
          schemaVersion: 1,
          elwoodSessionId: location.elwoodSessionId,
          adapter: "claude",
          cwd: sim.dir,
          resume: {
            conversationId: expect.any(String),
            // The CLI's conversation file rides in the same write as its id (issue 38: where a resume's history ends).
            transcriptPath: expect.stringMatching(/^\/.*\.jsonl$/),
            permissionMode: "plan",
            allowedTools: ["Read", "Bash(git status)"],
            disallowedTools: null,
            tools: null,
          },
        });
        await sim.session[how]();
        const dir = join(stateDir, "sessions", location.elwoodSessionId);
        expect(statSync(recordPath(dir)).mode & 0o777).toBe(0o600);
        expect((await readSessionRecord(location, recordPostures())).resume.conversationId).toBe(conversationId);
      } finally {
        await sim.cleanup();
      }
    }
  }, 90_000);

  it("C-STATE-08: teardown() removes the record with the session directory", async () => {
    const stateDir = join(base, "teardown");
    const sim = await startClaudeSim({ stateDir });
    try {
      const location = { stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId };
      expect((await readSessionRecord(location, recordPostures())).adapter).toBe("claude");
      await sim.session.teardown();
      const error = await readSessionRecord(location, recordPostures()).catch((e: unknown) => e);
      expect(isElwoodError(error, "state_not_found")).toBe(true);
    } finally {
      await sim.cleanup();
    }
  }, 60_000);
});
