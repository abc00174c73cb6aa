// resumeCodex before any launch: the record is checked first (an executable that cannot exist is never reached), and
// the relaunch is Codex's own `codex resume [OPTIONS] <thread id>`; and a real resume of the simulated Codex.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codexResumeArgs } from "../../adapters/codex/command-line.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { resumeCodex } from "../../src/resume-codex.js";
import { resumeClaude } from "../../src/resume-claude.js";
import { readSessionRecord, writeSessionRecord, type SessionRecord } from "../../effects/session-record.js";
import { createSessionDir } from "../../effects/state-dir.js";
import type { AgentSession } from "../../src/session-api.js";
import { readSimLog, simAgentPath, simRecords } from "../sim/sim-control.js";
import { startCodexSim, until } from "./codex-sim-support.js";
import { recordPostures } from "../../src/record-postures.js";

/** Status changes (from->to) the session has decided so far. */
function changes(session: Pick<AgentSession, "statusDecisions">): string[] {
  return session
    .statusDecisions()
    .filter((d) => d.to !== undefined && d.to !== d.from)
    .map((d) => `${d.from}->${d.to}`);
}

async function storeWith(record: (id: string, cwd: string) => SessionRecord): Promise<{ stateDir: string; cwd: string; elwoodSessionId: string }> {
  const cwd = mkdtempSync(join(tmpdir(), "elwood-resume-codex-"));
  const location = { stateDir: join(cwd, "store"), cwd, elwoodSessionId: "recorded" };
  await writeSessionRecord(await createSessionDir(location), record(location.elwoodSessionId, cwd));
  return location;
}

const codexRecord = (conversationId: string | null) => (id: string, cwd: string): SessionRecord => ({
  schemaVersion: 1,
  elwoodSessionId: id,
  adapter: "codex",
  cwd,
  resume: { conversationId, sandbox: "read-only", approvalPolicy: "on-request" },
});

describe("resumeCodex (C-STATE-10, C-ERR-03)", () => {
  it("C-STATE-10: each CLI's resume refuses the other's record with adapter_mismatch before probing anything", async () => {
    const codex = await storeWith(codexRecord("thread-1"));
    const error = await resumeClaude({ ...codex, executable: "/nonexistent/claude" }).catch((e: unknown) => e);
    expect(isElwoodError(error, "adapter_mismatch") && error.details).toEqual({ expected: "claude", recorded: "codex" });
    const claude = await storeWith((id, cwd) => ({ schemaVersion: 1, elwoodSessionId: id, adapter: "claude", cwd, resume: { conversationId: "c", permissionMode: null, allowedTools: null, disallowedTools: null, tools: null } }));
    const other = await resumeCodex({ ...claude, executable: "/nonexistent/codex" }).catch((e: unknown) => e);
    expect(isElwoodError(other, "adapter_mismatch") && other.details).toEqual({ expected: "codex", recorded: "claude" });
  });

  it("C-ERR-03: no record is state_not_found; a thread never named is resume_unavailable — both before any launch", async () => {
    const unnamed = await storeWith(codexRecord(null));
    const missing = await resumeCodex({ ...unnamed, elwoodSessionId: "absent", executable: "/nonexistent/codex" }).catch((e: unknown) => e);
    expect(isElwoodError(missing, "state_not_found")).toBe(true);
    const unavailable = await resumeCodex({ ...unnamed, executable: "/nonexistent/codex" }).catch((e: unknown) => e);
    expect(isElwoodError(unavailable, "resume_unavailable") && unavailable.details).toEqual({ adapter: "codex" });
  });

  it("relaunches as `codex resume [OPTIONS] <thread id>`: the subcommand first, the id after every option", () => {
    expect(codexResumeArgs(["--cd", "/p", "--sandbox", "read-only", "-c", "features.hooks=true"], "019a-thread")).toEqual([
      "resume",
      "--cd",
      "/p",
      "--sandbox",
      "read-only",
      "-c",
      "features.hooks=true",
      "019a-thread",
    ]);
  });
});

describe("resumeCodex against the simulated Codex (C-STATE-13, C-API-26)", () => {
  it("C-STATE-13: resumes the simulated Codex on its own thread with the recorded posture; the replayed working line is no turn and no status of its own", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-resume-codex-sim-"));
    const sim = await startCodexSim({ stateDir, sandbox: "read-only", approvalPolicy: "on-request" });
    try {
      const location = { stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId };
      await sim.session.waitForStatus((s) => s === "ready", 20_000);
      const freshUntilReady = changes(sim.session);
      await sim.session.sendMessage("the first turn");
      await until("the first turn's Stop", () => sim.hooks.some((h) => h.name === "Stop"));
      await sim.session.waitForStatus((s) => s === "ready", 20_000);
      const thread = String(sim.hooks.find((h) => h.name === "SessionStart")?.payload["session_id"]);
      let recorded: string | null = null;
      for (let i = 0; i < 400 && recorded === null; i++) {
        recorded = (await readSessionRecord(location, recordPostures())).resume.conversationId;
        if (recorded === null) await new Promise((r) => setTimeout(r, 50));
      }
      expect(recorded).toBe(thread);
      await sim.session.stop();

      const logFile = join(sim.dir, "sim.jsonl");
      const resumed = await resumeCodex({
        elwoodSessionId: location.elwoodSessionId,
        stateDir,
        cwd: sim.dir,
        executable: simAgentPath,
        initialSize: { cols: 120, rows: 40 },
        env: { HOME: sim.dir, ELWOOD_SIM_FLAVOUR: "codex", ELWOOD_SIM_LOG: logFile },
      });
      const hooks: Array<{ name: string; payload: Readonly<Record<string, unknown>> }> = [];
      const turnEdges: string[] = [];
      resumed.on("hook", (h) => hooks.push(h));
      resumed.on("activity", (a) => {
        if (a.kind === "turn_started" || a.kind === "turn_ended") turnEdges.push(a.kind);
      });
      try {
        await resumed.waitForStatus((s) => s === "ready", 20_000);
        // The sim logs `resumed` once its replay (history, then a flashing working line after the composer) is over.
        await until("the replay's end", () => simRecords(readSimLog(logFile), "resumed").length > 0);
        expect(simRecords(readSimLog(logFile), "resumed").map((r) => r.id)).toEqual([thread]);
        const untilReplayEnd = changes(resumed);
        const edgesInReplay = [...turnEdges];
        await resumed.sendMessage("the second turn");
        await until("the resumed turn's Stop", () => hooks.some((h) => h.name === "Stop"));
        await resumed.waitForStatus((s) => s === "ready", 20_000);
        expect({ untilReplayEnd, edgesInReplay }).toEqual({ untilReplayEnd: freshUntilReady, edgesInReplay: [] });
        expect(changes(resumed).slice(untilReplayEnd.length)).toEqual(["ready->running", "running->ready"]);
        // Codex fires SessionStart lazily, at the first prompt: a resume of the same thread.
        expect(hooks.find((h) => h.name === "SessionStart")?.payload).toMatchObject({ source: "resume", session_id: thread });
        const file = hooks.find((h) => h.name === "SessionStart")?.payload["transcript_path"];
        expect((await readSessionRecord(location, recordPostures())).resume).toEqual({ conversationId: thread, transcriptPath: file, sandbox: "read-only", approvalPolicy: "on-request" });
      } finally {
        await resumed.stop();
      }
    } finally {
      await sim.cleanup();
    }
  }, 90_000);
});
