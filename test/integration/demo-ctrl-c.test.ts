// `npm run demo` stops on Ctrl+C when run through npm (issue 15 §1): SIGINT to the npm process, or to the whole
// foreground group as a terminal sends it, tears the session down and leaves no process of it behind.

import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processesWithEnv } from "../e2e/support/processes.js";

const ROOT = resolve(import.meta.dirname, "../..");
const MARK = "ELWOOD_DEMO_CTRL_C_TEST";
/** A bound on "promptly" that only a hang can cross (the demo's own hard stop is 10 s after the signal). */
const EXIT_BOUND_MS = 60_000;

interface RunningDemo {
  readonly npm: ChildProcess;
  readonly mark: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** `npm run demo -- --sim` in its own process group (a terminal's foreground job), until it prints the URL. */
async function startDemo(): Promise<RunningDemo> {
  const mark = randomUUID();
  // A throwaway HOME: the demo resolves the agent through the login shell, and the developer's own profile is no
  // part of this test.
  const home = mkdtempSync(join(tmpdir(), "elwood-demo-home-"));
  homes.push(home);
  const npm = spawn("npm", ["run", "demo", "--", "--sim"], {
    cwd: ROOT,
    env: { ...process.env, HOME: home, [MARK]: mark, npm_config_cache: join(process.env["HOME"] ?? home, ".npm") },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  npm.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  npm.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => npm.on("exit", (code, signal) => resolveExit({ code, signal })));
  const ready = await Promise.race([
    new Promise<boolean>((resolveReady) => {
      const check = (): void => {
        if (out.includes("Inspector: http")) resolveReady(true);
      };
      npm.stdout?.on("data", check);
    }),
    exited.then(() => false),
  ]);
  if (!ready) throw new Error(`the demo did not start:\n${out}`);
  return { npm, mark, output: () => out, exited };
}

async function expectStoppedCleanly(demo: RunningDemo): Promise<void> {
  const bound = new Promise<"hung">((r) => setTimeout(() => r("hung"), EXIT_BOUND_MS).unref());
  const result = await Promise.race([demo.exited, bound]);
  if (result === "hung") process.kill(-(demo.npm.pid ?? 0), "SIGKILL");
  expect(result, demo.output()).not.toBe("hung");
  // The demo tore the session down itself (it did not hit its hard stop): the session's processes are gone.
  expect(demo.output()).toContain("tearing down…");
  expect(demo.output()).toContain("done.");
  await expect.poll(() => processesWithEnv(MARK, demo.mark), { timeout: 10_000 }).toEqual([]);
}

describe("npm run demo stops on Ctrl+C (issue 15 §1)", () => {
  it("SIGINT to the npm process alone reaches the demo, which tears down and exits", async () => {
    const demo = await startDemo();
    expect(processesWithEnv(MARK, demo.mark).length).toBeGreaterThan(1);
    process.kill(demo.npm.pid ?? 0, "SIGINT");
    await expectStoppedCleanly(demo);
  }, 240_000);

  it("Ctrl+C in a terminal (SIGINT to the whole foreground group, which npm forwards again) is one clean stop", async () => {
    const demo = await startDemo();
    process.kill(-(demo.npm.pid ?? 0), "SIGINT");
    await expectStoppedCleanly(demo);
  }, 240_000);
});
