// Exit decisions (issue 13 item 6): the exit code or signal as the OS reported it, and whether Elwood sent the signal.

import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { exitReason, signalName } from "../../machines/exit-reason.js";
import { statusMachine } from "../../machines/status.js";
import { idleFrame } from "../support/facts.js";

describe("exit reasons (issue 13 item 6)", () => {
  it("issue 13 item 6: names the signal and who sent it", () => {
    expect(exitReason({ exitCode: null, signal: 9 }, undefined)).toBe("the agent process was killed by SIGKILL (signal 9), not sent by Elwood");
    expect(exitReason({ exitCode: null, signal: 9 }, "killed")).toBe("the agent process was killed by SIGKILL (signal 9), sent by Elwood's kill()");
    expect(exitReason({ exitCode: null, signal: 1 }, "torn_down")).toBe("the agent process was killed by SIGHUP (signal 1), sent by Elwood's teardown()");
    // kill() sends SIGKILL only: a SIGTERM during it came from elsewhere.
    expect(exitReason({ exitCode: null, signal: 15 }, "killed")).toBe("the agent process was killed by SIGTERM (signal 15), not sent by Elwood");
    expect(exitReason({ exitCode: 3 }, undefined)).toBe("the agent process exited with code 3 on its own");
    expect(exitReason({ exitCode: 0 }, "stopped")).toBe("the agent process exited with code 0 after stop()");
    expect(signalName(64)).toBe("signal 64");
  });

  it("issue 13 item 6: an outside SIGKILL is decided as such, not as an exit on its own", () => {
    const actor = createActor(statusMachine, {
      input: { readiness: { hookEvents: [], composerIsReadySignal: true, composerSettleMs: 10, deadlineMs: 1000, oscIdleIsReadySignal: false }, autoAnswered: [] },
    });
    actor.start();
    actor.send(idleFrame());
    actor.send({ type: "pty.exit", exitCode: null, signal: 9 });
    const last = actor.getSnapshot().context.decisions.at(-1);
    expect(last).toMatchObject({ to: "exited", evidence: { kind: "pty.exit" } });
    expect(last?.reason).toBe("the agent process was killed by SIGKILL (signal 9), not sent by Elwood");
  });
});
