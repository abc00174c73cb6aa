// The agent process SIGKILLed from outside mid-turn, mid-paste and with messages queued: every pending promise rejects
// session_not_running promptly and the session ends `exited` (C-API-19, C-API-22, C-API-25).

import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { inputTrace, recordSession, sessionPid, waitForLog } from "../support/sim-probe.js";

const live: SimSession[] = [];
afterEach(async () => {
  for (const sim of live.splice(0)) await sim.cleanup();
});
function start(opts: Parameters<typeof startSimSession>[0]): SimSession {
  const sim = startSimSession(opts);
  live.push(sim);
  return sim;
}

/** Settles every promise, failing the test if any is still pending after `boundMs` (a generous "promptly"). */
async function settleAll(promises: ReadonlyArray<Promise<unknown>>, boundMs = 10_000): Promise<unknown[]> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pending promises did not settle within ${boundMs} ms`)), boundMs);
  });
  try {
    return await Promise.race([Promise.all(promises.map((p) => p.then(() => "resolved", (e: unknown) => e))), bound]);
  } finally {
    clearTimeout(timer);
  }
}

function killAgent(sim: SimSession): void {
  process.kill(sessionPid(sim.session), "SIGKILL");
}

describe("agent killed from outside (sim through a real PTY)", () => {
  it("C-API-19/C-API-22: mid-turn with queued messages, a queued compact and waiters: all reject session_not_running", async () => {
    const sim = start({ script: { turnMs: 60 } });
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("HANG forever");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    // sendMessage resolves once the Enter is written; wait until the agent really runs the turn.
    await waitForLog(sim.log, (r) => simRecords(r, "submit").length === 1, "the submit");
    const pending = [
      sim.session.sendMessage("queued one"),
      sim.session.sendMessage("queued two"),
      sim.session.compact({ timeoutMs: 60_000 }),
      sim.session.waitForStatus((s) => s === "ready", 60_000),
      sim.session.waitForActivity((a) => a.kind === "turn_ended", 60_000),
    ];
    killAgent(sim);
    const outcomes = await settleAll(pending);
    for (const outcome of outcomes) expect(isElwoodError(outcome, "session_not_running")).toBe(true);
    await sim.session.waitForStatus((s) => s === "exited", 5000);
    expect(sim.session.status).toBe("exited");
    expect(rec.statuses.at(-1)?.status).toBe("exited");
    expect(inputTrace(sim.log())).toEqual(["paste:HANG forever", "key:enter"]);
  });

  it("C-API-19: mid-paste (paste written, Enter not yet): the in-flight message rejects session_not_running", async () => {
    // A long settle holds the submission between its paste and its Enter, so the kill lands exactly there.
    const adapter = { ...claudeAdapter, submission: { ...claudeAdapter.submission, settleMs: 30_000 } };
    const sim = start({ adapter, script: { turnMs: 60 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const inFlight = sim.session.sendMessage("half submitted");
    const behind = sim.session.sendPrompt("behind it");
    await waitForLog(sim.log, (r) => simRecords(r, "paste").length === 1, "the paste");
    killAgent(sim);
    const outcomes = await settleAll([inFlight, behind]);
    for (const outcome of outcomes) expect(isElwoodError(outcome, "session_not_running")).toBe(true);
    await sim.session.waitForStatus((s) => s === "exited", 5000);
    expect(inputTrace(sim.log())).toEqual(["paste:half submitted"]);
  });

  it("C-API-19: messages queued before readiness reject session_not_running and never reach the agent", async () => {
    const sim = start({ script: { startupMs: 30_000 } });
    const queued = [sim.session.sendMessage("a"), sim.session.sendGuidance("b"), sim.session.sendMessage("c")];
    await waitForLog(sim.log, (r) => r.some((x) => x.kind === "hook" && x.event === "SessionStart"), "the sim booting");
    expect(sim.session.status).not.toBe("ready");
    killAgent(sim);
    const outcomes = await settleAll(queued);
    for (const outcome of outcomes) expect(isElwoodError(outcome, "session_not_running")).toBe(true);
    await sim.session.waitForStatus((s) => s === "exited", 5000);
    expect(inputTrace(sim.log())).toEqual([]);
  });

  it("C-API-38: an interrupt pending when the agent dies rejects session_not_running", async () => {
    // escTimeoutMs: the sim waits this long to tell a lone Escape from a sequence, so the interrupt stays pending.
    const sim = start({ script: { turnMs: 60, escTimeoutMs: 30_000 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("HANG forever");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    await waitForLog(sim.log, (r) => simRecords(r, "submit").length === 1, "the submit");
    const interrupted = sim.session.interrupt({ timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    killAgent(sim);
    const [outcome] = await settleAll([interrupted]);
    expect(isElwoodError(outcome, "session_not_running")).toBe(true);
    await sim.session.waitForStatus((s) => s === "exited", 5000);
  });
});
