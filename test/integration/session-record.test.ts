// The session record and the resume claim on a real file system: every unsafe or malformed record is state_corrupt and
// left untouched, the other adapter's record is adapter_mismatch, a SIGKILLed writer never tears the file, and two
// processes claiming one session never both win.

import { spawn } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import {
  listSessionRecords,
  loopSidecarPath,
  readResumableRecord,
  readSessionRecord,
  recordPath,
  writeSessionRecord,
  type SessionRecord,
} from "../../effects/session-record.js";
import { claimOwner, releaseOwner } from "../../effects/session-owner.js";
import { sweepStaleSessions } from "../../effects/stale-sweep.js";
import { createSessionDir } from "../../effects/state-dir.js";
import { recordPostures } from "../../src/record-postures.js";

const base = mkdtempSync(join(tmpdir(), "elwood-record-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let counter = 0;
async function freshSession(): Promise<{ stateDir: string; cwd: string; elwoodSessionId: string; dir: string }> {
  const stateDir = join(base, `store-${counter++}`);
  const location = { stateDir, cwd: base, elwoodSessionId: `s-${counter}` };
  return { ...location, dir: await createSessionDir(location) };
}

function claudeRecord(elwoodSessionId: string, conversationId: string | null = "c0ffee"): SessionRecord {
  return {
    schemaVersion: 1,
    elwoodSessionId,
    adapter: "claude",
    cwd: base,
    resume: { conversationId, permissionMode: "plan", allowedTools: ["Read"], disallowedTools: null, tools: null },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await rejection(promise);
  expect(isElwoodError(error), String(error)).toBe(true);
  expect((error as { code: string }).code).toBe(code);
}

describe("session record (C-STATE-03, C-STATE-04, C-STATE-13)", () => {
  it("C-STATE-03: round-trips exactly the record's fields, 0600, with no runtime paths or status", async () => {
    const s = await freshSession();
    const record = claudeRecord(s.elwoodSessionId);
    await writeSessionRecord(s.dir, record);
    expect(statSync(recordPath(s.dir)).mode & 0o777).toBe(0o600);
    expect(await readSessionRecord(s, recordPostures())).toEqual(record);
    expect(Object.keys(JSON.parse(readFileSync(recordPath(s.dir), "utf8")))).toEqual(["schemaVersion", "elwoodSessionId", "adapter", "cwd", "resume"]);
    expect(loopSidecarPath(s.dir)).toBe(join(s.dir, "loops.json"));
  });

  it("issue 38: the CLI's conversation file round-trips in the resume state; a record from before it was kept still reads", async () => {
    const s = await freshSession();
    const older = claudeRecord(s.elwoodSessionId);
    const named = { ...older, resume: { ...older.resume, transcriptPath: "/home/u/.claude/projects/p/c0ffee.jsonl" } } as SessionRecord;
    await writeSessionRecord(s.dir, named);
    expect(await readResumableRecord(s, "claude", recordPostures())).toEqual(named);
    await writeSessionRecord(s.dir, older);
    expect(await readResumableRecord(s, "claude", recordPostures())).toEqual(older);
  });

  it("C-ERR-03: no record (or no session directory) is state_not_found", async () => {
    const s = await freshSession();
    await expectCode(readSessionRecord(s, recordPostures()), "state_not_found");
    await expectCode(readSessionRecord({ ...s, elwoodSessionId: "never-created" }, recordPostures()), "state_not_found");
  });

  it("rejects an id that is not one opaque path component with invalid_argument", async () => {
    const s = await freshSession();
    for (const id of ["../x", "a/b", "/abs", ".."]) await expectCode(readSessionRecord({ ...s, elwoodSessionId: id }, recordPostures()), "invalid_argument");
  });

  const corruptions: ReadonlyArray<readonly [string, (s: { dir: string; elwoodSessionId: string }) => void]> = [
    ["truncated", (s) => writeFileSync(recordPath(s.dir), JSON.stringify(claudeRecord(s.elwoodSessionId)).slice(0, 40), { mode: 0o600 })],
    ["not JSON", (s) => writeFileSync(recordPath(s.dir), "hello, not json", { mode: 0o600 })],
    ["of an unknown schema version", (s) => writeFileSync(recordPath(s.dir), JSON.stringify({ ...claudeRecord(s.elwoodSessionId), schemaVersion: 2 }), { mode: 0o600 })],
    ["holding an extra field", (s) => writeFileSync(recordPath(s.dir), JSON.stringify({ ...claudeRecord(s.elwoodSessionId), status: "ready" }), { mode: 0o600 })],
    ["naming another session", (s) => writeFileSync(recordPath(s.dir), JSON.stringify(claudeRecord("someone-else")), { mode: 0o600 })],
    ["with a relative transcriptPath", (s) => writeFileSync(recordPath(s.dir), JSON.stringify({ ...claudeRecord(s.elwoodSessionId), resume: { ...claudeRecord(s.elwoodSessionId).resume, transcriptPath: "t.jsonl" } }), { mode: 0o600 })],
    ["with an extra resume field", (s) => writeFileSync(recordPath(s.dir), JSON.stringify({ ...claudeRecord(s.elwoodSessionId), resume: { ...claudeRecord(s.elwoodSessionId).resume, transcriptOffset: 3 } }), { mode: 0o600 })],
    ["with a malformed posture", (s) => writeFileSync(recordPath(s.dir), JSON.stringify({ ...claudeRecord(s.elwoodSessionId), resume: { conversationId: "x", permissionMode: 3, allowedTools: null, disallowedTools: null, tools: null } }), { mode: 0o600 })],
    ["group/world-readable", (s) => chmodSync(recordPath(s.dir), 0o644)],
    ["owned by another user", (s) => chownSync(recordPath(s.dir), (process.getuid?.() ?? 0) + 4242, (process.getgid?.() ?? 0) + 4242)],
    [
      "reached through a symlink",
      (s) => {
        const elsewhere = join(base, `elsewhere-${counter++}.json`);
        renameSync(recordPath(s.dir), elsewhere);
        symlinkSync(elsewhere, recordPath(s.dir));
      },
    ],
  ];

  for (const [what, spoil] of corruptions) {
    it(`C-ERR-04: a record ${what} is state_corrupt and left byte-for-byte as it was`, async () => {
      const s = await freshSession();
      await writeSessionRecord(s.dir, claudeRecord(s.elwoodSessionId));
      spoil(s);
      const before = statSync(recordPath(s.dir));
      const bytes = readFileSync(recordPath(s.dir));
      await expectCode(readSessionRecord(s, recordPostures()), "state_corrupt");
      await expectCode(readResumableRecord(s, "claude", recordPostures()), "state_corrupt");
      const after = statSync(recordPath(s.dir));
      expect(readFileSync(recordPath(s.dir))).toEqual(bytes);
      expect([after.mode, after.uid, after.mtimeMs]).toEqual([before.mode, before.uid, before.mtimeMs]);
    });
  }

  it("C-STATE-01: a session directory reached through a symlink is state_corrupt", async () => {
    const s = await freshSession();
    await writeSessionRecord(s.dir, claudeRecord(s.elwoodSessionId));
    const moved = `${s.dir}-real`;
    renameSync(s.dir, moved);
    symlinkSync(moved, s.dir);
    await expectCode(readSessionRecord(s, recordPostures()), "state_corrupt");
  });

  it("C-STATE-10: the other adapter's record is adapter_mismatch; no conversation id is resume_unavailable", async () => {
    const s = await freshSession();
    await writeSessionRecord(s.dir, claudeRecord(s.elwoodSessionId));
    const error = await rejection(readResumableRecord(s, "codex", recordPostures()));
    expect(isElwoodError(error, "adapter_mismatch") && error.details).toEqual({ expected: "codex", recorded: "claude" });
    expect((await readResumableRecord(s, "claude", recordPostures())).resume.conversationId).toBe("c0ffee");
    await writeSessionRecord(s.dir, claudeRecord(s.elwoodSessionId, null));
    await expectCode(readResumableRecord(s, "claude", recordPostures()), "resume_unavailable");
  });

  it("lists the store's readable records only, leaving unsafe ones out", async () => {
    const stateDir = join(base, "listed");
    const ids = ["a", "b", "c"];
    for (const id of ids) {
      const dir = await createSessionDir({ stateDir, cwd: base, elwoodSessionId: id });
      await writeSessionRecord(dir, claudeRecord(id));
      if (id === "c") chmodSync(recordPath(dir), 0o644);
    }
    await createSessionDir({ stateDir, cwd: base, elwoodSessionId: "no-record" });
    expect((await listSessionRecords({ stateDir, cwd: base }, recordPostures())).map((r) => r.elwoodSessionId)).toEqual(["a", "b"]);
    expect(await listSessionRecords({ stateDir: join(base, "nothing-here"), cwd: base }, recordPostures())).toEqual([]);
  });
});

describe("crash sweep (C-STATE-04)", () => {
  it("C-STATE-04: a dead owner's session is kept once its record names a conversation, swept while it names none", async () => {
    const stateDir = join(base, "swept");
    const deadOwner = JSON.stringify({ pid: 2 ** 22 + 11, startTime: "1" });
    for (const [id, conversationId] of [["resumable", "c1"], ["unnamed", null]] as const) {
      const dir = await createSessionDir({ stateDir, cwd: base, elwoodSessionId: id });
      await writeSessionRecord(dir, claudeRecord(id, conversationId));
      writeFileSync(join(dir, "owner.json"), deadOwner, { mode: 0o600 });
    }
    expect((await sweepStaleSessions({ stateDir, cwd: base }, recordPostures())).sessions).toEqual(["unnamed"]);
    expect((await readSessionRecord({ stateDir, cwd: base, elwoodSessionId: "resumable" }, recordPostures())).resume.conversationId).toBe("c1");
  });
});

describe("crash safety and exclusive resume (C-STATE-03)", () => {
  let writer = "";
  let claimer = "";
  beforeAll(async () => {
    // Bundled once into plain ESM, so each of the 200 child processes starts without a TypeScript loader.
    const bundle = async (entry: string, name: string) => {
      const outfile = join(base, name);
      await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", outfile, logLevel: "silent" });
      return outfile;
    };
    writer = await bundle("test/support/record-writer.ts", "record-writer.mjs");
    claimer = await bundle("test/support/owner-claimer.ts", "owner-claimer.mjs");
  });

  it("C-STATE-03: a writer SIGKILLed at 200 random points always leaves the previous or the new record intact", async () => {
    const seen = new Set<string>();
    // Four lanes of 50 kills each, one session per lane, so process start-up overlaps.
    const lane = async () => {
      const s = await freshSession();
      for (let i = 0; i < 50; i++) await killOnce(s);
    };
    const killOnce = async (s: { dir: string; elwoodSessionId: string; stateDir: string; cwd: string }) => {
      const child = spawn(process.execPath, [writer, s.dir, s.elwoodSessionId], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.once("data", () => resolve());
        child.once("exit", (code) => reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      const record = await readSessionRecord(s, recordPostures());
      expect(record.resume.conversationId).toMatch(/^gen-\d+$/);
      seen.add(record.resume.conversationId ?? "");
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    // The kills landed at different points of the loop, not always before the first rewrite.
    expect(seen.size).toBeGreaterThan(1);
  }, 240_000);

  it("two processes claiming one session at once: exactly one wins, the other gets session_in_use", async () => {
    for (let round = 0; round < 10; round++) {
      const s = await freshSession();
      // Both stay alive until both have answered, so the winner is a live owner while the loser tries.
      const children = [0, 1].map(() => spawn(process.execPath, [claimer, s.dir], { stdio: ["pipe", "pipe", "inherit"] }));
      const answers = children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = "";
            child.stdout.setEncoding("utf8").on("data", (d: string) => {
              out += d;
              if (out.includes("\n")) resolve(out.trim());
            });
            child.once("exit", () => resolve(out.trim()));
          }),
      );
      const outcomes = (await Promise.all(answers)).sort();
      await Promise.all(children.map((child) => new Promise((resolve) => (child.once("exit", resolve), child.stdin.end()))));
      expect(outcomes).toEqual(["claimed", "session_in_use"]);
    }
  }, 120_000);

  it("a dead owner's claim is taken over; a live one's is refused; a release frees it", async () => {
    const s = await freshSession();
    writeFileSync(join(s.dir, "owner.json"), JSON.stringify({ pid: 2 ** 22 + 7, startTime: "1" }), { mode: 0o600 });
    await claimOwner(s.dir);
    expect(JSON.parse(readFileSync(join(s.dir, "owner.json"), "utf8")).pid).toBe(process.pid);
    await expectCode(claimOwner(s.dir), "session_in_use"); // held by this very process: a second claim is refused
    writeFileSync(join(s.dir, "owner.json"), JSON.stringify({ pid: process.ppid, startTime: null }), { mode: 0o600 });
    const error = await rejection(claimOwner(s.dir));
    expect(isElwoodError(error, "session_in_use") && error.details).toEqual({ pid: process.ppid });
    await releaseOwner(s.dir);
    await claimOwner(s.dir);
  });
});
