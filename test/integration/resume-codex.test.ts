// resumeCodex before any launch: the record is checked first (an executable that cannot exist is never reached), and
// the relaunch is Codex's own `codex resume [OPTIONS] <thread id>`.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codexResumeArgs } from "../../adapters/codex/command-line.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { resumeCodex } from "../../src/resume-codex.js";
import { resumeClaude } from "../../src/resume-claude.js";
import { writeSessionRecord, type SessionRecord } from "../../effects/session-record.js";
import { createSessionDir } from "../../effects/state-dir.js";

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
