// Smoke test of the simulated Claude/Codex TUIs through a real PTY into a real headless xterm: screens, input, hooks, log.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  appendStdinCommand, readHookPayloads, readSimLog, simAgentPath, simArgs, simEnv, simRecords, writeHookSettings,
  type SimEnvOptions, type SimFlavour,
} from "../sim/sim-control.js";

const { Terminal } = xterm;
const root = mkdtempSync(join(tmpdir(), "elwood-sim-smoke-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const EVENTS = ["SessionStart", "InstructionsLoaded", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop", "SessionEnd", "PreCompact", "PostCompact", "Interrupt"];
const baseEnv: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === "string" && !e[0].startsWith("ELWOOD_SIM_")),
);

interface Sim {
  readonly dir: string;
  readonly logFile: string;
  readonly hookFile: string;
  readonly proc: pty.IPty;
  readonly term: InstanceType<typeof Terminal>;
  raw: string;
  readonly titles: string[];
  readonly exit: Promise<number>;
  screen(): string;
  until(what: string | RegExp, timeoutMs?: number): Promise<string>;
}
const live: Sim[] = [];
afterEach(() => { for (const s of live.splice(0)) { try { s.proc.kill(); } catch { /* already exited */ } s.term.dispose(); } });

let counter = 0;
function startSim(opts: { flavour?: SimFlavour; env?: SimEnvOptions; settings?: (dir: string, hookFile: string) => string; cols?: number; rows?: number } = {}): Sim {
  const dir = join(root, `s${++counter}`);
  execFileSync("mkdir", ["-p", dir]);
  const logFile = join(dir, "sim.jsonl");
  const hookFile = join(dir, "hooks.jsonl");
  const settings = opts.settings ? opts.settings(dir, hookFile) : join(dir, "settings.json");
  if (!opts.settings) writeHookSettings(settings, EVENTS, appendStdinCommand(hookFile));
  const cols = opts.cols ?? 100;
  const rows = opts.rows ?? 30;
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  const proc = pty.spawn(process.execPath, simArgs({ flavour: opts.flavour ?? "claude", settings }), {
    cols, rows, cwd: dir, name: "xterm-256color", env: { ...baseEnv, ...simEnv({ log: logFile, ...opts.env }) },
  });
  const titles: string[] = [];
  term.onTitleChange((t) => titles.push(t));
  const exit = new Promise<number>((resolve) => proc.onExit((e) => resolve(e.exitCode)));
  const sim: Sim = {
    dir, logFile, hookFile, proc, term, raw: "", titles, exit,
    screen() {
      const b = term.buffer.active;
      const out: string[] = [];
      for (let i = 0; i < term.rows; i++) out.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? "");
      return out.join("\n");
    },
    async until(what, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const s = sim.screen();
        if (typeof what === "string" ? s.includes(what) : what.test(s)) return s;
        if (Date.now() > deadline) throw new Error(`screen never showed ${String(what)}:\n${s}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
  proc.onData((d) => { sim.raw += d; term.write(d); });
  live.push(sim);
  return sim;
}

const CLAUDE_READY = /─{20,}\n❯\u00a0 *\n─{20,}\n {2}⏸ manual mode on · \? for shortcuts/;
const hookNames = (s: Sim) => readHookPayloads(s.hookFile).map((p) => p.hook_event_name);
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("simulated agent (test/sim/sim-agent.mjs)", () => {
  it("prints the captured version strings, overridable by ELWOOD_SIM_VERSION", () => {
    const run = (args: string[], env: Record<string, string> = {}) => execFileSync(process.execPath, [simAgentPath, ...args], { env: { ...baseEnv, ...env } }).toString();
    expect(run(["--version"])).toBe("2.1.332 (Claude Code)\n");
    expect(run(["--flavour", "codex", "--version"])).toBe("codex-cli 0.171.0\n");
    expect(run(["--version", "--permission-mode", "manual"], { ELWOOD_SIM_VERSION: "2.1.215" })).toBe("2.1.215 (Claude Code)\n");
  });

  it("claude: paints the composer between full-width rules, idle title, SessionStart then InstructionsLoaded", async () => {
    const sim = startSim();
    const screen = await sim.until(CLAUDE_READY);
    expect(screen).toContain("Claude Code v2.1.332");
    expect(sim.raw).toContain("\x1b[?2004h");
    expect(sim.titles.at(-1)).toBe("✳ Claude Code");
    await waitFor(() => (hookNames(sim).includes("InstructionsLoaded") ? true : undefined), "InstructionsLoaded");
    const [start] = readHookPayloads(sim.hookFile);
    expect(start).toMatchObject({ hook_event_name: "SessionStart", source: "startup", cwd: sim.dir });
    expect(Object.keys(start ?? {})).toEqual(expect.arrayContaining(["session_id", "transcript_path", "cwd", "hook_event_name"]));
  });

  it("claude: a multi-line bracketed paste becomes a chip; a separate Enter submits exactly one turn with zero live keystrokes", async () => {
    const sim = startSim();
    await sim.until(CLAUDE_READY);
    const text = "line one\nline two\nline three\nline four";
    sim.proc.write(paste(text));
    await sim.until("❯\u00a0[Pasted text #1 +3 lines]");
    sim.proc.write("\r");
    await sim.until("● FAKE-REPLY: line one line two line three line four");
    await sim.until(CLAUDE_READY);
    await waitFor(() => (simRecords(readSimLog(sim.logFile), "turn").length ? true : undefined), "turn record");
    const log = readSimLog(sim.logFile);
    expect(simRecords(log, "paste").map((r) => r.text)).toEqual([text]);
    expect(simRecords(log, "key").map((r) => r.key)).toEqual(["enter"]);
    expect(simRecords(log, "submit").map((r) => r.text)).toEqual([text]);
    expect(simRecords(log, "turn").map((r) => r.outcome)).toEqual(["stop"]);
    const payloads = readHookPayloads(sim.hookFile);
    expect(payloads.find((p) => p.hook_event_name === "UserPromptSubmit")).toMatchObject({ prompt: text });
    expect(payloads.find((p) => p.hook_event_name === "Stop")).toMatchObject({ last_assistant_message: "FAKE-REPLY: line one line two line three line four", stop_hook_active: false });
  });

  it("claude: with eatEnterAfterPaste an Enter in the paste's own write is lost; a separate Enter submits", async () => {
    const sim = startSim({ env: { script: { eatEnterAfterPaste: true } } });
    await sim.until(CLAUDE_READY);
    sim.proc.write(`${paste("same write")}\r`);
    await sim.until("❯\u00a0same write");
    await waitFor(() => (simRecords(readSimLog(sim.logFile), "key").length ? true : undefined), "enter record");
    expect(simRecords(readSimLog(sim.logFile), "submit")).toEqual([]);
    sim.proc.write("\r");
    await sim.until("● FAKE-REPLY: same write");
    expect(simRecords(readSimLog(sim.logFile), "submit").map((r) => r.text)).toEqual(["same write"]);
  });

  it("claude: Escape mid-SLOW turn shows the interrupt banner, goes idle, and fires no Stop hook", async () => {
    const sim = startSim();
    await sim.until(CLAUDE_READY);
    sim.proc.write(paste("please go SLOW"));
    await sim.until("❯\u00a0please go SLOW");
    sim.proc.write("\r");
    const busy = await sim.until(/● This/);
    expect(busy).toMatch(/✢|·|\*|✶|✻|✽/);
    expect(busy).toContain("esc to interrupt");
    await waitFor(() => (sim.titles.some((t) => t === "◐ Claude Code") ? true : undefined), "busy title");
    sim.proc.write("\x1b");
    const after = await sim.until("⎿  Interrupted · What should Claude do instead?");
    await sim.until(CLAUDE_READY);
    expect(after).not.toContain("esc to interrupt");
    const log = readSimLog(sim.logFile);
    expect(simRecords(log, "turn").map((r) => r.outcome)).toEqual(["interrupted"]);
    expect(simRecords(log, "key").map((r) => r.key)).toEqual(["enter", "escape"]);
    expect(hookNames(sim)).toContain("UserPromptSubmit");
    expect(hookNames(sim)).not.toContain("Stop");
  });

  it("claude: RUNBASH shows the permission dialog; 1 runs the tool and Stops, Esc rejects without Stop", async () => {
    const sim = startSim();
    await sim.until(CLAUDE_READY);
    sim.proc.write(paste("RUNBASH:touch made.txt"));
    await sim.until("RUNBASH:touch made.txt");
    sim.proc.write("\r");
    const dialog = await sim.until("Esc to cancel · Tab to amend");
    expect(dialog).toContain("Do you want to proceed?");
    expect(dialog).toContain(" ❯ 1. Yes");
    expect(dialog).toMatch(/ {3}4\. No/);
    const pre = readHookPayloads(sim.hookFile).find((p) => p.hook_event_name === "PermissionRequest");
    expect(pre).toMatchObject({ tool_name: "Bash", tool_input: { command: "touch made.txt" } });
    sim.proc.write("1");
    await sim.until("● Tool finished.");
    await sim.until(CLAUDE_READY);
    await waitFor(() => (hookNames(sim).includes("Stop") ? true : undefined), "Stop");
    sim.proc.write(paste("RUNBASH:rm nothing"));
    await sim.until("RUNBASH:rm nothing");
    sim.proc.write("\r");
    await sim.until("Do you want to proceed?");
    sim.proc.write("\x1b");
    await sim.until("Did not run 1 call");
    await sim.until(CLAUDE_READY);
    await waitFor(() => (simRecords(readSimLog(sim.logFile), "turn").length === 2 ? true : undefined), "two turns");
    expect(simRecords(readSimLog(sim.logFile), "turn").map((r) => r.outcome)).toEqual(["stop", "rejected"]);
    expect(hookNames(sim).filter((n) => n !== "InstructionsLoaded")).toEqual([
      "SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop",
      "UserPromptSubmit", "PreToolUse", "PermissionRequest",
    ]);
  });

  it("claude: a PreToolUse deny decision skips the dialog; a blocking hook is awaited before the turn proceeds", async () => {
    const sim = startSim({
      settings: (dir) => {
        const file = join(dir, "deny.json");
        const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not today" } });
        writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `cat >/dev/null; sleep 0.3; echo '${deny}'` }] }] } }));
        return file;
      },
    });
    await sim.until(CLAUDE_READY);
    sim.proc.write(paste("RUNBASH:rm -rf nowhere"));
    await sim.until("RUNBASH:rm -rf nowhere");
    sim.proc.write("\r");
    await sim.until("⎿  Error: not today");
    await sim.until(CLAUDE_READY);
    expect(sim.screen()).not.toContain("Do you want to proceed?");
    await waitFor(() => (simRecords(readSimLog(sim.logFile), "turn").length ? true : undefined), "turn");
    const log = readSimLog(sim.logFile);
    expect(simRecords(log, "turn").map((r) => r.outcome)).toEqual(["denied"]);
    expect(simRecords(log, "hook").map((r) => r.event)).not.toContain("PermissionRequest");
  });

  it("claude: redraws full-width rules after a resize; /exit fires SessionEnd and exits 0", async () => {
    const sim = startSim();
    await sim.until(CLAUDE_READY);
    sim.proc.resize(60, 20);
    sim.term.resize(60, 20);
    const narrow = await sim.until(/^─{60}$/m);
    expect(narrow).not.toMatch(/─{61}/);
    sim.proc.write(paste("/exit"));
    await sim.until("❯\u00a0/exit");
    sim.proc.write("\r");
    expect(await sim.exit).toBe(0);
    expect(hookNames(sim)).toContain("SessionEnd");
    expect(readHookPayloads(sim.hookFile).find((p) => p.hook_event_name === "SessionEnd")).toMatchObject({ reason: "prompt_input_exit" });
  });

  it("claude: the 2.1.332 trust dialog pre-selects `No, exit`; Enter exits with code 1 before any session starts", async () => {
    const sim = startSim({ env: { trust: "cursor" } });
    const screen = await sim.until("Enter to confirm · Esc to cancel");
    expect(screen).toContain(" ❯ No, exit");
    expect(screen).toContain("   Yes, I trust this folder");
    sim.proc.write("\r");
    expect(await sim.exit).toBe(1);
    expect(hookNames(sim)).toEqual([]);
  });

  it("codex: composer + footer, OSC 7501 state channel, paste-burst Enter is a newline, Ctrl+C on an empty composer exits", async () => {
    // A wide burst window keeps the paste-burst check independent of machine load.
    const sim = startSim({ flavour: "codex", env: { script: { pasteBurstMs: 10_000 } } });
    await sim.until(/› Ask Codex to do anything\n *\n {2}fake-model default · /);
    expect(sim.raw).toContain("\x1b]7501;state=idle:app=codex\x1b\\");
    sim.proc.write("hi\r"); // typed text + Enter in one write: Codex treats it as a paste burst
    // The newline row, then the composer's standard blank row above the footer (as the real CLI paints it).
    await sim.until(/› hi\n *\n *\n {2}fake-model default/);
    expect(simRecords(readSimLog(sim.logFile), "submit")).toEqual([]);
    sim.proc.write("\x03"); // clears the draft
    await sim.until("› Ask Codex to do anything");
    sim.proc.write(paste("HANG now"));
    await sim.until("› HANG now");
    sim.proc.write("\r");
    await sim.until("Working (");
    sim.proc.write("\x1b");
    await sim.until("■ Conversation interrupted - use /feedback if something went wrong");
    await sim.until("› Ask Codex to do anything");
    sim.proc.write("\x03");
    expect(await sim.exit).toBe(0);
    expect(sim.raw).toContain("\x1b]7501;state=working:app=codex\x1b\\");
    expect(sim.raw).toContain("\x1b]7501;state=clear\x1b\\");
    expect(hookNames(sim)).toEqual(["SessionStart", "UserPromptSubmit", "Interrupt", "SessionEnd"]);
  });

  it("codex: swallowFirstPaste drops the first paste right after the composer paints, like the cold-start race", async () => {
    const sim = startSim({ flavour: "codex", env: { script: { swallowFirstPaste: true, swallowWindowMs: 60_000 } } });
    await sim.until("› Ask Codex to do anything");
    sim.proc.write(paste("first"));
    await waitFor(() => (simRecords(readSimLog(sim.logFile), "paste-swallowed").length ? true : undefined), "swallow record");
    sim.proc.write("\r");
    sim.proc.write(paste("second"));
    await sim.until("› second");
    sim.proc.write("\r");
    await sim.until("• FAKE-REPLY: second");
    expect(simRecords(readSimLog(sim.logFile), "submit").map((r) => r.text)).toEqual(["second"]);
  });
});
