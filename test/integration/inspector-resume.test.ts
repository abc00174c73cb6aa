// The inspector app resumes a saved Elwood session id (C-APP-02): Ctrl+C stops a live session and prints the command
// that resumes it; that command brings the same session back on its own conversation; an unknown id is a clear error.

import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listSessions } from "../../src/index.js";
import { processesWithEnv } from "../e2e/support/processes.js";
import { simAgentPath } from "../sim/sim-control.js";

const ROOT = resolve(import.meta.dirname, "../..");
const MARK = "ELWOOD_INSPECTOR_RESUME_TEST";
/** A bound only a hang crosses (the app's own hard stop is 10 s after the signal). */
const EXIT_BOUND_MS = 60_000;

interface RunningApp {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `elwood-inspect` on the simulated Claude in `cwd`, with `extra` arguments; resolves once it printed its URL or exited. */
async function runApp(cwd: string, mark: string, extra: readonly string[]): Promise<RunningApp & { readonly started: boolean }> {
  const args = ["--import", "tsx", join(ROOT, "inspector/cli.ts"), "--cwd", cwd, "--executable", simAgentPath, ...extra];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, [MARK]: mark, ELWOOD_SIM_LOG: join(cwd, "..", "sim.jsonl") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
  const started = await Promise.race([
    new Promise<boolean>((resolveStarted) => child.stdout?.on("data", () => out.includes("Inspector: http") && resolveStarted(true))),
    exited.then(() => false),
  ]);
  return { child, output: () => out, exited, started };
}

async function interruptAndWait(app: RunningApp): Promise<number | null> {
  app.child.kill("SIGINT");
  const bound = new Promise<"hung">((r) => setTimeout(() => r("hung"), EXIT_BOUND_MS).unref());
  const result = await Promise.race([app.exited, bound]);
  if (result === "hung") app.child.kill("SIGKILL");
  expect(result, app.output()).not.toBe("hung");
  return result as number | null;
}

function simLog(cwd: string): Array<Record<string, unknown>> {
  return readFileSync(join(cwd, "..", "sim.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("elwood-inspect resumes a saved session (C-APP-02)", () => {
  it("C-APP-02: Ctrl+C stops the live session and prints its resume command; that command resumes the same session and conversation", async () => {
    const root = mkdtempSync(join(tmpdir(), "elwood-inspect-resume-"));
    dirs.push(root);
    const cwd = join(root, "project with 'quotes'");
    mkdirSync(cwd);
    const mark = randomUUID();

    const first = await runApp(cwd, mark, []);
    expect(first.started, first.output()).toBe(true);
    // A person looks at the inspector first: by then the CLI has reported its conversation.
    await expect.poll(() => first.output(), { timeout: 60_000 }).toMatch(/status: \w+ → ready/);
    const sid = /Session: (\S+)/.exec(first.output())?.[1];
    expect(sid, first.output()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await interruptAndWait(first)).toBe(130);
    await expect.poll(() => processesWithEnv(MARK, mark), { timeout: 10_000 }).toEqual([]);

    // Stopped, not torn down: the record stays, with the CLI's conversation id to resume.
    const records = await listSessions({ cwd });
    expect(records.map((r) => r.elwoodSessionId)).toEqual([sid]);
    const conversationId = records[0]?.resume.conversationId;
    expect(typeof conversationId).toBe("string");
    const printed = /Resume it with:\n\s+(.+)\n/.exec(first.output())?.[1];
    expect(printed, first.output()).toBeDefined();
    expect(printed).toContain(`--resume ${sid}`);
    expect(printed).toContain(`'${cwd.replaceAll("'", `'\\''`)}'`);

    // The printed command's arguments, run again: the same Elwood session on the same conversation.
    const second = await runApp(cwd, mark, ["--resume", String(sid)]);
    expect(second.started, second.output()).toBe(true);
    expect(second.output()).toContain(`Session: ${sid}`);
    expect(second.output()).toContain(`resumed ${sid}`);
    const resumedIds = (): unknown[] => simLog(cwd).filter((r) => r["kind"] === "resumed").map((r) => r["id"]);
    await expect.poll(resumedIds, { timeout: 30_000 }).toEqual([conversationId]);
    expect(await interruptAndWait(second)).toBe(130);
    expect((await listSessions({ cwd })).map((r) => r.elwoodSessionId)).toEqual([sid]);
  }, 240_000);

  it("C-APP-02: an unknown session id ends the app with the error's code, starting nothing", async () => {
    const root = mkdtempSync(join(tmpdir(), "elwood-inspect-resume-"));
    dirs.push(root);
    const cwd = join(root, "project");
    mkdirSync(cwd);
    const app = await runApp(cwd, randomUUID(), ["--resume", randomUUID()]);
    expect(app.started, app.output()).toBe(false);
    expect(await app.exited).toBe(1);
    expect(app.output()).toMatch(/could not be started: state_not_found: /);
  }, 120_000);
});
