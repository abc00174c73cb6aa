// The examples' supervisor (C-APP-11): an unknown example is a usage error, and Ctrl+C during a turn ends the example
// and the CLI it drives — nothing of the run is left — while the CLI's screen never reaches the caller's output.

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processesWithEnv } from "../e2e/support/processes.js";
import { simAgentPath } from "../sim/sim-control.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SUPERVISOR = join(ROOT, "examples/run-example.mjs");
const MARK = "ELWOOD_EXAMPLE_SUPERVISOR_TEST";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(args: readonly string[], mark: string) {
  const child = spawn(process.execPath, [SUPERVISOR, ...args], { cwd: ROOT, env: { ...process.env, [MARK]: mark }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, exited, output: () => out };
}

describe("examples/run-example.mjs (C-APP-11)", () => {
  it("C-APP-11: an unknown or path-like example name exits 2 with the usage and starts nothing", async () => {
    for (const name of ["no-such-example", "../test/sim/sim-agent"]) {
      const app = run([name], randomUUID());
      expect(await app.exited).toBe(2);
      expect(app.output()).toContain("usage: node examples/run-example.mjs <example>");
    }
  }, 30_000);

  it("C-APP-11: SIGINT while a turn runs ends the supervisor, the example and the CLI; only the example's own lines were printed", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "elwood-example-"));
    dirs.push(cwd);
    const mark = randomUUID();
    // HANG: the simulated agent starts the turn and never answers, so the example is mid-turn when the signal comes.
    const app = run(["status-log", "--cwd", cwd, "--executable", simAgentPath, "HANG"], mark);
    await expect.poll(() => app.output(), { timeout: 60_000 }).toContain("status: ready → running");
    expect(processesWithEnv(MARK, mark).length).toBeGreaterThan(2);
    app.child.kill("SIGINT");
    expect(await app.exited).toBe(130);
    await expect.poll(() => processesWithEnv(MARK, mark), { timeout: 15_000 }).toEqual([]);
    expect(app.output()).not.toContain("\u001b");
    for (const line of app.output().trim().split("\n")) expect(line).toMatch(/^(status|activity|decision): /);
  }, 120_000);
});
