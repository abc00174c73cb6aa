// Status lifecycle machine: precedence rules, readiness evidence and the bounded, content-free decision log.

import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { PERMISSION_APPLY_MS, STATUS_DECISION_LIMIT, statusMachine, type StatusInput } from "../../machines/status.js";
import type { StatusChangedEvent } from "../../src/contracts/events.js";
import { dialogFrame, frame, idleFrame, workingFrame } from "../support/facts.js";

const claudeLike: StatusInput = {
  readiness: {
    hookEvents: ["InstructionsLoaded"],
    composerIsReadySignal: true,
    composerSettleMs: 150,
    deadlineMs: 8000,
    oscIdleIsReadySignal: false,
  },
  autoAnswered: [],
};

function start(input: StatusInput = claudeLike) {
  const clock = new SimulatedClock();
  const actor = createActor(statusMachine, { clock, input });
  const changes: StatusChangedEvent[] = [];
  actor.on("status.changed", (e) => changes.push(e));
  actor.start();
  const status = () => actor.getSnapshot().context.status;
  return { actor, clock, changes, status };
}

/** A started machine that became ready and then had a caller submission written (a turn is running). */
function runningTurn(input: StatusInput = claudeLike) {
  const started = start(input);
  started.actor.send(idleFrame());
  started.clock.increment(150);
  started.actor.send({ type: "submission.written", opId: "m1" });
  return started;
}

