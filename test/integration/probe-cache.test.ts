// Issue 41 item 2: a CLI's `--version` / `--help` answers are kept per (resolved path, size, mtime) — a second start
// in another process sharing the state dir does not run the CLI again; touching the binary, or an update attempt,
// makes the next start probe again.

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { clearClaudeVersionCache, probeClaudeVersion } from "../../adapters/claude/version-probe.js";
import { clearCodexProbeCache } from "../../adapters/codex/version-probe.js";
import { probeCacheFile } from "../../effects/probe-cache-file.js";
import { runChild } from "../support/run-child.js";
import { startClaudeSim } from "./claude-sim-start.js";

const SHELL = "/bin/sh";
const tmp = mkdtempSync(join(tmpdir(), "elwood-probe-cache-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeEach(() => {
  clearClaudeVersionCache();
  clearCodexProbeCache();
});

let n = 0;
/** A fake CLI in a fresh directory that appends each invocation's first argument to `calls`. */
function fakeCli(answers: { readonly version: string; readonly help?: string }): { dir: string; path: string; calls: () => string[] } {
  const dir = join(tmp, `cli-${(n += 1)}`);
  mkdirSync(dir);
  const path = join(dir, "agent");
  writeFileSync(
    path,
    ["#!/bin/sh", `echo "$1" >> '${dir}/calls'`, `if [ "$1" = "--help" ]; then echo '${answers.help ?? ""}'; exit 0; fi`, `echo '${answers.version}'`, ""].join("\n"),
  );
  chmodSync(path, 0o755);
  const calls = (): string[] => (existsSync(join(dir, "calls")) ? readFileSync(join(dir, "calls"), "utf8").trim().split("\n") : []);
  return { dir, path, calls };
}

const baseEnv = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: tmp };

