// startClaude end to end on the simulated Claude: preflight, launch command line, session-scoped settings,
// untouched user/project settings, and the narrow-terminal bootstrap with its restore at initial readiness.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { CLAUDE_HOOK_EVENTS_2_1_215, CLAUDE_HOOK_EVENTS_2_1_332 } from "../../adapters/claude/hook-events.js";
import { claudeHookRoute, claudeHookTransportFor } from "../../adapters/claude/hook-transport.js";
import { bashBridgeCommand, systemBash } from "../../effects/hook-bridge/bridge-command.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { WarningEvent } from "../../src/contracts/public-types.js";
import { startClaude } from "../../src/start-claude.js";
import { simEnv, simRecords } from "../sim/sim-control.js";
import { bridgeConfigPath, eventually, readSettings, simDir, startClaudeSim, TEST_LOGIN_SHELL, writeSimWrapper, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(opts: Parameters<typeof startClaudeSim>[0] = {}): Promise<ClaudeSim> {
  const sim = await startClaudeSim(opts);
  live.push(sim);
  return sim;
}

const isReady = (s: string): boolean => s === "ready";

async function rejection(p: Promise<unknown>): Promise<ElwoodError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  return error as ElwoodError;
}

/** The sim's rule rows span the whole width, so their length is the PTY width the sim saw. */
function ruleWidth(sim: ClaudeSim): number {
  const rows = sim.session.terminal.snapshot().text.split("\n").filter((l) => /^─{20,}$/.test(l.trimEnd()));
  return Math.max(0, ...rows.map((l) => [...l.trimEnd()].length));
}

describe("startClaude preflight", () => {
  it("C-CLAUDE-05: a missing executable rejects claude_not_found before any state is created", async () => {
    const dir = simDir();
    dirs.push(dir);
    const error = await rejection(startClaude({ cwd: dir, shell: TEST_LOGIN_SHELL, executable: join(dir, "no-such-claude") }));
    expect(error.name).toBe("claude_not_found");
    expect(error.message).toContain("no-such-claude");
    expect(existsSync(join(dir, ".elwood"))).toBe(false);
  });

  it("C-CLAUDE-04: a version below the minimum rejects claude_version_unsupported and nothing spawns", async () => {
    const dir = simDir();
    dirs.push(dir);
    const error = await rejection(startClaude({ cwd: dir, shell: TEST_LOGIN_SHELL, executable: writeSimWrapper(dir), env: { ELWOOD_SIM_VERSION: "2.1.100" } }));
    expect(error.name).toBe("claude_version_unsupported");
    expect(existsSync(join(dir, "argv"))).toBe(false);
  });

  it("C-PERF-02: the version is probed once per process for an executable, however many sessions start", async () => {
    const first = await start();
    const second = await start({ dir: first.dir });
    await eventually(() => second.argv().length > 0, 10_000, "second launch");
    expect(first.probes()).toBe(1);
  });

  it("an unparseable version warns version_unparseable and the session still starts", async () => {
    const sim = await start({ wrapper: { versionOutput: "claude, some build" } });
    const warnings: WarningEvent[] = [];
    sim.session.on("warning", (w) => warnings.push(w));
    await sim.session.waitForStatus(isReady, 10_000);
    expect(warnings.map((w) => w.code)).toEqual(["version_unparseable"]);
    expect(warnings[0]).toMatchObject({ agent: "claude", elwoodSessionId: sim.session.elwoodSessionId });
  });

  it("strictVersionCheck makes an unparseable version fatal (claude_version_unparseable) before spawn", async () => {
    const dir = simDir();
    dirs.push(dir);
    const executable = writeSimWrapper(dir, { versionOutput: "garbage" });
    const error = await rejection(startClaude({ cwd: dir, shell: TEST_LOGIN_SHELL, executable, strictVersionCheck: true }));
    expect(error.name).toBe("claude_version_unparseable");
    expect(existsSync(join(dir, "argv"))).toBe(false);
  });
  it("probe and PTY use one login shell: the account's, not an inherited $SHELL override", async () => {
    const dir = simDir();
    dirs.push(dir);
    const inherited = process.env["SHELL"];
    // If either the probe or the PTY launch read $SHELL, this start could not even spawn its shell.
    process.env["SHELL"] = join(dir, "no-such-shell");
    try {
      const session = await startClaude({
        cwd: dir,
        executable: writeSimWrapper(dir),
        initialSize: { cols: 120, rows: 40 },
        // A private HOME keeps the account shell's startup files out of the test.
        env: { ...simEnv({ log: join(dir, "sim.jsonl") }), HOME: dir },
      });
      try {
        await session.waitForStatus(isReady, 20_000);
        expect(existsSync(join(dir, "probes"))).toBe(true);
        expect(existsSync(join(dir, "argv"))).toBe(true);
      } finally {
        await session.teardown();
      }
    } finally {
      if (inherited === undefined) delete process.env["SHELL"];
      else process.env["SHELL"] = inherited;
    }
  }, 40_000);
});

