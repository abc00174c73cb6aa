// Elwood's on-disk session store: private dirs, gitignore rules, symlink refusal, safe teardown, atomic JSON, generated settings.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ElwoodError } from "../../src/contracts/errors.js";
import {
  GENERATED_GITIGNORE,
  createSessionDir,
  removeSessionDir,
  resolveStateRoot,
  sessionDirPath,
  writeJsonAtomic,
} from "../../effects/state-dir.js";
import { buildClaudeSettings, writeClaudeSettings } from "../../adapters/claude/settings-file.js";

const base = mkdtempSync(join(tmpdir(), "elwood-state-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const project = (): string => {
  n += 1;
  const dir = join(base, `project-${n}`);
  mkdirSync(dir);
  return dir;
};
const mode = (path: string): number => statSync(path).mode & 0o777;

async function rejection(p: Promise<unknown>): Promise<ElwoodError> {
  const error: unknown = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  return error as ElwoodError;
}

describe("session directory (C-STATE-01, C-STATE-02, C-STATE-08, C-STATE-11)", () => {
  it("C-STATE-01: defaults to <cwd>/.elwood with a 0700 session dir and a generated .gitignore", async () => {
    const cwd = project();
    const dir = await createSessionDir({ cwd, elwoodSessionId: "s1" });
    expect(dir).toBe(join(cwd, ".elwood", "sessions", "s1"));
    expect(mode(dir)).toBe(0o700);
    expect(readFileSync(join(cwd, ".elwood", ".gitignore"), "utf8")).toBe(GENERATED_GITIGNORE);
    // Re-opening for resume is fine and keeps the directory private.
    expect(await createSessionDir({ cwd, elwoodSessionId: "s1" })).toBe(dir);
  });

  it("C-STATE-11: an existing .elwood/.gitignore is never overwritten; none is created in a custom stateDir", async () => {
    const cwd = project();
    mkdirSync(join(cwd, ".elwood"));
    writeFileSync(join(cwd, ".elwood", ".gitignore"), "mine\n");
    await createSessionDir({ cwd, elwoodSessionId: "a" });
    expect(readFileSync(join(cwd, ".elwood", ".gitignore"), "utf8")).toBe("mine\n");
    const stateDir = join(base, `custom-${n}`);
    const dir = await createSessionDir({ cwd, stateDir, elwoodSessionId: "b" });
    expect(dir).toBe(join(stateDir, "sessions", "b"));
    expect(existsSync(join(stateDir, ".gitignore"))).toBe(false);
  });

  it("C-STATE-02: relative stateDir resolves to an absolute store", () => {
    expect(resolveStateRoot({ cwd: "/x", stateDir: "rel" })).toBe(join(process.cwd(), "rel"));
    expect(resolveStateRoot({ cwd: "/x" })).toBe("/x/.elwood");
  });

  it("tightens a pre-existing session dir with group/world bits to 0700", async () => {
    const cwd = project();
    const dir = join(cwd, ".elwood", "sessions", "loose");
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    await createSessionDir({ cwd, elwoodSessionId: "loose" });
    expect(mode(dir)).toBe(0o700);
  });

  it("rejects ids that are not a single opaque path component", async () => {
    const cwd = project();
    for (const id of ["", ".", "..", "a/b", "../x", "/abs", "a\\b", "nul\0"]) {
      expect((await rejection(createSessionDir({ cwd, elwoodSessionId: id }))).name).toBe("invalid_argument");
      expect(sessionDirPath({ cwd, elwoodSessionId: id })).toBeInstanceOf(ElwoodError);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("C-STATE-01: planted symlinks at the root, sessions dir, session dir or an in-project ancestor reject state_corrupt untouched", async () => {
    const outside = join(base, `outside-${n}`);
    mkdirSync(outside, { mode: 0o755 });

    const a = project();
    symlinkSync(outside, join(a, ".elwood"));
    expect((await rejection(createSessionDir({ cwd: a, elwoodSessionId: "x" }))).name).toBe("state_corrupt");

    const b = project();
    mkdirSync(join(b, ".elwood"));
    symlinkSync(outside, join(b, ".elwood", "sessions"));
    expect((await rejection(createSessionDir({ cwd: b, elwoodSessionId: "x" }))).name).toBe("state_corrupt");

    const c = project();
    mkdirSync(join(c, ".elwood", "sessions"), { recursive: true });
    symlinkSync(outside, join(c, ".elwood", "sessions", "x"));
    expect((await rejection(createSessionDir({ cwd: c, elwoodSessionId: "x" }))).name).toBe("state_corrupt");
    expect((await rejection(removeSessionDir({ cwd: c, elwoodSessionId: "x" }))).name).toBe("state_corrupt");

    const d = project();
    symlinkSync(outside, join(d, "linked"));
    const err = await rejection(createSessionDir({ cwd: d, stateDir: join(d, "linked", "state"), elwoodSessionId: "x" }));
    expect(err.name).toBe("state_corrupt");

    // Nothing was created behind any link and the target's mode is unchanged.
    expect(readdirSync(outside)).toEqual([]);
    expect(mode(outside)).toBe(0o755);
  });

  it("C-STATE-08: removal deletes only that session; the default store disappears once only Elwood's files remain", async () => {
    const cwd = project();
    writeFileSync(join(cwd, "user-file.txt"), "keep");
    const one = await createSessionDir({ cwd, elwoodSessionId: "one" });
    const two = await createSessionDir({ cwd, elwoodSessionId: "two" });
    writeFileSync(join(one, "record.json"), "{}");
    await removeSessionDir({ cwd, elwoodSessionId: "one" });
    expect(existsSync(one)).toBe(false);
    expect(existsSync(two)).toBe(true);
    await removeSessionDir({ cwd, elwoodSessionId: "two" });
    expect(readdirSync(cwd)).toEqual(["user-file.txt"]);
    // Idempotent.
    await removeSessionDir({ cwd, elwoodSessionId: "two" });
  });

  it("keeps a store that holds anything Elwood did not generate", async () => {
    const cwd = project();
    mkdirSync(join(cwd, ".elwood"));
    writeFileSync(join(cwd, ".elwood", ".gitignore"), "mine\n");
    await createSessionDir({ cwd, elwoodSessionId: "s" });
    await removeSessionDir({ cwd, elwoodSessionId: "s" });
    expect(readFileSync(join(cwd, ".elwood", ".gitignore"), "utf8")).toBe("mine\n");
    const stateDir = join(base, `custom-keep-${n}`);
    await createSessionDir({ cwd, stateDir, elwoodSessionId: "s" });
    await removeSessionDir({ cwd, stateDir, elwoodSessionId: "s" });
    expect(existsSync(stateDir)).toBe(true);
  });

  it("removal never follows a symlink planted inside the session dir", async () => {
    const cwd = project();
    const victim = join(base, `victim-${n}`);
    mkdirSync(victim);
    writeFileSync(join(victim, "precious"), "x");
    const dir = await createSessionDir({ cwd, elwoodSessionId: "s" });
    symlinkSync(victim, join(dir, "link"));
    await removeSessionDir({ cwd, elwoodSessionId: "s" });
    expect(readFileSync(join(victim, "precious"), "utf8")).toBe("x");
  });
});

describe("writeJsonAtomic (C-STATE-03)", () => {
  it("writes 0600 JSON, replaces atomically, and leaves no temp files", async () => {
    const cwd = project();
    const dir = await createSessionDir({ cwd, elwoodSessionId: "s" });
    const path = join(dir, "record.json");
    await writeJsonAtomic(path, { a: 1 });
    await writeJsonAtomic(path, { a: 2 });
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ a: 2 });
    expect(mode(path)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["record.json"]);
  });

  it("refuses to replace a symlink target (state_corrupt) and leaves the link's target alone", async () => {
    const cwd = project();
    const dir = await createSessionDir({ cwd, elwoodSessionId: "s" });
    const target = join(base, `target-${n}.json`);
    writeFileSync(target, "original");
    symlinkSync(target, join(dir, "record.json"));
    expect((await rejection(writeJsonAtomic(join(dir, "record.json"), {}))).name).toBe("state_corrupt");
    expect(readFileSync(target, "utf8")).toBe("original");
    expect(lstatSync(join(dir, "record.json")).isSymbolicLink()).toBe(true);
  });
});

describe("generated --settings file (C-CLAUDE-01, C-CLAUDE-02)", () => {
  const elwoodHooks = {
    Stop: [{ matcher: "*", hooks: [{ type: "command", command: "node bridge.mjs Stop", timeout: 35 }] }],
    SessionStart: [{ matcher: "*", hooks: [{ type: "command", command: "node bridge.mjs SessionStart", timeout: 35 }] }],
  };

  it("holds only Elwood's hooks when there are no overrides", () => {
    expect(buildClaudeSettings({ hooks: elwoodHooks })).toEqual({ hooks: elwoodHooks });
  });

  it("merges overrides: caller keys kept, caller hooks added per event after Elwood's, disableAllHooks dropped", () => {
    const callerStop = { matcher: "*", hooks: [{ type: "command", command: "my-stop" }] };
    const callerNotif = { matcher: "*", hooks: [{ type: "command", command: "my-notify" }] };
    const overrides = { model: "sonnet", disableAllHooks: true, hooks: { Stop: [callerStop], Notification: [callerNotif] } };
    const settings = buildClaudeSettings({ hooks: elwoodHooks, settingsOverrides: overrides });
    expect(settings["model"]).toBe("sonnet");
    expect(settings).not.toHaveProperty("disableAllHooks");
    const hooks = settings["hooks"] as Record<string, unknown[]>;
    expect(hooks["Stop"]).toEqual([...elwoodHooks.Stop, callerStop]);
    expect(hooks["SessionStart"]).toEqual(elwoodHooks.SessionStart);
    expect(hooks["Notification"]).toEqual([callerNotif]);
    // The caller's object is not mutated.
    expect(overrides.hooks.Stop).toEqual([callerStop]);
    expect(overrides.disableAllHooks).toBe(true);
  });

  it("C-CLAUDE-01: writes a 0600 file in the session dir and touches no .claude settings", async () => {
    const cwd = project();
    mkdirSync(join(cwd, ".claude"));
    writeFileSync(join(cwd, ".claude", "settings.local.json"), '{"user":true}');
    const dir = await createSessionDir({ cwd, elwoodSessionId: "s" });
    const path = await writeClaudeSettings(dir, { hooks: elwoodHooks, settingsOverrides: { env: { A: "1" } } });
    expect(path).toBe(join(dir, "claude-settings.json"));
    expect(mode(path)).toBe(0o600);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ env: { A: "1" }, hooks: elwoodHooks });
    expect(readFileSync(join(cwd, ".claude", "settings.local.json"), "utf8")).toBe('{"user":true}');
    expect(readdirSync(join(cwd, ".claude"))).toEqual(["settings.local.json"]);
  });
});
