// E2E support: the built elwood command as a child process in a sandbox home whose login shell finds one pinned real CLI.

import { execFile, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect } from "vitest";
import { eventually } from "../../support/eventually.js";
import { schemaProblems } from "../../support/json-schema-check.js";
import { CLAUDE_VERSIONS, CODEX_VERSIONS, QWEN_VERSIONS, REPO_ROOT } from "../harness/cli-paths.js";
import { createClaudeHome } from "../harness/claude-home.js";
import { createCodexHome } from "../harness/codex-home.js";
import { createQwenHome } from "../harness/qwen-home.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { type ModelServer, startModelServer } from "../model-server/index.js";

/** The shipped JSON Schema every record the command writes must satisfy. */
const SCHEMA = JSON.parse(readFileSync(path.join(REPO_ROOT, "cli/output.schema.json"), "utf8")) as Record<string, unknown>;
const DOCUMENT = (SCHEMA["$defs"] as Record<string, Record<string, unknown>>)["document"] as Record<string, unknown>;

const BUILD_DIR = path.join(REPO_ROOT, ".artifacts", `e2e-elwood-${process.pid}`);
let built: Promise<string> | undefined;
// Registered on the importing test file: its build is removed once its tests are done.
afterAll(() => rmSync(BUILD_DIR, { recursive: true, force: true }));

/**
 * The command as the package ships it: the test file builds the package once (`npm run build`'s script) into its
 * own folder under the repository's .artifacts (so node_modules resolves) and runs its cli/elwood.js.
 */
function builtElwood(): Promise<string> {
  built ??= (async () => {
    const out = BUILD_DIR;
    await promisify(execFile)(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "test/tools/build-package.ts")], {
      cwd: REPO_ROOT,
      env: { ...process.env, ELWOOD_BUILD_DIR: out },
    });
    return path.join(out, "cli", "elwood.js");
  })();
  return built;
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliE2ESandbox {
  readonly server: ModelServer;
  /** The invocation directory (the sandbox's project). */
  readonly project: string;
  readonly env: Record<string, string>;
  /** The built command (compiled JS, run with plain node: no tsx). */
  readonly command: string;
  /** The folder the login shell puts first on PATH (holds the pinned CLI's link). */
  readonly bin: string;
  /** Pids of processes still running in the project (the CLI and anything it started). */
  leftovers(): number[];
  dispose(): Promise<void>;
}

/** A sandbox home whose login shell finds the pinned `claude`, `codex` or `qwen` of that version on PATH, and its model server. */
export async function cliE2ESandbox(agent: "claude" | "codex" | "qwen", version: string): Promise<CliE2ESandbox> {
  const codex = CODEX_VERSIONS.find((v) => agent === "codex" && v.version === version);
  const qwen = QWEN_VERSIONS.find((v) => agent === "qwen" && v.version === version);
  const pinned = codex ?? qwen ?? CLAUDE_VERSIONS.find((v) => agent === "claude" && v.version === version);
  if (!pinned) throw new Error(`${agent} ${version} is not among the pinned versions`);
  const command = await builtElwood();
  const server = await startModelServer();
  const home =
    agent === "claude"
      ? await createClaudeHome({ modelServerUrl: server.url })
      : agent === "qwen"
        ? await createQwenHome({ modelServerUrl: server.url })
        : await createCodexHome({ modelServerUrl: server.url, version });
  const bin = path.join(home.root, "bin");
  mkdirSync(bin);
  symlinkSync(pinned.executable, path.join(bin, agent));
  writeFileSync(path.join(home.home, ".bash_profile"), `export PATH='${bin}':"$PATH"\n`);
  return {
    server,
    project: home.project,
    command,
    bin,
    env: { ...home.env, ...(codex?.wrapperEnv ?? {}) },
    leftovers: () =>
      readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return readlinkSync(`/proc/${p}/cwd`) === home.project;
          } catch {
            return false;
          }
        })
        .map(Number),
    dispose: async () => {
      await server.close();
      await home.cleanup();
    },
  };
}