describe("startClaude launch", () => {
  it("C-CLAUDE-02 C-CLAUDE-03 C-CLAUDE-12 C-CLAUDE-13 C-CLAUDE-20: the command line carries the options and a session-scoped --settings", async () => {
    const sim = await start({
      model: "claude-test-model",
      permissionMode: "acceptEdits",
      allowedTools: ["Read", "Bash(git diff:*)"],
      disallowedTools: ["WebFetch"],
      tools: ["Read", "Bash"],
      reasoningEffort: "high",
      name: "elwood test",
    });
    await eventually(() => sim.argv().length > 0, 10_000, "launch argv");
    const argv = sim.argv();
    const after = (flag: string): string | undefined => argv[argv.indexOf(flag) + 1];
    expect(after("--permission-mode")).toBe("acceptEdits");
    expect(after("--allowedTools")).toBe("Read,Bash(git diff:*)");
    expect(after("--disallowedTools")).toBe("WebFetch");
    expect(after("--tools")).toBe("Read,Bash");
    expect(after("--effort")).toBe("high");
    expect(argv).toContain("--model=claude-test-model");
    expect(argv).toContain("--name=elwood test");
    const settings = sim.settingsPath();
    expect(settings.startsWith(join(sim.dir, ".elwood", "sessions", sim.session.elwoodSessionId) + "/")).toBe(true);
    expect(statSync(settings).mode & 0o777).toBe(0o600);
    // The sim reports the model it was given.
    await sim.session.waitForStatus(isReady, 10_000);
    expect(sim.session.terminal.snapshot().text).toContain("Claude Code v2.1.332");
  });

  it("C-HOOK-01 issue 16 item 1: generated settings register the bridge for every event of the installed version (but unhandled WorktreeCreate/Remove), each over its route (http but SessionStart/Setup, which run the bash client), with the +5 s timeout", async () => {
    const s332 = await start({ hookTimeoutMs: 2500, hooks: { PreToolUse: () => undefined } });
    const s215 = await start({ version: "2.1.215" });
    await eventually(() => s332.argv().length > 0 && s215.argv().length > 0, 10_000, "launch argv");
    const h332 = readSettings(s332.settingsPath()).hooks;
    // Every event but the two that would take over Claude's own worktrees without a handler.
    const unhandledOnly = (e: string) => e !== "WorktreeCreate" && e !== "WorktreeRemove";
    expect(Object.keys(h332).sort()).toEqual(CLAUDE_HOOK_EVENTS_2_1_332.filter(unhandledOnly).sort());
    const facts = claudeHookTransportFor("2.1.332");
    const handled = new Set(["PreToolUse"]);
    const http = h332["Stop"]?.[0]?.hooks[0];
    expect(http).toMatchObject({ type: "http", timeout: 8 });
    const url = new URL(http?.url ?? "");
    expect(url.hostname).toBe("127.0.0.1");
    for (const event of CLAUDE_HOOK_EVENTS_2_1_332.filter(unhandledOnly)) {
      const route = claudeHookRoute(event, { facts, handled, httpAvailable: true });
      // SessionStart / Setup run the bash client over the listener (bash is at a system path here), never bridge.mjs.
      const command = bashBridgeCommand(event, { bash: systemBash() ?? "", httpConfigPath: join(dirname(bridgeConfigPath(s332)), "bridge-http.conf"), configPath: bridgeConfigPath(s332) });
      const entry =
        route === "http"
          ? { type: "http", url: `http://127.0.0.1:${url.port}/hook/${event}`, headers: http?.headers, timeout: 8 }
          : route === "async"
            ? { type: "command", command, timeout: 8, async: true }
            : { type: "command", command, timeout: 8 };
      expect(h332[event]).toEqual([{ matcher: "*", hooks: [entry] }]);
    }
    expect(Object.values(http?.headers ?? {})).toHaveLength(1);
    expect(["PreToolUse", "Stop", "UserPromptSubmit", "PermissionRequest"].map((e) => h332[e]?.[0]?.hooks[0]?.type)).toEqual(["http", "http", "http", "http"]);
    expect(["SessionStart", "Setup"].map((e) => [h332[e]?.[0]?.hooks[0]?.type, h332[e]?.[0]?.hooks[0]?.async])).toEqual([
      ["command", undefined],
      ["command", undefined],
    ]);
    expect(h332["PostToolUse"]?.[0]?.hooks[0]).toMatchObject({ type: "http" });
    expect(h332["SessionStart"]?.[0]?.hooks[0]?.command).toContain("bridge.bash");
    const h215 = readSettings(s215.settingsPath()).hooks;
    expect(Object.keys(h215).sort()).toEqual(CLAUDE_HOOK_EVENTS_2_1_215.filter(unhandledOnly).sort());
    expect(h215["PreModelSwitch"]).toBeUndefined();
    expect(h215["Stop"]?.[0]?.hooks[0]?.timeout).toBe(35);
  });

  it("issue 16 item 1: hookEvents 'essential' registers only the hooks Elwood follows the session by plus the handled one; a tool turn still runs, starts and ends", async () => {
    const seen: string[] = [];
    // The handled PreToolUse allows the tool, so no permission prompt stands in the way.
    const sim = await start({ hookEvents: "essential", hooks: { PreToolUse: () => ({ permissionDecision: "allow" }) } });
    sim.session.on("activity", (a) => {
      if (a.kind === "hook" || a.kind === "tool_call") seen.push(a.hookEventName ?? a.kind);
    });
    await sim.session.waitForStatus(isReady, 10_000);
    const hooks = readSettings(sim.settingsPath()).hooks;
    expect(Object.keys(hooks).sort()).toEqual([...claudeAdapter.essentialHooks, "PreToolUse"].sort());
    await sim.session.sendMessage("RUNBASH: true");
    await sim.session.waitForActivity((a) => a.kind === "hook" && a.hookEventName === "Stop", 10_000);
    await sim.session.waitForStatus(isReady, 10_000);
    expect(seen).toContain("PreToolUse");
    expect(seen).not.toContain("PostToolUse");
    expect(seen).toContain("tool_call");
  });

  it("C-CLAUDE-02: settingsOverrides are merged into the generated file and caller hooks run beside the bridge", async () => {
    const sim = await start({
      settingsOverrides: { includeCoAuthoredBy: false, hooks: { Stop: [{ matcher: "*", hooks: [{ type: "command", command: "true" }] }] } },
    });
    await eventually(() => sim.argv().length > 0, 10_000, "launch argv");
    const settings = readSettings(sim.settingsPath());
    expect(settings["includeCoAuthoredBy"]).toBe(false);
    expect(settings.hooks["Stop"]?.map((g) => g.hooks[0]?.url ?? g.hooks[0]?.command)).toEqual([`http://127.0.0.1:${new URL(settings.hooks["Stop"]?.[0]?.hooks[0]?.url ?? "").port}/hook/Stop`, "true"]);
    expect(settings.hooks["Notification"]?.map((g) => g.hooks[0]?.type)).toEqual(["http"]);
  });

  it("C-CLAUDE-01 C-STATE-09: user, project and local Claude settings stay byte-identical through a session", async () => {
    const dir = simDir();
    const claudeDir = join(dir, ".claude");
    mkdirSync(claudeDir);
    const files: Record<string, string> = {
      "settings.json": '{ "permissions": { "allow": ["Read"] } }\n',
      "settings.local.json": '{"hooks":{"Stop":[]},\n "x": 1}',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(claudeDir, name), text);
    const home = process.env["HOME"] ?? "";
    const userSettings = join(home, ".claude", "settings.json");
    const userBefore = existsSync(userSettings) ? readFileSync(userSettings) : undefined;

    const sim = await start({ dir, autotrust: true, hooks: { PreToolUse: () => ({ permissionDecision: "allow" }) } });
    await sim.session.waitForStatus(isReady, 10_000);
    await sim.session.sendMessage("RUNBASH: true");
    await sim.session.waitForActivity((a) => a.kind === "hook" && a.hookEventName === "Stop", 10_000);
    await sim.session.teardown();

    expect(readdirSync(claudeDir).sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(claudeDir, name), "utf8")).toBe(text);
    if (userBefore === undefined) expect(existsSync(userSettings)).toBe(false);
    else expect(readFileSync(userSettings).equals(userBefore)).toBe(true);
    // teardown removes only Elwood's own session directory.
    expect(existsSync(join(dir, ".elwood", "sessions", sim.session.elwoodSessionId))).toBe(false);
  });
});

