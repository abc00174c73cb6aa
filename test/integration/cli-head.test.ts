// `elwood --head` under a real terminal (node-pty): the simulated agent's raw bytes on stderr at the terminal's size,
// the terminal restored before exit, stdout kept to the final text, raw Ctrl-C as SIGINT, and its usage errors.

import * as pty from "@lydell/node-pty";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HEAD_RESTORE } from "../../cli/head-mirror.js";
import { readSimLog, simRecords } from "../sim/sim-control.js";
import { type CliSandbox, sandboxPerTest, ELWOOD_SOURCE, runCliChild } from "../support/cli-child.js";
import { eventually } from "../support/eventually.js";

const sandbox = sandboxPerTest();

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

interface HeadRun {
  readonly term: pty.IPty;
  readonly output: () => string;
  readonly done: Promise<{ code: number; output: string; stdout: string }>;
}

/** stdin and stderr are the terminal; stdout goes to a file so the protocol stays separate from the display. */
function inHead(s: CliSandbox, args: readonly string[], size = { cols: 137, rows: 41 }): HeadRun {
  const stdoutFile = join(s.root, "stdout");
  const command = `exec ${[process.execPath, ...ELWOOD_SOURCE, ...args].map(quote).join(" ")} > ${quote(stdoutFile)}`;
  const term = pty.spawn("/bin/sh", ["-c", command], { cwd: s.ws, env: s.env() as Record<string, string>, ...size });
  let output = "";
  term.onData((d) => (output += d));
  const done = new Promise<{ code: number; output: string; stdout: string }>((resolve) =>
    term.onExit(({ exitCode }) => resolve({ code: exitCode, output, stdout: readFileSync(stdoutFile, "utf8") })),
  );
  return { term, output: () => output, done };
}

/** Widths of the simulated composer's rules (`─` × cols between its colour and a reset) in what the terminal got. */
const ruleWidths = (output: string) => [...output.matchAll(/\x1b\[38;5;244m(─+)\x1b\[0m/g)].map((m) => (m[1] as string).length);

describe("elwood --head (issue 19, C-CLI-18)", () => {
  it("C-CLI-18: mirrors the agent's raw bytes to the terminal at its size, follows a resize, restores the terminal before exit, and keeps stdout to the final text", async () => {
    const s = sandbox({ script: { turnMs: 3_000 } });
    const run = inHead(s, ["--head", "hello", "head"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    await eventually(() => ruleWidths(run.output()).includes(137), 30_000, "a rule painted at the head terminal's width");
    run.term.resize(121, 35);
    await eventually(() => ruleWidths(run.output()).includes(121), 30_000, "a rule repainted at the resized width");
    const done = await run.done;
    expect(done.code, done.output).toBe(0);
    // Raw bytes, escapes intact: the sim's synchronized-update frames are only in its own output, never in a snapshot.
    expect(done.output).toContain("\x1b[?2026h");
    expect(done.output).toContain("Claude Code v");
    expect(done.output).toContain(HEAD_RESTORE);
    expect(done.output.indexOf(HEAD_RESTORE)).toBe(done.output.lastIndexOf(HEAD_RESTORE));
    // Attached through cleanup: the agent's last frame comes before the restore, nothing after it.
    expect(done.output.lastIndexOf("\x1b[?2026h")).toBeLessThan(done.output.indexOf(HEAD_RESTORE));
    expect(done.stdout).toBe("FAKE-REPLY: hello head\n");
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
  }, 120_000);

  it("C-CLI-18: a raw Ctrl-C byte mid-turn goes through the SIGINT lifecycle: exit 130 with the interrupted error, terminal restored, nothing left running", async () => {
    const s = sandbox({ script: { turnMs: 60_000 } });
    const run = inHead(s, ["--head", "--output", "json", "wait", "for", "it"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    run.term.write("x\x03");
    const done = await run.done;
    expect(done.code, done.output).toBe(130);
    expect(JSON.parse(done.stdout)).toMatchObject({ type: "error", error: { code: "interrupted" } });
    expect(done.output).toContain(HEAD_RESTORE);
    // The discarded key never reached the agent.
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["wait for it"]);
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-18: without a terminal on stdin and stderr, or with jsonl, stream, verbose or debug, it is a usage error before anything launches", async () => {
    const s = sandbox();
    const piped = await runCliChild(s, ["--head", "hello"]);
    expect(piped.code, piped.stderr).toBe(2);
    expect(piped.stderr).toContain("--head needs a terminal");
    for (const extra of [["--format", "jsonl"], ["--stream"], ["--verbose"], ["--debug"]]) {
      const run = await inHead(s, ["--head", ...extra, "hello"]).done;
      expect(run.code, `${extra.join(" ")}: ${run.output}`).toBe(2);
      expect(run.output + run.stdout).toContain("--head cannot be used with");
    }
    expect(readSimLog(s.logFile)).toEqual([]);
  }, 120_000);
});