/**
 * Starts the built command in the sandbox project; `stdin` is piped text (else an empty pipe); `signal`
 * sends the command (not its agent) a signal.
 */
export function startElwood(box: CliE2ESandbox, args: readonly string[], stdin?: string): { done: Promise<CliRun>; signal(name: NodeJS.Signals): void } {
  const child = spawn(process.execPath, [box.command, ...args], { cwd: box.project, env: box.env, stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.on("error", () => undefined);
  child.stdin.end(stdin ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  return { done, signal: (name) => child.kill(name) };
}

/**
 * Runs `body` in a fresh sandbox (after checking the test runs loopback-only) and disposes of the sandbox whatever
 * the body does.
 */
export async function inCliSandbox(agent: "claude" | "codex" | "qwen", version: string, body: (box: CliE2ESandbox) => Promise<void>): Promise<void> {
  assertLoopbackOnly();
  const box = await cliE2ESandbox(agent, version);
  try {
    await body(box);
  } finally {
    await box.dispose();
  }
}

/** Runs the command to its end and checks its exit status (default 0), showing its output when the status differs. */
export async function runElwood(box: CliE2ESandbox, args: readonly string[], options: { readonly stdin?: string; readonly code?: number } = {}): Promise<CliRun> {
  const run = await startElwood(box, args, options.stdin).done;
  expect(run.code, run.stdout + run.stderr).toBe(options.code ?? 0);
  return run;
}

/** Starts the command, sends it Ctrl+C (SIGINT) once `started` holds, and checks it then exits 130. */
export async function interruptElwood(box: CliE2ESandbox, args: readonly string[], started: () => boolean, what: string): Promise<CliRun> {
  const child = startElwood(box, args);
  await eventually(started, 90_000, what);
  child.signal("SIGINT");
  const run = await child.done;
  expect(run.code, run.stdout + run.stderr).toBe(130);
  return run;
}

/** The jsonl records, each validated by the schema, numbered in order, with exactly one result or error. */
export function jsonlRecords(stdout: string): Array<Record<string, unknown>> {
  const parsed = stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const r of parsed) expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
  expect(parsed.map((r) => r["sequence"])).toEqual(parsed.map((_, i) => i));
  expect(parsed.filter((r) => r["type"] === "result" || r["type"] === "error")).toHaveLength(1);
  return parsed;
}

/** The `--output json` document, validated by the schema. */
export function jsonDocument(stdout: string): Record<string, unknown> {
  const document = JSON.parse(stdout) as Record<string, unknown>;
  expect(schemaProblems(SCHEMA, document, DOCUMENT), stdout).toEqual([]);
  return document;
}

/** Waits (generously) until no process runs in the sandbox project: the agent and everything it started are gone. */
export async function expectNothingLeft(box: CliE2ESandbox): Promise<void> {
  await eventually(() => box.leftovers().length === 0, 30_000, "the CLI and its children to exit");
  expect(box.leftovers()).toEqual([]);
}

/** A turn with one tool call: its call, result and closing text records, after checking they came in that order before the result. */
export function toolCallThenText(records: ReadonlyArray<Record<string, unknown>>): [call: Record<string, unknown>, output: Record<string, unknown>, text: Record<string, unknown>] {
  const content = records.filter((r) => r["type"] === "tool" || r["type"] === "text" || r["type"] === "result");
  expect(content.map((r) => (r["type"] === "tool" ? `tool:${r["phase"]}` : r["type"]))).toEqual(["tool:call", "tool:result", "text", "result"]);
  const [call, output, text] = content as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
  expect(typeof call["toolCallId"]).toBe("string");
  expect(output).toMatchObject({ toolCallId: call["toolCallId"], isError: false });
  return [call, output, text];
}
