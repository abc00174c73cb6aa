// The status machine's model: its input, event alphabets, state serializer and traversal options, shared by the
// graph-generated model test and the PTY replay test so both walk the same paths.

import type { SnapshotFrom } from "xstate";
import { PERMISSION_APPLY_MS, type statusMachine, type StatusEvent, type StatusInput } from "../../machines/status.js";
import { channelQuiet } from "../../machines/channel-state.js";
import { afterEvents } from "./machine-host.js";
import { dialogFrame, frame, idleFrame, workingFrame } from "./facts.js";

export type Snap = SnapshotFrom<typeof statusMachine>;
export const INPUT: StatusInput = {
  readiness: { hookEvents: ["InstructionsLoaded"], composerIsReadySignal: true, composerSettleMs: 150, deadlineMs: 8000, oscIdleIsReadySignal: true, readyRuleIds: ["ready-rule"] },
  autoAnswered: ["workspace_trust"],
};
/** Claude's readiness policy shape: a painted permission dialog settles before it takes keys (dialogPainted). */
export const SETTLING_INPUT: StatusInput = { ...INPUT, readiness: { ...INPUT.readiness, dialogSettleMs: 100 } };
export const DELAYS: Record<string, number> = { dialogSettle: 100, composerSettle: 150, readinessDeadline: 8000, permissionApply: PERMISSION_APPLY_MS };

/**
 * Three event alphabets, each small enough that every simple path can be replayed: turns and blocking,
 * automated trust prompts (held, never blocked, until the fallback), and the closing intents.
 */
export const ALPHABETS: Record<string, StatusEvent[]> = {
  "turns and blocking": [
    idleFrame(),
    workingFrame(),
    dialogFrame("permission"),
    { type: "hook.InstructionsLoaded", name: "InstructionsLoaded", payload: {} },
    { type: "turn.ended", source: "hook" },
    { type: "submission.written", opId: "m" },
    { type: "pty.exit", exitCode: 0 },
  ],
  "automated trust prompts": [
    idleFrame(),
    dialogFrame("workspace_trust"),
    frame({}),
    { type: "trust.fallback", ruleIds: ["r"] },
    frame({ composer: true }, ["idle"]),
    { type: "pty.exit", exitCode: 0 },
  ],
  "closing intents": [
    idleFrame(),
    { type: "submission.written", opId: "m" },
    { type: "lifecycle.closing", as: "stopped" },
    { type: "lifecycle.closing", as: "killed" },
    { type: "pty.exit", exitCode: 0 },
    { type: "lifecycle.tornDown" },
  ],
};

/**
 * Permission dialogs under a settling policy: painted, settling, vanished, answered, rejected (interrupt banner),
 * the hook before or after its dialog, a screen turn end while the dialog is still to come, and a readiness
 * deadline that fires after initial readiness (re-armed by each entry into running).
 */
export const SETTLING_EVENTS: StatusEvent[] = [
  idleFrame(),
  workingFrame(),
  dialogFrame("permission"),
  frame({ composer: true, interruptBanner: true }),
  { type: "hook.InstructionsLoaded", name: "InstructionsLoaded", payload: {} },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {}, handlerDecision: "allow" } as StatusEvent,
  { type: "turn.started", source: "hook" },
  { type: "turn.ended", source: "hook" },
  { type: "turn.ended", source: "footer" },
  { type: "submission.written", opId: "m" },
];

/** Every event the status machine takes, for the edge walk only (far too many simple paths to replay them all). */
export const EVERY_EVENT: StatusEvent[] = [
  ...ALPHABETS["turns and blocking"] ?? [],
  { type: "pty.spawned", pid: 1, pgid: 1 } as StatusEvent,
  frame({ composer: true, ruleIds: ["ready-rule"] }),
  { type: "turn.started", source: "hook" },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {}, handlerDecision: "allow" } as StatusEvent,
  { type: "hook.SessionEnd", name: "SessionEnd", payload: {} },
  { type: "hook.Notification", name: "Notification", payload: {} },
  { type: "lifecycle.closing", as: "torn_down" },
  { type: "lifecycle.stopped" },
  { type: "lifecycle.killed" },
  { type: "lifecycle.tornDown" },
  // A working title alone, before and after the CLI's state channel reports idle (then it is no work).
  frame({ composer: true, titleSpinner: true }),
  frame({ composer: true }, ["idle"]),
];

/**
 * Whether the CLI's state channel says idle changes how a guard reads only a title spinner without the footer's
 * indicator: an alphabet with no such frame cannot tell the two apart, and leaving the channel out of its key keeps
 * its simple paths few enough to replay (the trust prompts' idle report would almost quadruple them).
 */
const readsTitleAlone = (events: readonly StatusEvent[]): boolean =>
  events.some((e) => e.type === "frame" && e.facts.titleSpinner && !e.facts.working);

export function serialize(snap: Snap, withChannel = false): string {
  const c = snap.context;
  // Only what guards read: the state (and the status a settling dialog keeps), the readiness latch, the closing intent,
  // whether a dialog holds (and, where the alphabet needs it, whether the CLI's state channel says idle).
  const counters = c as unknown as { permissionPending?: number; permissionUnmatched?: number };
  const key = [snap.value, c.status, c.initialReady, c.closingAs ?? "-", c.deadlinePassed, c.facts?.dialog?.blocking === true, Math.min(counters.permissionPending ?? 0, 2), Math.min(counters.permissionUnmatched ?? 0, 2), c.permissionBlocked];
  return JSON.stringify(withChannel ? [...key, channelQuiet(c.channel)] : key);
}

export const optionsFor = (events: StatusEvent[], input: StatusInput = INPUT, deadlineAfterReady = false) => ({
  input,
  // A final status takes no more events, and a delay fires once per entry: the traversal must not offer a
  // readiness deadline again once it has fired (or once readiness made it moot).
  events: (snap: Snap) =>
    snap.status === "done"
      ? []
      : [
          ...(afterEvents(snap).filter(
            (e) =>
              !e.type.includes("readinessDeadline") ||
              (!snap.context.initialReady && !snap.context.deadlinePassed) ||
              (deadlineAfterReady && snap.context.initialReady),
          ) as unknown as StatusEvent[]),
          ...events,
        ],
  serializeState: (snap: Snap) => serialize(snap, readsTitleAlone(events)),
});
