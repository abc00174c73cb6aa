// resumeClaude / startOrResumeClaude against the simulated Claude: the relaunch passes Claude's own conversation id
// with `--resume`, restores the recorded posture field by field, starts `resumed`, and falls back only where it may.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { listSessions, resumeClaude, startOrResumeClaude } from "../../src/resume-claude.js";
import { readSessionRecord, writeSessionRecord } from "../../effects/session-record.js";
import { simEnv } from "../sim/sim-control.js";
import { recordedConversation } from "../support/recorded-conversation.js";
import { startClaudeSim, TEST_LOGIN_SHELL } from "./claude-sim-start.js";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { recordPostures } from "../../src/record-postures.js";


describe("resumeClaude (C-API-26, C-STATE-04, C-STATE-10, C-STATE-13)", () => {
  it("C-STATE-13: relaunches with --resume <conversation id> and the recorded posture; a caller field overrides and is re-persisted", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-resume-"));
    const sim = await startClaudeSim({ stateDir, permissionMode: "plan", disallowedTools: ["Bash"] });
    try {
      const location = { stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId };
      await sim.session.waitForStatus((s) => s === "ready", 20_000);
      const conversationId = await recordedConversation(location);
      await sim.session.stop();
      expect((await listSessions({ stateDir })).map((r) => r.elwoodSessionId)).toEqual([location.elwoodSessionId]);

      const resumed = await resumeClaude({
        elwoodSessionId: location.elwoodSessionId,
        stateDir,
        cwd: sim.dir,
        executable: join(sim.dir, "claude-wrapper.sh"),
        env: simEnv({ log: sim.logFile }),
        shell: TEST_LOGIN_SHELL,
        allowedTools: ["Read"],
      });
      try {
        expect(resumed.elwoodSessionId).toBe(location.elwoodSessionId);
        // The wrapper records the relaunch's argv as it starts: wait for it to be the resume's.
        const argvNow = () => readFileSync(join(sim.dir, "argv"), "utf8").split("\0").filter((a) => a !== "");
        for (let i = 0; i < 200 && !argvNow().includes("--resume"); i++) await new Promise((r) => setTimeout(r, 50));
        const argv = argvNow();
        expect(argv.slice(-2)).toEqual(["--resume", conversationId]);
        expect(argv).toEqual(expect.arrayContaining(["--permission-mode", "plan", "--disallowedTools", "Bash", "--allowedTools", "Read"]));
        expect((await readSessionRecord(location, recordPostures())).resume).toMatchObject({ permissionMode: "plan", allowedTools: ["Read"], disallowedTools: ["Bash"] });
        // A second resumer of the live session is refused, and the record is left as it was.
        const second = await resumeClaude({ elwoodSessionId: location.elwoodSessionId, stateDir, cwd: sim.dir, executable: join(sim.dir, "claude-wrapper.sh"), env: simEnv({ log: sim.logFile }), shell: TEST_LOGIN_SHELL }).catch((e: unknown) => e);
        expect(isElwoodError(second, "session_in_use")).toBe(true);
      } finally {
        await resumed.stop();
      }
    } finally {
      await sim.cleanup();
    }
  }, 90_000);

  it("C-API-26, C-STATE-10: startOrResume falls back to a fresh start for state_not_found / resume_unavailable / adapter_mismatch, rethrows state_corrupt", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-resume-fallback-"));
    const sim = await startClaudeSim({ stateDir });
    try {
      const base = { stateDir, cwd: sim.dir, executable: join(sim.dir, "claude-wrapper.sh"), env: simEnv({ log: sim.logFile }), shell: TEST_LOGIN_SHELL };
      const dir = join(stateDir, "sessions", sim.session.elwoodSessionId);
      await sim.session.stop();
      const record = await readSessionRecord({ stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId }, recordPostures());
      const codexRecord = { schemaVersion: 1, elwoodSessionId: record.elwoodSessionId, adapter: "codex", cwd: record.cwd, resume: { conversationId: "t", sandbox: null, approvalPolicy: null } } as const;
      for (const [why, prepare] of [
        ["state_not_found", async () => "no-such-session"],
        ["resume_unavailable", async () => (await writeSessionRecord(dir, { ...record, resume: { ...record.resume, conversationId: null } } as typeof record), record.elwoodSessionId)],
        ["adapter_mismatch", async () => (await writeSessionRecord(dir, codexRecord), record.elwoodSessionId)],
      ] as const) {
        const id = await prepare();
        const direct = await resumeClaude({ ...base, elwoodSessionId: id }).catch((e: unknown) => e);
        expect(isElwoodError(direct, why), why).toBe(true);
        const { session, resumed } = await startOrResumeClaude({ ...base, elwoodSessionId: id });
        expect(resumed).toBe(false);
        expect(session.elwoodSessionId).not.toBe(id);
        await session.teardown();
      }
      await writeSessionRecord(dir, record);
      const { chmodSync } = await import("node:fs");
      chmodSync(join(dir, "session.json"), 0o644);
      const corrupt = await startOrResumeClaude({ ...base, elwoodSessionId: record.elwoodSessionId }).catch((e: unknown) => e);
      expect(isElwoodError(corrupt, "state_corrupt")).toBe(true);
    } finally {
      await sim.cleanup();
    }
  }, 120_000);
});
