// `elwood interactive` under a real terminal (node-pty): the agent's own TUI gets the mapped options and the
// terminal, and the command exits with the agent's status; a stored session resumes by its conversation id.

import * as pty from "@lydell/node-pty";
import { appendFileSync, chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CliSandbox, sandboxPerTest, ELWOOD_SOURCE, runCliChild } from "../support/cli-child.js";

const sandbox = sandboxPerTest();

/** Runs the command with a terminal on stdin/stdout and resolves with its exit code and everything it painted. */
function inTerminal(s: CliSandbox, args: readonly string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const term = pty.spawn(process.execPath, [...ELWOOD_SOURCE, ...args], { cwd: s.ws, env: s.env() as Record<string, string>, cols: 120, rows: 30 });
    let output = "";
    term.onData((d) => (output += d));
    term.onExit(({ exitCode }) => resolve({ code: exitCode, output }));
  });
}

describe("elwood interactive (issue 19, C-CLI-25)", () => {
  it("C-CLI-25: runs the agent in the foreground with its terminal, mapped options and no built-in posture, and exits with its status", async () => {
    const s = sandbox();
    // Replace the simulated agent with one that reports its argv and whether it got a terminal, then exits 7.
    const claude = join(s.root, "bin", "claude");
    writeFileSync(claude, `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(s.root, "argv")}'\n[ -t 0 ] && [ -t 1 ] && echo tty > '${join(s.root, "tty")}'\nexit 7\n`);
    chmodSync(claude, 0o755);
    const run = await inTerminal(s, ["interactive", "--model", "opus", "--reasoning-effort", "high"]);
    expect(run.code, run.output).toBe(7);
    expect(readFileSync(join(s.root, "argv"), "utf8").trim().split("\n")).toEqual(["--model", "opus", "--effort", "high"]);
    expect(readFileSync(join(s.root, "tty"), "utf8").trim()).toBe("tty");
  }, 60_000);

  it("C-CLI-25: with a stored id it passes the agent's own conversation id and the stored posture", async () => {
    const s = sandbox();
    const first = await runCliChild(s, ["--output", "json", "remember", "this"]);
    expect(first.code, first.stderr).toBe(0);
    const { sessionId } = JSON.parse(first.stdout) as { sessionId: string };
    const record = JSON.parse(readFileSync(join(s.stateDir, "sessions", sessionId, "session.json"), "utf8")) as { resume: { conversationId: string } };
    const claude = join(s.root, "bin", "claude");
    writeFileSync(claude, `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(s.root, "argv")}'\nexit 0\n`);
    chmodSync(claude, 0o755);
    const run = await inTerminal(s, ["interactive", sessionId]);
    expect(run.code, run.output).toBe(0);
    expect(readFileSync(join(s.root, "argv"), "utf8").trim().split("\n")).toEqual(["--permission-mode", "dontAsk", "--resume", record.resume.conversationId]);
    expect((await inTerminal(s, ["interactive", sessionId, "--cwd", "/tmp"])).code).toBe(2);
  }, 120_000);
  it("C-CLI-25: a stored Qwen session reopens on its conversation with QWEN_HOME at the session's private home, whatever the shell's profile exports (issue 34)", async () => {
    const s = sandbox();
    const dir = join(s.stateDir, "sessions", "qwen-1");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const record = { schemaVersion: 1, elwoodSessionId: "qwen-1", cwd: s.ws, adapter: "qwen", resume: { conversationId: "c0ffee-conv", approvalMode: "plan" } };
    writeFileSync(join(dir, "session.json"), JSON.stringify(record), { mode: 0o600 });
    const qwen = join(s.root, "bin", "qwen");
    writeFileSync(qwen, `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(s.root, "argv")}'\nprintf '%s' "$QWEN_HOME" > '${join(s.root, "qwen-home-var")}'\nexit 0\n`);
    chmodSync(qwen, 0o755);
    // The user's own QWEN_HOME, exported by the login shell's profile, must not win over the session's.
    appendFileSync(join(s.root, "home", ".bash_profile"), "export QWEN_HOME=/users/own/qwen\n");
    const run = await inTerminal(s, ["interactive", "qwen-1"]);
    expect(run.code, run.output).toBe(0);
    expect(readFileSync(join(s.root, "argv"), "utf8").trim().split("\n")).toEqual(["--approval-mode", "plan", "--resume", "c0ffee-conv"]);
    expect(readFileSync(join(s.root, "qwen-home-var"), "utf8")).toBe(join(dir, "qwen-home"));
  }, 60_000);
});
