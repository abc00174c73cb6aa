// `elwood sessions rm` / `prune` and `--no-keep`: only Elwood's own session directories go, under the owner claim.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../cli/main.js";
import { recordFor, writeSessionRecord } from "../../effects/session-record.js";
import { writeOwner } from "../../effects/session-owner.js";
import { createSessionDir } from "../../effects/state-dir.js";
import { fakeIo } from "../support/fake-cli-io.js";
import { schemaProblems } from "../support/json-schema-check.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const DOCUMENT = (SCHEMA["$defs"] as Record<string, Record<string, unknown>>)["document"] as Record<string, unknown>;
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function store() {
  const root = mkdtempSync(join(tmpdir(), "elwood-rm-"));
  roots.push(root);
  const ws = join(root, "ws");
  mkdirSync(ws);
  return { root, ws, stateDir: join(root, "state") };
}

/** A kept session as a run leaves it; `ageMs` back-dates its record (the listing's lastUsedAt). */
async function kept(s: ReturnType<typeof store>, id: string, options: { live?: boolean; ageMs?: number } = {}): Promise<string> {
  const dir = await createSessionDir({ stateDir: s.stateDir, cwd: s.ws, elwoodSessionId: id });
  const posture = { permissionMode: "dontAsk", allowedTools: null, disallowedTools: null, tools: null };
  await writeSessionRecord(dir, recordFor(id, s.ws, { adapter: "claude", posture }, `conv-${id}`));
  if (options.live) await writeOwner(dir);
  if (options.ageMs !== undefined) {
    const then = new Date(Date.now() - options.ageMs);
    utimesSync(join(dir, "session.json"), then, then);
  }
  return dir;
}

