// Real `--version` probes through `/bin/bash -l -i` against the installed Claude binaries, plus bounded-probe failure modes.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../src/contracts/errors.js";
import { clearClaudeVersionCache, probeClaudeVersion } from "../../adapters/claude/version-probe.js";
import { probeSpawnCount, runProbe } from "../../effects/probe.js";

const SHELL = "/bin/bash";
const CLAUDE_332 = resolve("node_modules/claude332/bin/claude.exe");
const CLAUDE_215 = resolve("node_modules/claude215/bin/claude.exe");
const tmp = mkdtempSync(join(tmpdir(), "elwood-probe-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeEach(() => clearClaudeVersionCache());

const env: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
);

function script(name: string, body: string, shell = "/bin/sh"): string {
  const path = join(tmp, name);
  writeFileSync(path, `#!${shell}\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

async function rejection(p: Promise<unknown>): Promise<ElwoodError> {
  const error: unknown = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  return error as ElwoodError;
}

/** Alive and not a zombie: a killed orphan waits for PID 1 to reap it, which may take a while in containers. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

async function eventually(check: () => boolean, boundMs = 5000): Promise<boolean> {
  const until = Date.now() + boundMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe("probeClaudeVersion through the login shell (C-PTY-08, C-PERF-02, C-CLAUDE-05)", () => {
  it("reads 2.1.332 and 2.1.215 from the real binaries despite bash -i stderr noise", async () => {
    const [a, b] = await Promise.all([
      probeClaudeVersion({ executable: CLAUDE_332, shell: SHELL, env, cwd: tmp }),
      probeClaudeVersion({ executable: CLAUDE_215, shell: SHELL, env, cwd: tmp }),
    ]);
    expect(a.version).toBe("2.1.332");
    expect(a.raw).toContain("(Claude Code)");
    expect(a.resolvedExecutable).toBe(CLAUDE_332);
    expect(b.version).toBe("2.1.215");
  });

  it("C-PERF-02: concurrent first reads share one subprocess; later reads use the cache; clearing re-probes", async () => {
    const log = join(tmp, "spawns.log");
    const wrapper = script("counting-claude", `echo spawn >> '${log}'\nexec '${CLAUDE_332}' "$@"`);
    const before = probeSpawnCount();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => probeClaudeVersion({ executable: wrapper, shell: SHELL, env, cwd: tmp })),
    );
    expect(results.map((r) => r.version)).toEqual(["2.1.332", "2.1.332", "2.1.332", "2.1.332"]);
    expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(1);
    expect(probeSpawnCount() - before).toBe(1);
    await probeClaudeVersion({ executable: wrapper, shell: SHELL, env, cwd: tmp });
    expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(1);
    clearClaudeVersionCache();
    await probeClaudeVersion({ executable: wrapper, shell: SHELL, env, cwd: tmp });
    expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(2);
  });

  it("garbage output parses as version undefined (caller decides version_unparseable)", async () => {
    const fake = script("garbage-claude", "echo 'this is not a version'");
    const r = await probeClaudeVersion({ executable: fake, shell: SHELL, env, cwd: tmp });
    expect(r.version).toBeUndefined();
    expect(r.raw).toBe("this is not a version");
  });

  it("C-CLAUDE-05: a missing or non-executable executable rejects claude_not_found", async () => {
    const missing = await rejection(probeClaudeVersion({ executable: join(tmp, "nope", "claude"), shell: SHELL, env, cwd: tmp }));
    expect(missing.name).toBe("claude_not_found");
    const plain = join(tmp, "not-executable");
    writeFileSync(plain, "#!/bin/sh\necho 2.1.332\n");
    const noexec = await rejection(probeClaudeVersion({ executable: plain, shell: SHELL, env, cwd: tmp }));
    expect(noexec.name).toBe("claude_not_found");
  });

  it("C-CLAUDE-05: bare `claude` absent from the login shell's PATH rejects claude_not_found", async () => {
    // An empty HOME means only /etc/profile's PATH applies (the Debian reset), which has no claude.
    const home = mkdtempSync(join(tmp, "home-"));
    const error = await rejection(probeClaudeVersion({ shell: SHELL, env: { ...env, HOME: home }, cwd: tmp }));
    expect(error.name).toBe("claude_not_found");
    expect(error.message).toContain("executable");
  });

  it("C-LIFE-11: failures are not cached — a later call retries", async () => {
    const path = join(tmp, "appears-later");
    expect((await rejection(probeClaudeVersion({ executable: path, shell: SHELL, env, cwd: tmp }))).name).toBe("claude_not_found");
    script("appears-later", "echo '2.1.300 (Claude Code)'");
    expect((await probeClaudeVersion({ executable: path, shell: SHELL, env, cwd: tmp })).version).toBe("2.1.300");
  });

  it("an output flood past the byte cap rejects claude_start_failed with errno E2BIG", async () => {
    const flood = script("flood-claude", "while :; do echo 0123456789abcdef; done");
    const error = await rejection(probeClaudeVersion({ executable: flood, shell: SHELL, env, cwd: tmp, maxBytes: 64 * 1024 }));
    expect(error.name).toBe("claude_start_failed");
    expect((error.details as { errno?: string }).errno).toBe("E2BIG");
  });

  it("a hung probe past its timeout rejects claude_start_failed with errno ETIMEDOUT", async () => {
    const hang = script("hung-claude", "sleep 60");
    // An empty HOME: the kill at the timeout must not land in the account's own profile (a pyenv rehash killed there
    // leaves its lock behind, and every later login shell on the machine then waits 60 s for it).
    const home = mkdtempSync(join(tmp, "home-"));
    const error = await rejection(probeClaudeVersion({ executable: hang, shell: SHELL, env: { ...env, HOME: home }, cwd: tmp, timeoutMs: 500 }));
    expect(error.name).toBe("claude_start_failed");
    expect((error.details as { errno?: string }).errno).toBe("ETIMEDOUT");
  });

  it("a missing login shell is a start failure carrying the cause", async () => {
    const error = await rejection(probeClaudeVersion({ executable: CLAUDE_332, shell: join(tmp, "no-shell"), env, cwd: tmp }));
    expect(error.name).toBe("claude_start_failed");
    expect((error.details as { errno?: string }).errno).toBe("ENOENT");
  });
});

describe("runProbe bounds", () => {
  it("kills the whole process group on timeout (background children die too)", async () => {
    const pidFile = join(tmp, "bg.pid");
    const s = script("spawns-bg", `sleep 60 &\necho $! > '${pidFile}'\nwait`);
    const r = await runProbe(s, [], { timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(r.code).toBeNull();
    expect(existsSync(pidFile)).toBe(true);
    const bgPid = Number(readFileSync(pidFile, "utf8").trim());
    expect(await eventually(() => !alive(bgPid))).toBe(true);
  });

  it("a timed-out probe is hung up before it is killed, so the login profile's EXIT trap runs (pyenv removes its rehash lock there)", async () => {
    const marker = join(tmp, "trap-ran");
    // bash, as pyenv-rehash is: it runs its EXIT trap when a hangup ends it (a SIGKILL runs nothing).
    const s = script("traps-exit", `trap 'touch "${marker}"' EXIT\nsleep 60`, "/bin/bash");
    const r = await runProbe(s, [], { timeoutMs: 300 });
    expect(r.timedOut).toBe(true);
    expect(existsSync(marker)).toBe(true);
  });

  it("a timed-out probe that ignores the hangup is SIGKILLed with its whole group after the grace", async () => {
    const pidFile = join(tmp, "stubborn.pid");
    const s = script("ignores-hup", `trap '' HUP TERM\nsleep 60 &\necho $! > '${pidFile}'\nwait`);
    const r = await runProbe(s, [], { timeoutMs: 300 });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe("SIGKILL");
    const bgPid = Number(readFileSync(pidFile, "utf8").trim());
    expect(await eventually(() => !alive(bgPid))).toBe(true);
  });

  it("kills past maxBytes and truncates at a UTF-8 boundary (no U+FFFD)", async () => {
    const s = script("euro-flood", "while :; do printf '€€€€€€€€€€'; done");
    const r = await runProbe(s, [], { maxBytes: 1001 });
    expect(r.truncated).toBe(true);
    expect(Buffer.byteLength(r.stdout)).toBeLessThanOrEqual(1001);
    expect(r.stdout).not.toContain("\uFFFD");
    expect(r.stdout.length).toBe(333);
  });

  it("collects both streams and the exit code of a normal run", async () => {
    const s = script("normal", "echo out; echo err >&2; exit 3");
    const r = await runProbe(s, []);
    expect(r).toMatchObject({ code: 3, stdout: "out\n", stderr: "err\n", timedOut: false, truncated: false });
  });
});