describe("narrow-terminal bootstrap", () => {
  it("C-API-36: below 100 columns Claude starts at 100 and gets the caller's latest requested size at initial readiness", async () => {
    const sim = await start({ initialSize: { cols: 80, rows: 30 } });
    expect(sim.session.terminal.size).toEqual({ cols: 100, rows: 30 });
    // A resize during the bootstrap is remembered, not applied.
    await sim.session.resize({ cols: 90, rows: 28 });
    expect(sim.session.terminal.size).toEqual({ cols: 100, rows: 30 });
    await eventually(() => ruleWidth(sim) === 100, 10_000, "the sim painting at 100 columns");
    await sim.session.waitForStatus(isReady, 10_000);
    expect(sim.session.terminal.size).toEqual({ cols: 90, rows: 28 });
    await eventually(() => ruleWidth(sim) === 90, 10_000, "the sim repainting at the restored width");
    // After the bootstrap, resizes apply at once.
    await sim.session.resize({ cols: 85, rows: 26 });
    expect(sim.session.terminal.size).toEqual({ cols: 85, rows: 26 });
    const submits = simRecords(sim.log(), "submit");
    expect(submits).toEqual([]);
  });

  it("C-API-21 C-API-36: a persona queued for readiness is submitted once, at the restored size", async () => {
    const sim = await start({ initialSize: { cols: 60, rows: 24 }, persona: "You are a test persona." });
    await sim.session.waitForActivity((a) => a.kind === "assistant_message", 15_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["You are a test persona."]);
    expect(sim.session.terminal.size).toEqual({ cols: 60, rows: 24 });
  });

  it("C-API-39: a real native failure restoring the size warns resize_restore_failed, keeps the bootstrap width, still releases input", async () => {
    const sim = await start({ initialSize: { cols: 80, rows: 30 } });
    const warnings: WarningEvent[] = [];
    sim.session.on("warning", (w) => warnings.push(w));
    // The edge of the test: the native resize call fails the way an ioctl error would.
    const pty = (sim.session as unknown as { runtime: { pty: { resize: (size: unknown) => void } } }).runtime.pty;
    pty.resize = () => {
      throw new ElwoodError("resize_failed", "Resizing the PTY failed", { cause: "ioctl(2) failed, EINVAL" });
    };
    await sim.session.resize({ cols: 70, rows: 30 });
    await sim.session.waitForStatus(isReady, 10_000);
    expect(warnings.map((w) => w.code)).toEqual(["resize_restore_failed"]);
    // Spec B §4.3's field names; a lifecycle warning whose raw line holds no native message (C-API-39).
    expect(warnings[0]?.details).toEqual({ requestedCols: 70, requestedRows: 30, errorCode: "resize_failed" });
    expect(warnings[0]).toMatchObject({ source: "lifecycle", severity: "warning", raw: "resize_restore_failed requestedCols=70 requestedRows=30 errorCode=resize_failed" });
    expect(sim.session.terminal.size).toEqual({ cols: 100, rows: 30 });
    await sim.session.sendMessage("still usable");
    await sim.session.waitForActivity((a) => a.kind === "assistant_message", 10_000);
  });

  it("C-API-39: a physical resize after the child exited (closed fd) is a silent no-op, with no warning", async () => {
    const sim = await start({ initialSize: { cols: 80, rows: 30 }, trust: "cursor" });
    const warnings: WarningEvent[] = [];
    sim.session.on("warning", (w) => warnings.push(w));
    await sim.session.waitForStatus((s) => s === "blocked", 10_000);
    // Esc on the trust dialog makes the sim exit: the PTY closes while the bootstrap is still pending.
    await sim.session.sendKeys("\x1b");
    await sim.session.waitForStatus((s) => s === "exited", 10_000);
    const pty = (sim.session as unknown as { runtime: { pty: { resize: (size: { cols: number; rows: number }) => void } } }).runtime.pty;
    expect(() => pty.resize({ cols: 90, rows: 30 })).not.toThrow();
    expect(warnings).toEqual([]);
  });
});
