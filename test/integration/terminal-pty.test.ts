// A real PTY feeding a real HeadlessTerminal: rendering, input path, query answers and backpressure end to end.
import { afterEach, describe, expect, it } from "vitest";
import { spawnAgentPty, type AgentPty } from "../../effects/pty/agent-pty.js";
import { attachTerminal } from "../../effects/pty/attach-terminal.js";
import { HeadlessTerminal, type HeadlessTerminalOptions } from "../../effects/terminal/headless-terminal.js";

const KiB = 1024;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const env = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function session(script: string, termOpts: Partial<HeadlessTerminalOptions> = {}): { p: AgentPty; t: HeadlessTerminal } {
  const p = spawnAgentPty({
    executable: process.execPath,
    args: ["-e", script],
    cwd: process.cwd(),
    env: env(),
    cols: 80,
    rows: 24,
    viaLoginShell: false,
  });
  const t = new HeadlessTerminal({ cols: 80, rows: 24, ...termOpts });
  attachTerminal(p, t);
  cleanups.push(async () => {
    await p.kill();
    t.dispose();
  });
  return { p, t };
}

const exited = (p: AgentPty): Promise<void> => new Promise((resolve) => p.onExit(() => resolve()));

async function waitForScreen(t: HeadlessTerminal, text: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!t.snapshot().text.includes(text)) {
    if (Date.now() > deadline) throw new Error(`screen never showed ${JSON.stringify(text)}:\n${t.snapshot().text}`);
    await sleep(10);
  }
}

describe("PTY → HeadlessTerminal", () => {
  it("C-PTY-01/C-PTY-07: cursor-addressed TUI output from a real PTY is rendered into the snapshot", async () => {
    const script = "process.stdout.write('\\x1b[?1049h\\x1b[2J\\x1b[3;5H╭─ Dialog ─╮\\x1b[4;5H│ 1. Yes   │\\x1b[5;5H╰──────────╯\\x1b[?25l'); setTimeout(() => {}, 5000);";
    const { t } = session(script);
    await waitForScreen(t, "╰──────────╯");
    const snap = t.snapshot();
    expect(snap.altScreen).toBe(true);
    expect(snap.cursor.visible).toBe(false);
    expect(snap.lines[2]).toBe("    ╭─ Dialog ─╮");
    expect(snap.lines[3]).toBe("    │ 1. Yes   │");
  });

  it("C-PTY-04: sendInput travels xterm's input path into the PTY and back to the screen", async () => {
    const script = [
      "process.stdin.setRawMode(true);",
      "process.stdin.on('data', (b) => { process.stdout.write('GOT[' + b.toString('hex') + ']\\r\\n'); if (b.includes(0x71)) process.exit(0); });",
      "process.stdout.write('READY\\r\\n');",
    ].join("\n");
    const { p, t } = session(script);
    await waitForScreen(t, "READY");
    t.sendInput("hi\r");
    await waitForScreen(t, "GOT[68690d]");
    t.sendInput("q");
    await exited(p);
    await t.settled();
    expect(t.snapshot().text).toContain("GOT[71]");
  });

  it("xterm's automatic answer to a DA1 query reaches the child through the PTY", async () => {
    const script = [
      "process.stdin.setRawMode(true);",
      "let got = '';",
      "process.stdin.on('data', (b) => { got += b.toString('latin1'); if (/\\x1b\\[\\?[\\d;]+c/.test(got)) { process.stdout.write('DA1-ANSWERED\\r\\n'); process.exit(0); } });",
      "process.stdout.write('\\x1b[c');",
    ].join("\n");
    const { p, t } = session(script);
    await exited(p);
    await t.settled();
    expect(t.snapshot().text).toContain("DA1-ANSWERED");
  });

  it("C-PERF-06: a slow renderer pauses the real PTY and resumes it; every line arrives in order", async () => {
    // Low marks so that the PTY (which itself throttles to the render rate) must hit them.
    const { p, t } = session(
      "let s = ''; for (let i = 0; i < 40000; i++) s += 'line ' + i + ' ' + 'x'.repeat(40) + '\\n'; process.stdout.write(s + 'DONE\\n', () => process.exit(0));",
      { highWaterBytes: 48 * KiB, lowWaterBytes: 16 * KiB },
    );
    const events: boolean[] = [];
    t.onBackpressure((paused) => events.push(paused));
    let raw = "";
    t.onRawOutput((chunk) => {
      raw += chunk;
    });
    let rendered = 0;
    t.onFrame((frame) => {
      rendered += frame.bytes;
      const end = performance.now() + 8;
      while (performance.now() < end) {
        // Slow observer.
      }
    });
    await exited(p);
    await t.settled();
    expect(events.filter((e) => e).length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)).toBe(false);
    expect(rendered).toBe(Buffer.byteLength(raw));
    const lines = raw.split("\r\n");
    expect(lines.at(-2)).toBe("DONE");
    for (let i = 0; i < 40000; i += 1) {
      if (lines[i] !== `line ${i} ${"x".repeat(40)}`) throw new Error(`line ${i} wrong: ${lines[i]}`);
    }
    expect(t.snapshot().text).toContain("DONE");
  });
});