/** Probes in a new process (its in-memory cache cold) and returns its answer. */
async function probeInChild(agent: "claude" | "codex", request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const run = await runChild(process.execPath, ["--import", "tsx", join(process.cwd(), "test/support/probe-child.ts"), agent, JSON.stringify(request)], { cwd: process.cwd() }, "");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe("the probe cache (issue 41 item 2)", () => {
  it("issue 41 item 2: a second process sharing the state dir does not run the CLI again; touching the binary makes it probe", async () => {
    const cli = fakeCli({ version: "2.1.300 (Claude Code)" });
    const stateDir = join(cli.dir, "state");
    const request = { executable: cli.path, shell: SHELL, env: baseEnv, cwd: cli.dir, stateDir };
    expect(await probeInChild("claude", request)).toMatchObject({ version: "2.1.300", resolvedExecutable: cli.path });
    expect(cli.calls()).toEqual(["--version"]);
    expect(existsSync(probeCacheFile(stateDir, "claude"))).toBe(true);
    expect(await probeInChild("claude", request)).toMatchObject({ version: "2.1.300", raw: "2.1.300 (Claude Code)", resolvedExecutable: cli.path });
    expect(cli.calls()).toEqual(["--version"]);
    // Same content, new mtime (what any reinstall or update leaves): probed again.
    utimesSync(cli.path, new Date(), new Date(Date.now() + 5_000));
    expect(await probeInChild("claude", request)).toMatchObject({ version: "2.1.300" });
    expect(cli.calls()).toEqual(["--version", "--version"]);
  }, 60_000);

  it("issue 41 item 2: Codex's --version and --help are both kept; a different `env` option is a different key", async () => {
    const cli = fakeCli({ version: "codex-cli 0.171.0", help: "  --dangerously-bypass-hook-trust  run hooks" });
    const stateDir = join(cli.dir, "state");
    const request = { executable: cli.path, shell: SHELL, env: baseEnv, cwd: cli.dir, stateDir, callerEnv: { A: "1" } };
    expect(await probeInChild("codex", request)).toMatchObject({ version: "0.171.0", bypassHookTrust: true });
    expect(await probeInChild("codex", request)).toMatchObject({ version: "0.171.0", bypassHookTrust: true });
    expect(cli.calls()).toEqual(["--version", "--help"]);
    await probeInChild("codex", { ...request, callerEnv: { A: "2" } });
    expect(cli.calls()).toEqual(["--version", "--help", "--version", "--help"]);
    // The file holds a hash of the env option, never its values.
    expect(readFileSync(probeCacheFile(stateDir, "codex"), "utf8")).not.toContain('"A"');
  }, 60_000);

  it("issue 41 item 2: a bare name is located by the login shell; the CLI itself is not run again", async () => {
    const cli = fakeCli({ version: "2.1.300 (Claude Code)" });
    const bin = join(cli.dir, "bin");
    mkdirSync(bin);
    const named = join(bin, "fake-claude");
    writeFileSync(named, readFileSync(cli.path));
    chmodSync(named, 0o755);
    const stateDir = join(cli.dir, "state");
    // The login shell's profile puts it on PATH, as an installer's line in ~/.profile does (/etc/profile resets PATH).
    writeFileSync(join(cli.dir, ".profile"), `PATH='${bin}':"$PATH"\nexport PATH\n`);
    const request = { executable: "fake-claude", shell: SHELL, env: { ...baseEnv, HOME: cli.dir }, cwd: cli.dir, stateDir };
    expect(await probeInChild("claude", request)).toMatchObject({ version: "2.1.300", resolvedExecutable: "fake-claude" });
    expect(await probeInChild("claude", request)).toMatchObject({ version: "2.1.300", resolvedExecutable: "fake-claude" });
    expect(cli.calls()).toEqual(["--version"]);
  }, 60_000);

  it("issue 41 item 2: in one process the answer is kept until the binary changes; an update attempt's clear removes the shared file", async () => {
    const cli = fakeCli({ version: "2.1.300 (Claude Code)" });
    const stateDir = join(cli.dir, "state");
    const request = { executable: cli.path, shell: SHELL, env: baseEnv, cwd: cli.dir, stateDir };
    await probeClaudeVersion(request);
    await probeClaudeVersion(request);
    expect(cli.calls()).toEqual(["--version"]);
    // A new build of the same size and another one: both are new files to the cache.
    writeFileSync(cli.path, readFileSync(cli.path, "utf8").replace("2.1.300", "2.1.301"));
    expect((await probeClaudeVersion(request)).version).toBe("2.1.301");
    expect(cli.calls()).toEqual(["--version", "--version"]);
    // What agent-update's coordinator calls after every attempt: nothing is kept, here or on disk.
    clearClaudeVersionCache();
    expect(existsSync(probeCacheFile(stateDir, "claude"))).toBe(false);
    await probeClaudeVersion(request);
    expect(cli.calls()).toEqual(["--version", "--version", "--version"]);
  }, 60_000);

  it("issue 41 item 2: a corrupt or foreign cache file is a miss, never a failure, and is replaced", async () => {
    const cli = fakeCli({ version: "2.1.300 (Claude Code)" });
    const stateDir = join(cli.dir, "state");
    const file = probeCacheFile(stateDir, "claude");
    mkdirSync(join(stateDir, "probe-cache"), { recursive: true });
    for (const garbage of ["{not json", JSON.stringify({ format: 1, entries: [{ key: "x", answer: 1 }] }), JSON.stringify({ format: 2 })]) {
      writeFileSync(file, garbage);
      const request = { executable: cli.path, shell: SHELL, env: baseEnv, cwd: cli.dir, stateDir };
      expect(await probeInChild("claude", request)).toMatchObject({ version: "2.1.300" });
    }
    expect(cli.calls()).toEqual(["--version", "--version", "--version"]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ format: 1, entries: [{ answer: { version: "2.1.300" } }] });
  }, 60_000);

  it("issue 41 item 2: a start with a state dir shares its probe; touching the executable makes the next start probe again", async () => {
    const first = await startClaudeSim({ stateDir: join(tmp, "start-state") });
    await first.session.waitForStatus((s) => s === "ready", 20_000);
    expect(first.probes()).toBe(1);
    expect(existsSync(probeCacheFile(join(tmp, "start-state"), "claude"))).toBe(true);
    await first.session.teardown();
    const wrapper = join(first.dir, "claude-wrapper.sh");
    utimesSync(wrapper, new Date(), new Date(Date.now() + 5_000));
    const second = await startClaudeSim({ dir: first.dir, stateDir: join(tmp, "start-state") });
    await second.session.waitForStatus((s) => s === "ready", 20_000);
    expect(second.probes()).toBe(2);
    await second.cleanup();
  }, 60_000);
});