describe("status machine", () => {
  it("C-API-33: walks starting → running → ready → running → ready → exited through a simulated start, turn and exit", () => {
    const { actor, clock, changes, status } = start();
    actor.send({ type: "pty.spawned", pid: 42, pgid: 42 });
    expect(status()).toBe("starting");
    actor.send(frame({}));
    expect(status()).toBe("running");
    actor.send(idleFrame());
    clock.increment(149);
    expect(status()).toBe("running");
    clock.increment(1);
    expect(status()).toBe("ready");
    actor.send({ type: "submission.written", opId: "m1" });
    expect(status()).toBe("running");
    actor.send({ type: "turn.ended", source: "hook" });
    expect(status()).toBe("ready");
    actor.send({ type: "pty.exit", exitCode: 0 });
    expect(status()).toBe("exited");
    expect(changes.map((c) => c.to)).toEqual(["running", "ready", "running", "ready", "exited"]);
    expect(changes.filter((c) => c.initial).map((c) => c.to)).toEqual(["ready"]);
  });

  it("initial readiness from the readiness hook, and its evidence is recorded", () => {
    const { actor, status } = start();
    actor.send(frame({}));
    actor.send({ type: "hook.InstructionsLoaded", name: "InstructionsLoaded", payload: {} });
    expect(status()).toBe("ready");
    const last = actor.getSnapshot().context.decisions.at(-1);
    expect(last?.evidence.kind).toBe("hook.InstructionsLoaded");
    expect(last?.reason).toMatch(/readiness hook/);
  });

  it("a working frame restarts the settle window: a busy startup composer is not ready", () => {
    const { actor, clock, status } = start();
    actor.send(idleFrame());
    clock.increment(100);
    actor.send(workingFrame());
    clock.increment(100);
    expect(status()).toBe("running");
    actor.send(idleFrame());
    clock.increment(150);
    expect(status()).toBe("ready");
  });

  it("the bounded deadline after the first frame makes it ready when nothing else does", () => {
    const { actor, clock, status } = start();
    actor.send(workingFrame());
    clock.increment(7999);
    expect(status()).toBe("running");
    clock.increment(1);
    expect(status()).toBe("ready");
    expect(actor.getSnapshot().context.decisions.at(-1)?.reason).toMatch(/deadline/);
  });

  it("codex-like policy: composer alone is not readiness; OSC 7501 idle is", () => {
    const { actor, clock, status } = start({
      readiness: { ...claudeLike.readiness, hookEvents: [], composerIsReadySignal: false, oscIdleIsReadySignal: true },
      autoAnswered: [],
    });
    actor.send(idleFrame());
    clock.increment(1000);
    expect(status()).toBe("running");
    actor.send(frame({ composer: true }, ["idle"]));
    expect(status()).toBe("ready");
  });

  it("a cleared dialog over a working title is ready while the CLI's state channel says idle, running once it reports work", () => {
    const codexLike: StatusInput = {
      readiness: { ...claudeLike.readiness, hookEvents: [], composerIsReadySignal: false, oscIdleIsReadySignal: true },
      autoAnswered: [],
    };
    const spinner = (oscState: readonly string[] = []) => frame({ composer: true, titleSpinner: true }, oscState);
    const onIdle = start(codexLike);
    onIdle.actor.send(frame({ composer: true }, ["idle"]));
    expect(onIdle.status()).toBe("ready");
    onIdle.actor.send(dialogFrame("api_key"));
    expect(onIdle.status()).toBe("blocked");
    // Codex 0.171.0 animates its title for background MCP start-up while its channel says idle: not the agent at work.
    onIdle.actor.send(spinner());
    expect(onIdle.status()).toBe("ready");

    const onWork = start(codexLike);
    onWork.actor.send(frame({ composer: true }, ["idle"]));
    onWork.actor.send(dialogFrame("api_key"));
    onWork.actor.send(spinner(["working"]));
    expect(onWork.status()).toBe("running");

    // A CLI without a channel: the title spinner is work, as it always was.
    const noChannel = start();
    noChannel.actor.send(idleFrame());
    noChannel.clock.increment(150);
    noChannel.actor.send(dialogFrame("api_key"));
    noChannel.actor.send(spinner());
    expect(noChannel.status()).toBe("running");
  });

  it("issue 13 item 3: readyRuleIds (Codex 0.144.6 session header + composer footer) on an idle composer is readiness at once", () => {
    const { actor, status } = start({
      readiness: { ...claudeLike.readiness, hookEvents: [], composerIsReadySignal: false, oscIdleIsReadySignal: true, readyRuleIds: ["hdr", "ftr"] },
      autoAnswered: [],
    });
    actor.send(frame({}));
    actor.send(frame({ composer: true, ruleIds: ["ftr"] }));
    expect(status()).toBe("running");
    actor.send(frame({ composer: true, working: true, ruleIds: ["ftr", "hdr"] }));
    expect(status()).toBe("running");
    actor.send(frame({ composer: true, ruleIds: ["ftr", "hdr"] }));
    expect(status()).toBe("ready");
    expect(actor.getSnapshot().context.decisions.at(-1)?.reason).toMatch(/ready screen/);
  });

  it("C-ATTN-01: a blocking dialog blocks from running and ready; it settles to ready on an idle composer, to running on work", () => {
    const { actor, clock, status } = start();
    actor.send(idleFrame());
    clock.increment(150);
    actor.send(dialogFrame("permission"));
    expect(status()).toBe("blocked");
    actor.send(frame({}));
    expect(status()).toBe("blocked");
    actor.send(workingFrame());
    expect(status()).toBe("running");
    actor.send(dialogFrame("permission"));
    expect(status()).toBe("blocked");
    // Both Claude versions answer a rejected permission (Esc / "No") with the interrupt banner on an idle composer.
    actor.send(frame({ composer: true, interruptBanner: true }));
    expect(status()).toBe("ready");
    actor.send(dialogFrame("api_key"));
    actor.send(idleFrame());
    expect(status()).toBe("ready");
  });

  it("issue 13 item 1: an undecided PermissionRequest never blocks before its dialog is painted; the painted dialog does", () => {
    const { actor, status } = runningTurn();
    actor.send({ type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} });
    expect(status()).toBe("running");
    // The pause between the hook and the paint is not a turn end.
    actor.send({ type: "turn.ended", source: "footer" });
    expect(status()).toBe("running");
    actor.send(dialogFrame("permission"));
    expect(status()).toBe("blocked");
  });

  it("issue 13 item 1: with dialogSettleMs a painted dialog blocks only after it stayed painted; one gone sooner never blocks", () => {
    const { actor, clock, status } = runningTurn({ ...claudeLike, readiness: { ...claudeLike.readiness, dialogSettleMs: 300 } });
    actor.send(dialogFrame("permission"));
    clock.increment(299);
    actor.send(dialogFrame("permission"));
    expect(status()).toBe("running");
    clock.increment(1);
    expect(status()).toBe("blocked");
    expect(actor.getSnapshot().context.decisions.at(-1)?.reason).toMatch(/takes keys now/);
    actor.send(workingFrame());
    expect(status()).toBe("running");
    actor.send(dialogFrame("permission"));
    clock.increment(100);
    actor.send(workingFrame());
    clock.increment(500);
    expect(status()).toBe("running");
  });

  it("issue 13 item 1: never ready while the permission is unanswered: a bare idle composer keeps the block", () => {
    const { actor, status } = runningTurn();
    actor.send(dialogFrame("permission"));
    actor.send(idleFrame());
    expect(status()).toBe("blocked");
    actor.send(workingFrame());
    expect(status()).toBe("running");
    actor.send({ type: "turn.ended", source: "hook" });
    expect(status()).toBe("ready");
  });

  it("issue 13 item 1: a permission dialog gone with no work, banner or Stop ends its block after PERMISSION_APPLY_MS; a repaint restarts the wait", () => {
    const { actor, clock, status } = runningTurn();
    actor.send(dialogFrame("permission"));
    actor.send(idleFrame());
    clock.increment(PERMISSION_APPLY_MS - 1);
    // The dialog is back (a repaint): the wait starts over from its next disappearance.
    actor.send(dialogFrame("permission"));
    actor.send(idleFrame());
    clock.increment(PERMISSION_APPLY_MS - 1);
    expect(status()).toBe("blocked");
    clock.increment(1);
    expect(status()).toBe("ready");
    expect(actor.getSnapshot().context.decisions.at(-1)?.reason).toMatch(/no work followed/);
  });

  it("issue 13 item 1: a late PermissionRequest for a dialog already painted and answered does not block again", () => {
    const { actor, status } = runningTurn();
    actor.send(dialogFrame("permission"));
    actor.send(workingFrame());
    expect(status()).toBe("running");
    actor.send({ type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} });
    expect(status()).toBe("running");
    expect(actor.getSnapshot().context.decisions.at(-1)?.reason).toMatch(/late PermissionRequest/);
    actor.send({ type: "turn.ended", source: "hook" });
    expect(status()).toBe("ready");
    // The next permission is a new one: its hook waits for its own dialog.
    actor.send({ type: "submission.written", opId: "m2" });
    actor.send({ type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} });
    expect(status()).toBe("running");
    actor.send(dialogFrame("permission"));
    expect(status()).toBe("blocked");
  });

  it("turn edges cannot move a blocked session; evidence before initial readiness cannot fabricate a turn end", () => {
    const { actor, status } = start();
    actor.send(workingFrame());
    actor.send({ type: "turn.ended", source: "footer" });
    expect(status()).toBe("running");
    actor.send(dialogFrame("permission"));
    actor.send({ type: "turn.ended", source: "hook" });
    actor.send({ type: "turn.started", source: "title" });
    expect(status()).toBe("blocked");
  });

  it("an auto-answered dialog (autotrust) holds readiness without blocking; fallback blocks", () => {
    const { actor, clock, status } = start({ ...claudeLike, autoAnswered: ["workspace_trust"] });
    actor.send(dialogFrame("workspace_trust"));
    expect(status()).toBe("running");
    clock.increment(10_000);
    expect(status()).toBe("running");
    actor.send({ type: "trust.fallback", ruleIds: ["claude-trust"] });
    expect(status()).toBe("blocked");
    actor.send(idleFrame());
    expect(status()).toBe("ready");
  });

  it("the deadline passing under an auto-answered dialog defers readiness to the next idle composer", () => {
    const { actor, clock, status } = start({ ...claudeLike, autoAnswered: ["workspace_trust"] });
    actor.send(frame({}));
    actor.send(dialogFrame("workspace_trust"));
    clock.increment(8000);
    expect(status()).toBe("running");
    actor.send(frame({}));
    expect(status()).toBe("running");
    actor.send(idleFrame());
    expect(status()).toBe("ready");
  });

  it("nothing leaves a terminal status; stop/kill/teardown intent decides which terminal status an exit means", () => {
    for (const [as, expected] of [["stopped", "stopped"], ["killed", "killed"], ["torn_down", "torn_down"]] as const) {
      const { actor, status } = start();
      actor.send(idleFrame());
      actor.send({ type: "lifecycle.closing", as });
      actor.send({ type: "pty.exit", exitCode: 0, signal: 15 });
      expect(status()).toBe(expected);
      // Issue 14 item 9: a terminal status is a final state, so the actor is done; the session forwards nothing to
      // it any more (it drops late evidence on purpose), and neither does this test.
      expect(actor.getSnapshot().status).toBe("done");
      expect(status()).toBe(expected);
    }
  });

  it("C-API-16: statusDecisions are bounded to 50 and never carry prompt, screen or hook content", () => {
    const { actor, clock } = start();
    actor.send(idleFrame());
    clock.increment(150);
    for (let i = 0; i < 120; i += 1) {
      actor.send({ type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: { prompt: "SECRET-PROMPT" } });
      actor.send(frame({ composer: true, composerText: "SECRET-SCREEN" }));
    }
    const decisions = actor.getSnapshot().context.decisions;
    expect(decisions).toHaveLength(STATUS_DECISION_LIMIT);
    const dump = JSON.stringify(decisions);
    expect(dump).not.toContain("SECRET");
    expect(decisions.every((d) => typeof d.reason === "string" && d.reason.length > 0)).toBe(true);
    expect(decisions.some((d) => d.to === undefined)).toBe(true);
  });
});
