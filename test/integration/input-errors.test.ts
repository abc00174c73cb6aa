// Bad input is rejected with a typed error before anything reaches the agent, and every method of an exited session
// rejects session_not_running without throwing synchronously (C-API-25, C-API-40, and the submission size limits).

import { afterEach, describe, expect, it } from "vitest";
import { MAX_SUBMISSION_BYTES } from "../../src/agent-session.js";
import { ElwoodError, isElwoodError } from "../../src/contracts/errors.js";
import { simRecords } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { inputTrace, pause, waitForLog } from "../support/sim-probe.js";

const live: SimSession[] = [];
afterEach(async () => {
  for (const sim of live.splice(0)) await sim.cleanup();
});

/** Calls `fn` and proves it returned a promise instead of throwing; resolves with what it rejected with. */
async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  let promise: Promise<unknown> | undefined;
  expect(() => {
    promise = fn();
  }).not.toThrow();
  expect(promise).toBeInstanceOf(Promise);
  return promise!.then(
    () => new Error("resolved, but a rejection was expected"),
    (error: unknown) => error,
  );
}

function expectCode(error: unknown, code: ElwoodError["name"]): void {
  expect(error).toBeInstanceOf(ElwoodError);
  expect(isElwoodError(error, code)).toBe(true);
}

describe("bad input (sim through a real PTY)", () => {
  it("C-API-40: non-string text and text over 8 MiB reject with typed errors and write nothing", async () => {
    const sim = startSimSession({ script: { turnMs: 60 } });
    live.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const s = sim.session as unknown as Record<"sendPrompt" | "sendMessage" | "sendGuidance" | "sendKeys", (x: unknown) => Promise<void>>;
    for (const bad of [42, undefined, null, { text: "x" }, ["x"], Symbol("x")]) {
      expectCode(await rejection(() => s.sendMessage(bad)), "invalid_argument");
      expectCode(await rejection(() => s.sendPrompt(bad)), "invalid_argument");
      expectCode(await rejection(() => s.sendGuidance(bad)), "invalid_argument");
    }
    expectCode(await rejection(() => s.sendKeys(42)), "invalid_argument");
    // The limit counts UTF-8 bytes, not UTF-16 units: 4 Mi two-byte characters plus one is over.
    const overAscii = "x".repeat(MAX_SUBMISSION_BYTES + 1);
    const overMultiByte = "é".repeat(MAX_SUBMISSION_BYTES / 2 + 1);
    for (const text of [overAscii, overMultiByte]) {
      const error = await rejection(() => sim.session.sendMessage(text));
      expectCode(error, "input_too_large");
      expect((error as ElwoodError<"input_too_large">).details.limit).toBe(MAX_SUBMISSION_BYTES);
      expectCode(await rejection(() => sim.session.sendPrompt(text)), "input_too_large");
      expectCode(await rejection(() => sim.session.sendGuidance(text)), "input_too_large");
    }
    expectCode(await rejection(() => sim.session.interrupt({ timeoutMs: -1 })), "invalid_argument");
    expectCode(await rejection(() => sim.session.compact({ timeoutMs: Number.NaN })), "invalid_argument");
    expectCode(await rejection(() => sim.session.resize({ cols: 0, rows: 10 })), "invalid_argument");
    // Issue 14 item 9: resize follows initialSize's rule (cols 20–1000, rows 5–500), and hostile sizes reject typed.
    expectCode(await rejection(() => sim.session.resize({ cols: 19, rows: 10 })), "invalid_argument");
    expectCode(await rejection(() => sim.session.resize({ cols: 80, rows: 4 })), "invalid_argument");
    const throwing = { rows: 10, get cols(): number { throw new Error("getter"); } };
    expectCode(await rejection(() => sim.session.resize(throwing)), "invalid_argument");
    await pause(300);
    expect(inputTrace(sim.log())).toEqual([]);
    expect(sim.session.status).toBe("ready");
    // Exactly at the limit is accepted (and reaches the agent as one paste).
    const atLimit = "y".repeat(MAX_SUBMISSION_BYTES);
    await sim.session.sendMessage(atLimit);
    const records = await waitForLog(sim.log, (r) => simRecords(r, "paste").length === 1, "the 8 MiB paste", 60_000);
    expect(simRecords(records, "paste")[0]!.text.length).toBe(MAX_SUBMISSION_BYTES);
  }, 90_000);
});

describe("after exit (sim through a real PTY)", () => {
  it("C-API-25: every method of an exited session rejects session_not_running without throwing synchronously", async () => {
    const sim = startSimSession({ script: { turnMs: 60 } });
    live.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("/exit");
    await sim.session.waitForStatus((s) => s === "exited", 10_000);
    await waitForLog(sim.log, (r) => simRecords(r, "exit").length === 1, "the agent exit");
    const before = inputTrace(sim.log());
    const s = sim.session;
    const calls: Array<[string, () => Promise<unknown>]> = [
      ["sendPrompt", () => s.sendPrompt("p")],
      ["sendMessage", () => s.sendMessage("m")],
      ["sendGuidance", () => s.sendGuidance("g")],
      ["sendKeys", () => s.sendKeys("k")],
      ["sendKeys bytes", () => s.sendKeys(new Uint8Array([0x61]))],
      ["resize", () => s.resize({ cols: 90, rows: 30 })],
      ["interrupt", () => s.interrupt()],
      ["compact", () => s.compact()],
      ["waitForActivity", () => s.waitForActivity(() => true, 1000)],
      ["waitForStatus", () => s.waitForStatus((x) => x === "ready", 1000)],
      ["terminal.sendInput", () => s.terminal.sendInput("x")],
    ];
    for (const [name, call] of calls) {
      const error = await rejection(call);
      expect(isElwoodError(error, "session_not_running"), name).toBe(true);
    }
    // Bad arguments after exit still reject rather than throw.
    const bad = s as unknown as { sendMessage(x: unknown): Promise<void> };
    expect(await rejection(() => bad.sendMessage(42))).toBeInstanceOf(ElwoodError);
    expect(inputTrace(sim.log())).toEqual(before);
  });
});
