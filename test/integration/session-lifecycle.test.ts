// Foundation end to end: a real PTY running the simulated agent through the full session actor and facade.

import { afterEach, describe, expect, it } from "vitest";
import { firstValueFrom, filter, take, toArray } from "rxjs";
import { groupMembers } from "../../effects/pty/process-group.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";

const sessions: SimSession[] = [];
function sim(opts: Parameters<typeof startSimSession>[0] = {}): SimSession {
  const s = startSimSession(opts);
  sessions.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.cleanup()));
});

describe("session lifecycle through a real PTY", () => {
  it("C-ATTN-02 C-LIFE-02: walks starting → running → ready → running → ready → exited through start, one turn and exit", async () => {
    const { session } = sim();
    const seen: SessionStatus[] = [];
    session.on("status", (e) => seen.push(e.status));
    await session.waitForStatus((s) => s === "ready", 15_000);
    await session.sendMessage("hello there");
    await session.waitForActivity((a) => a.kind === "turn_ended", 15_000);
    await session.waitForStatus((s) => s === "ready", 15_000);
    await session.sendKeys("/exit\r");
    await session.waitForStatus((s) => s === "exited", 15_000);
    expect(seen).toEqual(["running", "ready", "running", "ready", "exited"]);
    const reasons = session.statusDecisions().filter((d) => d.to !== undefined).map((d) => d.reason);
    expect(reasons.some((r) => /initial readiness/.test(r))).toBe(true);
  });

  it("status$ and activity$ are Observables of the same streams", async () => {
    const { session } = sim();
    const statuses = firstValueFrom(session.status$.pipe(take(2), toArray()));
    const activity = firstValueFrom(session.activity$.pipe(filter((a) => a.kind === "status" && a.label === "ready"), take(1)));
    expect(await statuses).toEqual(["running", "ready"]);
    expect((await activity).source).toBe("lifecycle");
  });

  it("C-API-33: statusDecisions stay bounded to 50 and never contain prompt or screen text", async () => {
    const { session } = sim();
    await session.waitForStatus((s) => s === "ready", 15_000);
    for (let i = 0; i < 6; i += 1) {
      await session.sendMessage(`SECRET-PROMPT-${i}`);
      await session.waitForActivity((a) => a.kind === "turn_ended", 15_000);
    }
    const decisions = session.statusDecisions();
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(decisions)).not.toMatch(/SECRET|FAKE-REPLY/);
  });

  for (const how of ["stop", "kill", "teardown"] as const) {
    it(`C-LIFE-02 C-LIFE-03 C-LIFE-10: ${how}() leaves no process of the session's group alive (checked by pid)`, async () => {
      const { session } = sim();
      await session.waitForStatus((s) => s === "ready", 15_000);
      const pgid = (session as unknown as { runtime: { pty: { pgid: number } } }).runtime.pty.pgid;
      expect(groupMembers(pgid).length).toBeGreaterThan(0);
      await session[how]();
      expect(groupMembers(pgid)).toEqual([]);
      expect(session.status).toBe(how === "stop" ? "stopped" : how === "kill" ? "killed" : "torn_down");
      // A second close on a dead group is a no-op, not an error.
      await expect(session.kill()).resolves.toBeUndefined();
    });
  }

  it("C-API-34: waitForStatus / waitForActivity time out with wait_timeout", async () => {
    const { session } = sim();
    await expect(session.waitForStatus((s) => s === "blocked", 50)).rejects.toMatchObject({ name: "wait_timeout" });
    await expect(session.waitForActivity(() => false, 50)).rejects.toMatchObject({ name: "wait_timeout" });
    await expect(session.waitForStatus((s) => s === "ready", -1)).rejects.toMatchObject({ name: "invalid_argument" });
  });

  it("C-API-34: waiters reject session_not_running when the session ends first", async () => {
    const { session } = sim();
    await session.waitForStatus((s) => s === "ready", 15_000);
    // The handlers are attached before the kill: the terminal status (and so the rejections) may come before kill() resolves.
    const status = expect(session.waitForStatus((s) => s === "blocked", 30_000)).rejects.toMatchObject({ name: "session_not_running" });
    const activity = expect(session.waitForActivity((a) => (a.kind as string) === "never", 30_000)).rejects.toMatchObject({ name: "session_not_running" });
    await session.kill();
    await status;
    await activity;
    await expect(session.waitForActivity(() => true, 10)).rejects.toMatchObject({ name: "session_not_running" });
  });

  it("C-API-25: every call after exit rejects session_not_running and never throws synchronously", async () => {
    const { session } = sim();
    await session.waitForStatus((s) => s === "ready", 15_000);
    await session.sendKeys("/exit\r");
    await session.waitForStatus((s) => s === "exited", 15_000);
    const calls: Array<() => Promise<unknown>> = [
      () => session.sendMessage("x"),
      () => session.sendPrompt("x"),
      () => session.sendGuidance("x"),
      () => session.sendKeys("x"),
      () => session.sendKeys(new Uint8Array([0x61])),
      () => session.resize({ cols: 80, rows: 24 }),
      () => session.interrupt(),
      () => session.compact(),
    ];
    for (const call of calls) {
      let promise: Promise<unknown> | undefined;
      expect(() => {
        promise = call();
      }).not.toThrow();
      const error = await promise?.then(() => undefined, (e: unknown) => e);
      expect(isElwoodError(error, "session_not_running")).toBe(true);
    }
  });

  it("C-PTY-03: a late terminal:data subscriber gets the replay first, then live output", async () => {
    const { session } = sim();
    await session.waitForStatus((s) => s === "ready", 15_000);
    const chunks: string[] = [];
    session.on("terminal:data", (c) => chunks.push(c));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.join("")).toContain("manual mode on");
    const before = chunks.length;
    await session.sendMessage("more output please");
    await session.waitForActivity((a) => a.kind === "turn_ended", 15_000);
    expect(chunks.length).toBeGreaterThan(before);
  });

  it("resize changes the PTY and the headless terminal together; bad sizes reject", async () => {
    const { session } = sim();
    await session.waitForStatus((s) => s === "ready", 15_000);
    await session.resize({ cols: 90, rows: 30 });
    expect(session.terminal.size).toEqual({ cols: 90, rows: 30 });
    await expect(session.resize({ cols: 0, rows: 30 })).rejects.toMatchObject({ name: "invalid_argument" });
    await expect(session.resize(undefined as never)).rejects.toMatchObject({ name: "invalid_argument" });
  });
});

describe("reaping beyond the process group", () => {
  it("C-LIFE-10: teardown also reaps a process carrying the session's ELWOOD_SESSION_ID in a group of its own (a CLI hook command)", async () => {
    const { spawn } = await import("node:child_process");
    const { taggedProcesses } = await import("../../effects/pty/tagged-processes.js");
    const s = sim();
    await s.session.waitForStatus((x) => x === "ready", 15_000);
    // The CLIs start hook commands detached (their own process group), as this stand-in is.
    const hook = spawn("sleep", ["300"], {
      detached: true,
      stdio: "ignore",
      env: { ...process.env, ELWOOD_SESSION_ID: s.session.elwoodSessionId },
    });
    hook.unref();
    expect(taggedProcesses("ELWOOD_SESSION_ID", s.session.elwoodSessionId)).toContain(hook.pid);
    await s.session.teardown();
    expect(taggedProcesses("ELWOOD_SESSION_ID", s.session.elwoodSessionId)).toEqual([]);
  });
});
