// The status lifecycle machine: starting → running ⇄ ready ⇄ blocked → stopped | exited | killed | torn_down,
// with every received event logged as a content-free status decision.

import { announce } from "./announce.js";
import { channelAfter } from "./channel-state.js";
import { and, assign, enqueueActions, setup } from "xstate";
import type { HookEvent, PtyExitEvent, StatusChangedEvent, TurnEndedEvent } from "../src/contracts/events.js";
import type { SessionStatus, StatusDecision } from "../src/contracts/public-types.js";
import { exitReason } from "./exit-reason.js";
import { blockingDialog, channelOf, evidenceOf, factsOf, heldDialog, idleComposer, workingFrame } from "./status-evidence.js";
import { STATUS_DECISION_LIMIT, type DecideParams, type StatusContext, type StatusEvent, type StatusInput } from "./status-types.js";

export * from "./status-types.js";


/** A transition action that records the decision (and announces a status change). */
/** An accepted permission's tool shows work within this bound on the measured CLIs; a dialog with no follow-up is over. */
export const PERMISSION_APPLY_MS = 2000;

function decide(reason: string, to?: SessionStatus) {
  return { type: "decide" as const, params: to === undefined ? { reason } : { reason, to } };
}


export const statusMachine = setup({
  types: {
    context: {} as StatusContext,
    events: {} as StatusEvent,
    input: {} as StatusInput,
    emitted: {} as StatusChangedEvent,
  },
  actions: {
    decide: enqueueActions(({ context, event, enqueue, self }, params: DecideParams) => {
      const decision: StatusDecision = {
        at: Date.now(),
        evidence: evidenceOf(event),
        from: context.status,
        to: params.to,
        reason: params.reason ?? exitReason(event as PtyExitEvent, context.closingAs),
      };
      const to = params.to ?? context.status;
      const initial = params.to === "ready" && !context.initialReady;
      enqueue.assign({
        decisions: [...context.decisions, decision].slice(-STATUS_DECISION_LIMIT),
        facts: factsOf(event) ?? context.facts,
        channel: channelAfter(context.channel, event),
        status: to,
        initialReady: context.initialReady || params.to === "ready",
      });
      if (params.to !== undefined && params.to !== context.status) {
        const changed: StatusChangedEvent = { type: "status.changed", from: context.status, to: params.to, initial };
        announce(enqueue, self, changed);
      }
    }),
    markDeadline: assign({ deadlinePassed: true }),
    /** An undecided PermissionRequest: one more dialog to come, unless its dialog was already painted. */
    permissionHook: assign(({ context }) =>
      context.permissionUnmatched > 0
        ? { permissionUnmatched: context.permissionUnmatched - 1 }
        : { permissionPending: context.permissionPending + 1 },
    ),
    /** A permission dialog just painted: it answers a pending hook, or waits for its (late) hook. */
    permissionDialogPainted: assign(({ context, event }) => {
      if (factsOf(event)?.dialog?.kind !== "permission") return {};
      return context.permissionPending > 0
        ? { permissionPending: context.permissionPending - 1 }
        : { permissionUnmatched: context.permissionUnmatched + 1 };
    }),
    markPermissionBlock: assign(({ event }) => ({ permissionBlocked: factsOf(event)?.dialog?.kind === "permission" })),
    clearPermissionBlock: assign({ permissionBlocked: false }),
    /** The turn ended by the CLI's own Stop: nothing is left for a human to answer. */
    permissionsSettled: assign({ permissionPending: 0, permissionUnmatched: 0 }),
    closing: assign(({ event }) => ({ closingAs: event.type === "lifecycle.closing" ? event.as : undefined })),
  },
  guards: {
    blockingDialog: ({ context, event }) => blockingDialog(factsOf(event), context.autoAnswered) !== undefined,
    heldDialog: ({ event }) => heldDialog(factsOf(event)),
    idleComposer: ({ context, event }) => idleComposer(factsOf(event), channelOf(context, event)),
    workingFrame: ({ context, event }) => workingFrame(factsOf(event), channelOf(context, event)),
    composerIsReadySignal: ({ context, event }) =>
      context.readiness.composerIsReadySignal && idleComposer(factsOf(event), channelOf(context, event)),
    readinessHook: ({ context, event }) =>
      event.type.startsWith("hook.") && context.readiness.hookEvents.includes((event as HookEvent).name),
    oscIdle: ({ context, event }) =>
      context.readiness.oscIdleIsReadySignal &&
      event.type === "frame" &&
      event.oscState.includes("idle") &&
      !heldDialog(event.facts),
    readyRules: ({ context, event }) => {
      const ids = context.readiness.readyRuleIds ?? [];
      const facts = factsOf(event);
      return ids.length > 0 && idleComposer(facts, channelOf(context, event)) && ids.every((id) => facts!.ruleIds.includes(id));
    },
    dialogVisible: ({ context }) => heldDialog(context.facts),
    readinessHookClear: ({ context, event }) =>
      event.type.startsWith("hook.") &&
      context.readiness.hookEvents.includes((event as HookEvent).name) &&
      !heldDialog(context.facts),
    inDeadlineHeld: ({ context }) => context.deadlinePassed,
    deadlineHeldAndIdle: ({ context, event }) => context.deadlinePassed && idleComposer(factsOf(event), channelOf(context, event)),
    workingAfterReady: ({ context, event }) => context.initialReady && workingFrame(factsOf(event), channelOf(context, event)),
    settlesDialogs: ({ context }) => (context.readiness.dialogSettleMs ?? 0) > 0,
    wasReady: ({ context }) => context.status === "ready",
    initialReady: ({ context }) => context.initialReady,
    // PermissionRequest fires when Claude is about to ask a human; a handler decision means no dialog follows.
    undecidedPermission: ({ event }) =>
      event.type === "hook.PermissionRequest" && (event as HookEvent).handlerDecision === undefined,
    lateUndecidedPermission: ({ context, event }) =>
      context.permissionUnmatched > 0 && event.type === "hook.PermissionRequest" && (event as HookEvent).handlerDecision === undefined,
    /** A screen-evidenced turn end while a PermissionRequest still waits for its dialog is the pause before the dialog. */
    pendingScreenTurnEnd: ({ context, event }) =>
      context.permissionPending > 0 && event.type === "turn.ended" && (event as TurnEndedEvent).source !== "hook",
    stopAfterDialog: ({ context, event }) => !context.facts?.dialog && event.type === "turn.ended" && (event as TurnEndedEvent).source === "hook",
    /** A permission block ends on an idle composer only when the CLI shows its rejection banner (Esc or "No"). */
    permissionRejected: ({ context, event }) =>
      context.permissionBlocked && idleComposer(factsOf(event), channelOf(context, event)) && factsOf(event)!.interruptBanner,
    permissionBlockIdle: ({ context, event }) => context.permissionBlocked && idleComposer(factsOf(event), channelOf(context, event)),
    closingStopped: ({ context }) => context.closingAs === "stopped",
    closingKilled: ({ context }) => context.closingAs === "killed",
    closingTornDown: ({ context }) => context.closingAs === "torn_down",
  },
  delays: {
    composerSettle: ({ context }) => context.readiness.composerSettleMs,
    dialogSettle: ({ context }) => context.readiness.dialogSettleMs ?? 0,
    /** How long an answered permission may take to show its tool's work before the block is over. */
    permissionApply: PERMISSION_APPLY_MS,
    readinessDeadline: ({ context }) => context.readiness.deadlineMs,
  },
}).createMachine({
  id: "status",
  context: ({ input }) => ({
    status: "starting",
    initialReady: false,
    decisions: [],
    readiness: input.readiness,
    autoAnswered: input.autoAnswered,
    facts: undefined,
    channel: undefined,
    closingAs: undefined,
    deadlinePassed: false,
    permissionPending: 0,
    permissionUnmatched: 0,
    permissionBlocked: false,
  }),
  initial: "starting",
  on: {
    "lifecycle.closing": { actions: "closing", description: "remember which terminal status a coming exit means" },
    "pty.exit": [
      { guard: "closingStopped", target: ".stopped", actions: [{ type: "decide", params: { to: "stopped" } }] },
      { guard: "closingKilled", target: ".killed", actions: [{ type: "decide", params: { to: "killed" } }] },
      { guard: "closingTornDown", target: ".torn_down", actions: [{ type: "decide", params: { to: "torn_down" } }] },
      { target: ".exited", actions: [{ type: "decide", params: { to: "exited" } }] },
    ],
    "lifecycle.stopped": { target: ".stopped", actions: [decide("stop() finished reaping the process group", "stopped")] },
    "lifecycle.killed": { target: ".killed", actions: [decide("kill() finished reaping the process group", "killed")] },
    "lifecycle.tornDown": { target: ".torn_down", actions: [decide("teardown() finished", "torn_down")] },
    "hook.SessionEnd": { actions: [decide("SessionEnd hook: the agent is ending its session; the process exit decides the status")] },
    "*": { actions: [decide("no transition for this evidence in the current status")] },
  },
  states: {
    starting: {
      on: {
        "pty.spawned": { actions: [decide("process spawned; waiting for the first rendered frame")] },
        frame: [
          { guard: "blockingDialog", target: "blocked", actions: [decide("first frame shows a human-decision dialog", "blocked")] },
          { guard: "heldDialog", target: "running.boot.held", actions: [decide("first frame shows a dialog Elwood answers itself: readiness held", "running")] },
          { guard: "oscIdle", target: "ready", actions: [decide("initial readiness: OSC 7501 state=idle on the first frame", "ready")] },
          { guard: "readyRules", target: "ready", actions: [decide("initial readiness: the first frame shows the adapter's ready screen (session header + idle composer)", "ready")] },
          { guard: "composerIsReadySignal", target: "running.boot.settling", actions: [decide("first frame shows an idle composer; settle window started", "running")] },
          { target: "running", actions: [decide("first frame rendered; startup window (not ready yet)", "running")] },
        ],
      },
    },
    running: {
      initial: "boot",
      // The readiness deadline counts from the first rendered frame (entering running from starting).
      after: {
        readinessDeadline: [
          { guard: "initialReady" },
          { guard: "dialogVisible", target: ".boot.deadlineHeld", actions: [decide("readiness deadline passed while a dialog is visible: held"), "markDeadline"] },
          { target: "ready", actions: [decide("initial readiness: bounded deadline after the first frame", "ready")] },
        ],
      },
      on: {
        frame: [
          {
            guard: and(["blockingDialog", "settlesDialogs"]),
            target: "#status.dialogPainted",
            actions: [decide("a human-decision dialog is painted; blocked once it has stayed long enough to take keys"), "permissionDialogPainted", "markPermissionBlock"],
          },
          { guard: "blockingDialog", target: "blocked", actions: [decide("a human-decision dialog appeared", "blocked"), "permissionDialogPainted", "markPermissionBlock"] },
          { actions: [decide("frame is not a status edge while a turn runs (turn machine owns turn edges)")] },
        ],
        "turn.ended": [
          { guard: "pendingScreenTurnEnd", actions: [decide("PermissionRequest pending and its dialog not painted yet: a screen turn end is not the end of this turn")] },
          { guard: "initialReady", target: "ready", actions: [decide("turn ended", "ready"), "permissionsSettled"] },
          { actions: [decide("turn edge before initial readiness cannot end a turn")] },
        ],
        "turn.started": { actions: [decide("already running")] },
        "submission.written": { actions: [decide("caller submission written; stays running")] },
        "hook.PermissionRequest": [
          { guard: "lateUndecidedPermission", actions: [decide("late PermissionRequest hook for a permission dialog already painted: not new evidence"), "permissionHook"] },
          {
            guard: "undecidedPermission",
            actions: [decide("PermissionRequest hook with no handler decision: a human decides; blocked once its dialog is painted (it takes keys only then)"), "permissionHook"],
          },
          { actions: [decide("PermissionRequest answered by the parent handler: no dialog follows")] },
        ],
        "trust.fallback": { target: "blocked", actions: [decide("startup prompt automation could not finish safely; waiting for a human", "blocked")] },
      },
      states: {
        boot: {
          initial: "watching",
          on: {
            frame: [
              { guard: "blockingDialog", target: "#status.blocked", actions: [decide("a human-decision dialog is visible before readiness", "blocked")] },
              { guard: "heldDialog", target: ".held", actions: [decide("a dialog Elwood answers itself is visible: readiness held, not blocked")] },
              { guard: "oscIdle", target: "#status.ready", actions: [decide("initial readiness: OSC 7501 state=idle", "ready")] },
              { guard: "readyRules", target: "#status.ready", actions: [decide("initial readiness: the adapter's ready screen (session header + idle composer)", "ready")] },
              { guard: "deadlineHeldAndIdle", target: "#status.ready", actions: [decide("initial readiness: dialog cleared after the deadline; idle composer", "ready")] },
              { guard: "composerIsReadySignal", target: ".settling", actions: [decide("idle composer visible; settle window started")] },
              { guard: "inDeadlineHeld", actions: [decide("readiness deadline passed; waiting for a dialog-free frame")] },
              { target: ".watching", actions: [decide("startup frame without readiness evidence")] },
            ],
            "hook.*": [
              { guard: "readinessHookClear", target: "#status.ready", actions: [decide("initial readiness: readiness hook fired", "ready")] },
              { actions: [decide("hook is not readiness evidence here")] },
            ],
          },
          states: {
            watching: {},
            held: {},
            deadlineHeld: {},
            settling: {
              after: {
                composerSettle: { target: "#status.ready", actions: [decide("initial readiness: composer settled with no dialog and no work", "ready")] },
              },
            },
          },
        },
        turn: {},
      },
    },
    ready: {
      on: {
        frame: [
          {
            guard: and(["blockingDialog", "settlesDialogs"]),
            target: "#status.dialogPainted",
            actions: [decide("a human-decision dialog is painted; blocked once it has stayed long enough to take keys"), "permissionDialogPainted", "markPermissionBlock"],
          },
          { guard: "blockingDialog", target: "blocked", actions: [decide("a human-decision dialog appeared", "blocked"), "permissionDialogPainted", "markPermissionBlock"] },
          { actions: [decide("frame is not a status edge while ready (turn machine owns turn edges)")] },
        ],
        "turn.started": { target: "running.turn", actions: [decide("turn started", "running")] },
        "submission.written": { target: "running.turn", actions: [decide("caller submission written", "running")] },
        "turn.ended": { actions: [decide("already ready (idempotent turn end)")] },
        "hook.PermissionRequest": [
          { guard: "lateUndecidedPermission", actions: [decide("late PermissionRequest hook for a permission dialog already painted: not new evidence"), "permissionHook"] },
          {
            guard: "undecidedPermission",
            target: "running.turn",
            actions: [decide("PermissionRequest hook with no handler decision: the turn runs on; blocked once its dialog is painted", "running"), "permissionHook"],
          },
          { actions: [decide("PermissionRequest answered by the parent handler: no dialog follows")] },
        ],
        "trust.fallback": { target: "blocked", actions: [decide("startup prompt automation could not finish safely; waiting for a human", "blocked")] },
      },
    },
    // Painted but not yet taking keys: the status stays what it was (never ready-from-running, never blocked).
    dialogPainted: {
      after: {
        dialogSettle: { target: "blocked", actions: [decide("the dialog stayed painted: it takes keys now", "blocked")] },
      },
      on: {
        frame: [
          { guard: "blockingDialog", actions: [decide("dialog still painted; settling before it takes keys")] },
          { guard: "wasReady", target: "ready", actions: [decide("the dialog vanished before it took keys"), "clearPermissionBlock"] },
          { target: "running.turn", actions: [decide("the dialog vanished before it took keys"), "clearPermissionBlock"] },
        ],
        "hook.PermissionRequest": [
          { guard: "undecidedPermission", actions: [decide("PermissionRequest hook for the dialog on screen"), "permissionHook"] },
          { actions: [decide("PermissionRequest answered by the parent handler: no dialog follows")] },
        ],
        "turn.started": { actions: [decide("a dialog is settling")] },
        "turn.ended": { actions: [decide("a dialog is settling")] },
        "submission.written": { actions: [decide("a dialog is settling")] },
      },
    },
    blocked: {
      exit: "clearPermissionBlock",
      initial: "dialog",
      states: {
        dialog: { description: "A human decides: the dialog is up (or its answer has not shown yet)." },
        answered: {
          description:
            "The permission dialog is gone and the composer idle, with no rejection banner: the accepted tool's work should show soon; if none does, the dialog is over.",
          after: {
            permissionApply: {
              target: "#status.ready",
              actions: [decide("permission dialog gone and no work followed: idle composer", "ready")],
            },
          },
        },
      },
      on: {
        frame: [
          { guard: "heldDialog", target: ".dialog", actions: [decide("dialog still visible")] },
          { guard: "workingAfterReady", target: "running.turn", actions: [decide("dialog cleared and the agent is working", "running")] },
          { guard: "permissionRejected", target: "ready", actions: [decide("permission dialog rejected: interrupt banner on an idle composer", "ready")] },
          {
            guard: "permissionBlockIdle",
            target: ".answered",
            actions: [decide("permission dialog gone; idle composer without the rejection banner: the answer is not applied yet, block kept")],
          },
          { guard: "idleComposer", target: "ready", actions: [decide("dialog cleared; idle composer visible", "ready")] },
          { actions: [decide("dialog gone but no verified composer yet: block kept")] },
        ],
        "hook.PermissionRequest": [
          { guard: "undecidedPermission", actions: [decide("PermissionRequest hook for the dialog on screen"), "permissionHook"] },
          { actions: [decide("PermissionRequest answered by the parent handler: no dialog follows")] },
        ],
        "turn.started": { actions: [decide("blocked until the dialog clears")] },
        "turn.ended": [
          { guard: "stopAfterDialog", target: "ready", actions: [decide("Stop hook after the dialog was answered: turn ended", "ready"), "permissionsSettled"] },
          { actions: [decide("blocked until the dialog clears")] },
        ],
        "submission.written": { actions: [decide("blocked until the dialog clears")] },
      },
    },
    stopped: { type: "final" },
    exited: { type: "final" },
    killed: { type: "final" },
    torn_down: { type: "final" },
  },
});
