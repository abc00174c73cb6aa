// The reap after an unsolicited CLI exit: only an exit Elwood did not ask for is reaped here, and a reap that failed
// becomes io.reapFailed (the root's reap_failed warning), with the group id and the errno only (B §4.3, C-LIFE-10).

import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { ReapOutcome } from "../../effects/pty/process-group.js";
import { reapAfterUnsolicitedExit } from "../../effects/pty/unsolicited-exit-reap.js";
import { createSessionMachine, type SessionInput, type SessionPublicEvent } from "../../machines/session.js";

/** The PTY is the unit's edge: the real group reap runs against real processes in test/integration/process-group. */
function fakePty(signalledByElwood: boolean, outcome: ReapOutcome) {
  const calls: string[] = [];
  return { calls, pty: { pgid: 777, signalledByElwood, reapSurvivors: async () => (calls.push("reap"), outcome) } };
}

describe("reap after an unsolicited exit (reap_failed)", () => {
  it("an exit nobody asked for is reaped; success says nothing", async () => {
    const { pty, calls } = fakePty(false, { reaped: true });
    expect(await reapAfterUnsolicitedExit(pty)).toBeUndefined();
    expect(calls).toEqual(["reap"]);
  });

  it.each(["EPERM", "ETIMEDOUT"] as const)("a failed reap (%s) becomes io.reapFailed with the group id", async (errorCode) => {
    const { pty } = fakePty(false, { reaped: false, errorCode });
    expect(await reapAfterUnsolicitedExit(pty)).toEqual({ type: "io.reapFailed", processGroupId: 777, errorCode });
  });

  it("an exit after Elwood's own stop or kill is left to that close (its failure rejects it instead): no reap, no event", async () => {
    const { pty, calls } = fakePty(true, { reaped: false, errorCode: "EPERM" });
    expect(await reapAfterUnsolicitedExit(pty)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("the root turns io.reapFailed into one lifecycle warning, content-free, and the session stays where it is", () => {
    const inert = fromCallback(() => undefined);
    const input: SessionInput = { elwoodSessionId: "s1", adapter: claudeAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {}, hooksInput: {}, endInput: {} };
    const actor = createActor(createSessionMachine({ io: inert, listen: inert, effects: inert, hooks: inert, end: inert }), { input });
    const warnings: SessionPublicEvent[] = [];
    actor.on("public.warning", (e) => void warnings.push(e));
    actor.start();
    actor.send({ type: "pty.exit", exitCode: 1 });
    const before = actor.getSnapshot().value;
    actor.send({ type: "io.reapFailed", processGroupId: 777, errorCode: "EPERM" });
    expect(warnings).toEqual([
      {
        type: "public.warning",
        code: "reap_failed",
        message: "processes the agent left running when it exited could not be ended",
        details: { processGroupId: 777, errorCode: "EPERM" },
      },
    ]);
    expect(actor.getSnapshot().value).toEqual(before);
    actor.stop();
  });
});
