// Integration: ClaudeSessionFacade.login drives the simulated /login panel through a real PTY (C-API-43, C-CLAUDE-18).

import { afterEach, describe, expect, it, vi } from "vitest";
import { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords, type SimScript } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";

const open: SimSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cleanup()));
});

async function ready(script: SimScript = {}): Promise<{ sim: SimSession; claude: ClaudeSessionFacade }> {
  const sim = startSimSession({ script });
  open.push(sim);
  await sim.session.waitForStatus((s) => s === "ready", 15_000);
  if (!(sim.session instanceof ClaudeSessionFacade)) throw new Error("expected a ClaudeSessionFacade");
  return { sim, claude: sim.session };
}

describe("Claude /login recovery through the simulated CLI", () => {
  it("C-API-43: picks the subscription method, hands out the URL, submits the code with one Enter, continues the success panel, resolves when ready", async () => {
    const { sim, claude } = await ready({ loginGoodCode: "code-abc-123" });
    const urls: string[] = [];
    let asked = 0;
    await claude.login({ onAuthUrl: (u) => urls.push(u), provideCode: () => { asked += 1; return "code-abc-123"; } });
    expect(urls).toEqual(["https://claude.ai/oauth/authorize?z-qIqG5A5575U2bKBE16XQ_XQzDLDOzVKuxhQdcUTEUY0"]);
    expect(asked).toBe(1);
    // The success panel waits for Enter like the real CLIs; login resolved only after it was answered.
    expect(simRecords(sim.log(), "login").map((r) => r.stage)).toEqual(["method", "url", "success", "continued"]);
    const log = sim.log();
    const codeAt = log.findIndex((r) => r.kind === "login" && r.stage === "success");
    const after = log.slice(codeAt + 1).filter((r) => r.kind === "key").map((r) => (r as { key: string }).key);
    expect(after).toEqual(["enter"]);
    const keys = simRecords(log, "key").map((r) => r.key);
    // One Enter submits the code; the only other Enter after it is the success panel's `Press Enter to continue`.
    expect(keys.slice(keys.lastIndexOf("3") + 1)).toEqual(["enter", "enter"]);
    expect(claude.status).toBe("ready");
    expect(claude.terminal.snapshot().text).toMatch(/⎿\s+Login successful/);
  });

  it("C-API-43: the console method is chosen by its label", async () => {
    const { sim, claude } = await ready();
    const error = await claude.login({ method: "console", provideCode: () => "x" }).catch((e: unknown) => e);
    // The simulated console path ends in Claude's API-key error copy: an explicit failure.
    expect(isElwoodError(error, "login_failed")).toBe(true);
    expect(simRecords(sim.log(), "login").map((r) => r.stage)).toEqual(["method", "failure"]);
    expect(simRecords(sim.log(), "key").map((r) => r.key).filter((k) => k === "down")).toEqual(["down"]);
  });

  it("C-API-43: a rejected code ends in login_failed and the panel is dismissed with Escape", async () => {
    const { sim, claude } = await ready({ loginGoodCode: "right" });
    const error = await claude.login({ provideCode: () => "wrong" }).catch((e: unknown) => e);
    expect(isElwoodError(error, "login_failed")).toBe(true);
    const keys = simRecords(sim.log(), "key").map((r) => r.key);
    expect(keys.slice(keys.lastIndexOf("g") + 1)).toEqual(["enter", "escape"]);
    await claude.waitForStatus((s) => s === "ready", 5_000);
  });

  it("C-API-43: an invalid or failing provideCode writes no code", async () => {
    const { sim, claude } = await ready();
    const bad = await claude.login({ provideCode: () => "abc\u001b[201~" }).catch((e: unknown) => e);
    expect(isElwoodError(bad, "login_failed")).toBe(true);
    const thrown = await claude.login({ provideCode: () => Promise.reject(new Error("no")) }).catch((e: unknown) => e);
    expect(isElwoodError(thrown, "login_failed")).toBe(true);
    expect(simRecords(sim.log(), "login").filter((r) => r.code !== undefined)).toEqual([]);
  });

  it("C-API-43: an unapproved authorization URL is never handed out and the code is never asked for", async () => {
    const { claude } = await ready({ loginUrl: "https://claude.ai.attacker.example/oauth/authorize?x=1", loginSkipMethod: true });
    let asked = false;
    const urls: string[] = [];
    const error = await claude.login({ onAuthUrl: (u) => urls.push(u), provideCode: () => { asked = true; return "x"; } }).catch((e: unknown) => e);
    expect(isElwoodError(error, "login_failed")).toBe(true);
    expect(urls).toEqual([]);
    expect(asked).toBe(false);
  });

  it("C-API-43: login_timeout when the flow does not finish in time", async () => {
    const { sim, claude } = await ready({ loginSkipMethod: true });
    const error = await claude.login({ provideCode: () => new Promise<string>(() => {}), timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(isElwoodError(error, "login_timeout")).toBe(true);
    // The caller is answered at the deadline; the transaction still dismisses its panel afterwards.
    await vi.waitFor(() => expect(simRecords(sim.log(), "key").map((r) => r.key).at(-1)).toBe("escape"), { timeout: 3000 });
  });

  it("C-API-43: session_not_running on an ended session; invalid options reject", async () => {
    const { claude } = await ready();
    const invalid = await claude.login({} as never).catch((e: unknown) => e);
    expect(isElwoodError(invalid, "invalid_argument")).toBe(true);
    await claude.kill();
    const error = await claude.login({ provideCode: () => "x" }).catch((e: unknown) => e);
    expect(isElwoodError(error, "session_not_running")).toBe(true);
  });
});