async function cli(s: ReturnType<typeof store>, argv: string[]) {
  const { io, stdout, stderr } = fakeIo({ cwd: s.ws });
  const status = await runCli([...argv, "--state-dir", s.stateDir], io);
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

describe("elwood sessions rm / prune (issue 38, C-CLI-24)", () => {
  it("C-CLI-24: rm deletes exactly that session's directory; the workspace, other sessions and anything outside the store stay", async () => {
    const s = store();
    const gone = await kept(s, "s-gone");
    const other = await kept(s, "s-other");
    // Stand-ins for what must never be touched: the workspace and the agent's own conversation files.
    writeFileSync(join(s.ws, "work.txt"), "mine");
    mkdirSync(join(s.root, ".claude", "projects"), { recursive: true });
    writeFileSync(join(s.root, ".claude", "projects", "conv-s-gone.jsonl"), "{}\n");
    const r = await cli(s, ["sessions", "rm", "s-gone"]);
    expect(r, r.stderr).toMatchObject({ status: 0, stdout: "s-gone\n", stderr: "" });
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(join(other, "session.json"))).toBe(true);
    expect(readFileSync(join(s.ws, "work.txt"), "utf8")).toBe("mine");
    expect(existsSync(join(s.root, ".claude", "projects", "conv-s-gone.jsonl"))).toBe(true);
    const listed = JSON.parse((await cli(s, ["sessions", "--output", "json"])).stdout) as { sessions: Array<{ id: string }> };
    expect(listed.sessions.map((x) => x.id)).toEqual(["s-other"]);
  });

  it("C-CLI-24: rm of an unknown id is state_not_found (status 2); of a live session session_in_use (status 1), which stays; json validates", async () => {
    const s = store();
    await kept(s, "s-known");
    const unknown = await cli(s, ["sessions", "rm", "nope", "--output", "json"]);
    expect(unknown.status).toBe(2);
    const doc = JSON.parse(unknown.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ type: "error", error: { code: "state_not_found", message: "no stored session 'nope'" } });
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    expect(unknown.stderr).toBe("elwood: no stored session 'nope'\n");
    const traversal = await cli(s, ["sessions", "rm", ".."]);
    expect(traversal).toMatchObject({ status: 2, stdout: "", stderr: expect.stringContaining("traversal") });
    const liveDir = await kept(s, "s-live", { live: true });
    const live = await cli(s, ["sessions", "rm", "s-live"]);
    expect(live).toMatchObject({ status: 1, stdout: "", stderr: `elwood: session s-live is live (pid ${process.pid}): stop it before deleting it\n` });
    expect(JSON.parse(readFileSync(join(liveDir, "owner.json"), "utf8"))).toMatchObject({ pid: process.pid });
    expect(existsSync(join(liveDir, "session.json"))).toBe(true);
    const removed = await cli(s, ["sessions", "rm", "s-known", "--output", "json"]);
    const removedDoc = JSON.parse(removed.stdout) as Record<string, unknown>;
    expect(removedDoc).toMatchObject({ type: "sessionsRemoved", removed: ["s-known"], kept: [] });
    expect(schemaProblems(SCHEMA, removedDoc, DOCUMENT)).toEqual([]);
  });

  it("C-CLI-24: prune --older-than removes sessions last used before then, keeps newer ones and live ones (said on stderr), status 0", async () => {
    const s = store();
    await kept(s, "s-old", { ageMs: 3 * 86_400_000 });
    await kept(s, "s-new");
    await kept(s, "s-old-live", { ageMs: 3 * 86_400_000, live: true });
    const r = await cli(s, ["sessions", "prune", "--older-than", "2d", "--output", "json"]);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    expect(doc).toMatchObject({ removed: ["s-old"], kept: [{ id: "s-old-live", error: { code: "session_in_use" } }] });
    expect(r.stderr).toMatch(/^elwood: kept session s-old-live: session s-old-live is live/);
    const listed = JSON.parse((await cli(s, ["sessions", "--output", "json"])).stdout) as { sessions: Array<{ id: string }> };
    expect(listed.sessions.map((x) => x.id).sort()).toEqual(["s-new", "s-old-live"]);
  });

  it("C-CLI-24: usage: prune needs a valid --older-than; --older-than belongs to prune; rm needs one id; --keep with --no-keep", async () => {
    const s = store();
    const cases: Array<[string[], string]> = [
      [["sessions", "prune"], "needs --older-than"],
      [["sessions", "prune", "--older-than", "3 days"], "--older-than must be a positive whole number"],
      [["sessions", "--older-than", "1d"], "--older-than belongs to 'elwood sessions prune'"],
      [["--older-than", "1d", "hi"], "--older-than belongs to 'elwood sessions prune'"],
      [["sessions", "rm"], "needs a session id"],
      [["sessions", "rm", "a", "b"], "takes one session id"],
      [["sessions", "drop", "a"], "unknown sessions action 'drop'"],
      [["sessions", "--no-keep"], "does not take --no-keep"],
      [["--keep", "--no-keep", "hi"], "--keep and --no-keep cannot be used together"],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(s, argv);
      expect(r, argv.join(" ")).toMatchObject({ status: 2, stdout: "", stderr: expect.stringContaining(message) });
    }
  });

  it("C-CLI-24: sessions --agent lists only that agent's sessions (also written before the command word)", async () => {
    const s = store();
    await kept(s, "claude-one");
    const dir = await createSessionDir({ stateDir: s.stateDir, cwd: s.ws, elwoodSessionId: "codex-one" });
    await writeSessionRecord(dir, recordFor("codex-one", s.ws, { adapter: "codex", posture: { sandbox: null, approvalPolicy: null } }, "thread-1"));
    const ids = async (argv: string[]) => {
      const run = await cli(s, argv);
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { sessions: { id: string }[] }).sessions.map((r) => r.id).sort();
    };
    expect(await ids(["sessions", "--output", "json"])).toEqual(["claude-one", "codex-one"]);
    expect(await ids(["sessions", "--agent", "codex", "--output", "json"])).toEqual(["codex-one"]);
    expect(await ids(["--agent", "claude", "sessions", "--output", "json"])).toEqual(["claude-one"]);
  });
});
