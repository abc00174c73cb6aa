// The session root actor (open: starting (listening → spawning) → live, then over: closing → ended): owns the child machines and the I/O edge, routes every event between them and
// announces public events (status, activity, hooks, operation results) to the facade.

import { assign, emit, enqueueActions, sendTo, setup, type AnyActorLogic } from "xstate";
import { factsKey, type ScreenFacts } from "../src/contracts/screen-facts.js";
import { answeredDialogKinds, type AgentAdapter } from "../src/contracts/agent-adapter.js";
import { ElwoodError } from "../src/contracts/errors.js";
import { isTerminalStatus, type HookErrorEvent, type SessionStatus, type WarningCode } from "../src/contracts/public-types.js";
import {
  IO_SYSTEM_ID,
  type FrameEvent,
  type HookEvent,
  type IoReapFailedEvent,
  type IoResizeRestoreFailedEvent,
  type PtyExitEvent,
  type PtySpawnedEvent,
  type PtySpawnFailedEvent,
  type HookListenOutput,
  type StatusChangedEvent,
  type TrustFallbackEvent,
  type TurnEndedEvent,
  type TurnStartedEvent,
} from "../src/contracts/events.js";
import { statusMachine } from "./status.js";
import type { ClosingAs } from "../src/contracts/readiness.js";
import { turnMachine } from "./turn.js";
import { controlQueueMachine, type QueueRequest } from "./control-queue.js";
import { imageAttachMachine } from "./image-attach.js";
import { interruptMachine } from "./interrupt.js";
import { trustResponderMachine } from "./trust-responder.js";
import { waitDeadlinesMachine, type WaitTimedOutEvent } from "./wait-deadlines.js";
import { DIALOG_KEY_EFFECT_MS, dialogKeyWatchMachine, type KeysNoEffectEvent } from "./dialog-key-watch.js";
import type { EffectRequestEvent, EffectResultEvent } from "./transaction.js";
import { loopMachine, type LoopParentEvent } from "./loop.js";
import { newMcpWarnings } from "./mcp-warnings.js";
import { loopSubmission, mayDeliverLoop, nextDueLoop, type LoopEntry, type LoopOp } from "./loop-delivery.js";
import type { LoopDefinition } from "../src/contracts/loop-sidecar.js";

export interface SessionInput {
  readonly elwoodSessionId: string;
  readonly adapter: AgentAdapter;
  readonly autotrust: boolean;
  readonly resumed: boolean;
  /** The I/O edge actor's input (terminal, pty, screen reader); opaque to the machine. */
  readonly ioInput: unknown;
  /** The transaction effects actor's input (callbacks, paths, the process); opaque to the machine. */
  readonly effectsInput: unknown;
  /** The hook bridge actor's input (the feed its server's handler writes to); opaque to the machine. */
  readonly hooksInput: unknown;
  /** The listen actor's input (the bridge server to start, how its addresses become the CLI's args); opaque to the machine. */
  readonly listenInput?: unknown;
  /** What the ending actor needs (the PTY, the session's tag, the release); opaque to the machine. */
  readonly endInput: unknown;
  /** Wall-clock ms now (loops count their cadence with `after` delays, but report epoch times); `Date.now` by default. */
  readonly clock?: () => number;
}

/** Events the facade sends. */
export type SessionCommand =
  | { readonly type: "cmd.enqueue"; readonly op: QueueRequest }
  | { readonly type: "cmd.cancel"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "cmd.interrupt"; readonly id: string; readonly timeoutMs: number }
  | { readonly type: "cmd.rawInput" }
  | { readonly type: "cmd.waitStart"; readonly waitId: string; readonly timeoutMs: number }
  | { readonly type: "cmd.waitEnd"; readonly waitId: string }
  | { readonly type: "cmd.closing"; readonly as: ClosingAs }
  /** A loop definition to run (created, or restored on resume): the root spawns its machine. */
  | { readonly type: "cmd.loopAdd"; readonly definition: LoopDefinition }
  /** A loop removed by the caller: it never submits again (a turn it already submitted runs on). */
  | { readonly type: "cmd.loopCancel"; readonly loopId: string }
  /** A `send` / `stream` turn holds loop delivery until its real boundary (nested holds release independently). */
  | { readonly type: "cmd.loopHold"; readonly holdId: string }
  | { readonly type: "cmd.loopRelease"; readonly holdId: string };

/** Events the facade listens to (actor.on). */
export type SessionPublicEvent =
  | { readonly type: "public.status"; readonly from: SessionStatus; readonly to: SessionStatus; readonly initial: boolean; readonly ruleIds: readonly string[] }
  | { readonly type: "public.hook"; readonly name: string; readonly payload: Readonly<Record<string, unknown>> }
  | { readonly type: "public.frame"; readonly seq: number; readonly facts: ScreenFacts }
  | { readonly type: "public.turn"; readonly edge: "started" | "ended"; readonly source: string }
  | { readonly type: "public.startupPrompt"; readonly label: string; readonly text: string }
  | { readonly type: "public.op"; readonly opId: string; readonly phase: "written" | "entered" | "done"; readonly result?: unknown }
  /** An effect reported something the caller should know (a clipboard or config.toml that could not be restored). */
  | { readonly type: "public.warning"; readonly code: WarningCode; readonly message: string; readonly details?: Readonly<Record<string, unknown>> }
  | { readonly type: "public.opFailed"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "public.interrupt"; readonly ids: readonly string[]; readonly error?: ElwoodError }
  | { readonly type: "public.exit"; readonly exitCode: number | null; readonly signal?: number }
  /** The io actor spawned the CLI (the launcher starts its process supervisor on this; the start resolves). */
  | { readonly type: "public.spawned"; readonly pid: number; readonly pgid: number }
  /** The hook bridge could not listen, the CLI's args could not be built, or the CLI could not be spawned: the start rejects. */
  | { readonly type: "public.startFailed"; readonly error: unknown }
  | { readonly type: "public.hookError"; readonly error: HookErrorEvent }
  | { readonly type: "public.hookResult"; readonly name: string; readonly failedOpen: boolean; readonly response: unknown }
  /** A waitForStatus / waitForActivity deadline passed. */
  | { readonly type: "public.waitTimedOut"; readonly waitId: string }
  /** A close finished ending the processes (with the error that failed it, if one did). */
  | { readonly type: "public.closed"; readonly as: ClosingAs; readonly error?: unknown }
  /** A loop's prompt was entered (its op id is the turn id). */
  | { readonly type: "public.loopFired"; readonly loopId: string; readonly opId: string; readonly scheduledDueAt: number; readonly submittedAt: number }
  /** A loop reached its seven-day horizon while the session ran. */
  | { readonly type: "public.loopExpired"; readonly loopId: string; readonly at: number }
  /** A live loop's submission failed; it re-armed from a fresh cadence. */
  | { readonly type: "public.loopFailed"; readonly loopId: string; readonly at: number; readonly phase: "scheduling" | "submission" };

type ChildEvent =
  | StatusChangedEvent
  | TurnStartedEvent
  | TurnEndedEvent
  | TrustFallbackEvent
  | { readonly type: "queue.opWritten"; readonly opId: string }
  | { readonly type: "queue.opEntered"; readonly opId: string; readonly joinsTurn: boolean }
  | { readonly type: "queue.opDone"; readonly opId: string; readonly result?: unknown }
  | EffectRequestEvent
  | EffectResultEvent
  | { readonly type: "effect.warning"; readonly code: WarningCode; readonly message: string; readonly details?: Readonly<Record<string, unknown>> }
  | { readonly type: "queue.opFailed"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "interrupt.resolved"; readonly ids: readonly string[] }
  | { readonly type: "interrupt.failed"; readonly ids: readonly string[]; readonly error: ElwoodError }
  | { readonly type: "trust.answered"; readonly label: string; readonly text: string }
  | { readonly type: "trust.writeFailed"; readonly label: string }
  | WaitTimedOutEvent
  | KeysNoEffectEvent
  | { readonly type: "bridge.hookError"; readonly error: HookErrorEvent }
  | { readonly type: "bridge.hookResult"; readonly name: string; readonly failedOpen: boolean; readonly response: unknown }
  | IoResizeRestoreFailedEvent
  | IoReapFailedEvent
  | LoopParentEvent;

/** Raised by the root itself. */
type SessionInternalEvent =
  /** Raised when a due loop may have become deliverable (a ready, a due loop, a settled loop op). */
  | { readonly type: "session.loopsMayDeliver" }
  /** Raised on entering `over`: loop clocks stop. */
  | { readonly type: "session.loopsEnded" };

export type SessionEvent = SessionCommand | SessionInternalEvent | ChildEvent | FrameEvent | HookEvent | PtyExitEvent | PtySpawnedEvent | PtySpawnFailedEvent;

interface SessionContext {
  readonly input: SessionInput;
  readonly status: SessionStatus;
  readonly initialReady: boolean;
  /** The login_expired warning went out (edge-triggered: at most once per session). */
  readonly loginWarned: boolean;
  readonly facts: ScreenFacts | undefined;
  readonly lastStatusFactsKey: string;
  /** The close the `end` actor is running (or ran last). */
  readonly closingAs: ClosingAs;
  /** Every live loop by id (its machine is the child of the same id). */
  readonly loops: Readonly<Record<string, LoopEntry>>;
  /** The `send` / `stream` turns holding loop delivery. */
  readonly loopHolds: readonly string[];
  /** The loop prompt in the control queue, if any. */
  readonly loopOp: LoopOp | null;
  /** The loop whose entered prompt runs as the current turn: the next ready ends it. */
  readonly loopTurn: string | null;
  /** Numbers each loop op (a loop fires many times). */
  readonly loopSeq: number;
  /** Whether loop clocks run: not before the first readiness, never again once the session ended. */
  readonly loopPhase: "waiting" | "live" | "ended";
  /** The MCP notices already warned about (machines/mcp-warnings.ts): the rows stay on screen, the warning is given once. */
  readonly mcpWarned: readonly string[];
}

/**
 * What a frame means for the status machine. The adapter's readiness rules are part of the meaning: one (Codex
 * 0.144.6's session header) can appear on a frame whose facts are otherwise those of the previous one.
 */
function meaningKey(adapter: AgentAdapter, frame: FrameEvent): string {
  const readyRules = adapter.readiness.readyRuleIds ?? [];
  const readyRulesMatched = readyRules.length > 0 && readyRules.every((id) => frame.facts.ruleIds.includes(id));
  return `${factsKey(frame.facts)}|${readyRulesMatched ? "R" : "r"}`;
}

const now = (context: SessionContext): number => (context.input.clock ?? Date.now)();

/**
 * Once the session is usable, the first screen saying the login is missing or lapsed is one content-free
 * `login_expired` warning; a notice that stays or comes back is not another (edge-triggered, once per session).
 */
function warnLoginRequired(
  context: SessionContext,
  facts: ScreenFacts | undefined,
  enqueue: { assign(values: Partial<SessionContext>): void; emit(event: SessionPublicEvent): void },
): void {
  const recoveryCommand = context.input.adapter.login?.recoveryCommand;
  if (facts?.loginRequired !== true || context.loginWarned || recoveryCommand === undefined) return;
  enqueue.assign({ loginWarned: true });
  enqueue.emit({
    type: "public.warning",
    code: "login_expired",
    message: "the CLI reports a missing or expired login; log in again (session.login() runs its login command)",
    details: { recoveryCommand },
  });
}

const notRunning = (): ElwoodError => new ElwoodError("session_not_running", "the session ended");

/**
 * The effect actors the session tree runs at its edge (effects/session-io, effects/transaction-effects-actor,
 * effects/hook-bridge-actor, effects/hook-listen, effects/end-processes and effects/image-materialiser in production).
 */
export interface SessionEdges {
  readonly io: AnyActorLogic;
  /**
   * Invoked by `open.starting.listening` with `listenInput`; done with the CLI's args (HookListenOutput) once the hook
   * bridge listens, or failed (the start fails with its error).
   */
  readonly listen: AnyActorLogic;
  readonly effects: AnyActorLogic;
  readonly hooks: AnyActorLogic;
  /** Invoked by `over.closing` with `{ runtime: endInput, as }`; done (or failed) once the processes are ended. */
  readonly end: AnyActorLogic;
  /** One recurring loop (machines/loop.ts by default; a test host may shorten its delays through `provide`). */
  readonly loop?: typeof loopMachine;
  /**
   * Invoked by each image-attach transaction with the call's image snapshot; answers `images.ready` / `images.failed`.
   * Without one an attach waits for its files forever (a tree that never attaches images needs none).
   */
  readonly images?: AnyActorLogic;
}

/**
 * The session machine around concrete edge actors; tests swap them by passing others. A machine is an immutable
 * definition every actor of it shares, and building one (setup, provide and formatting every transition) was a large
 * share of each session's start-up (~17 ms each when 32 started at once), so the same edges give back the same machine.
 */
export function createSessionMachine(edges: SessionEdges): SessionMachine {
  const key = [edges.io, edges.listen, edges.effects, edges.hooks, edges.end, edges.loop, edges.images];
  const cached = builtMachines.find((entry) => entry.key.every((logic, i) => logic === key[i]));
  if (cached !== undefined) return cached.machine;
  const machine = buildSessionMachine(edges);
  builtMachines.push({ key, machine });
  // Production launches one edge set; tests build a few. A small bound keeps test hosts from accumulating machines.
  if (builtMachines.length > MACHINES_KEPT) builtMachines.shift();
  return machine;
}

const MACHINES_KEPT = 8;
const builtMachines: Array<{ readonly key: readonly unknown[]; readonly machine: SessionMachine }> = [];

function buildSessionMachine(edges: SessionEdges) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      input: {} as SessionInput,
      emitted: {} as SessionPublicEvent,
    },
    actors: {
      io: edges.io,
      listen: edges.listen,
      effects: edges.effects,
      hooks: edges.hooks,
      end: edges.end,
      status: statusMachine,
      turn: turnMachine,
      // The queue's image-attach transactions get the materialiser the caller supplied.
      queue:
        edges.images === undefined
          ? controlQueueMachine
          : controlQueueMachine.provide({ actors: { imageAttach: imageAttachMachine.provide({ actors: { materialiseImages: edges.images } }) } }),
      interrupt: interruptMachine,
      trust: trustResponderMachine,
      waits: waitDeadlinesMachine,
      keyWatch: dialogKeyWatchMachine,
      loop: edges.loop ?? loopMachine,
    },
    actions: {
      noteStatus: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "status.changed") return;
        enqueue.assign({ status: event.to, initialReady: context.initialReady || event.initial });
        // A login status painted from start-up (Claude 2.1.215) is on the screen already when the session becomes usable.
        if (event.initial) warnLoginRequired(context, context.facts, enqueue);
        enqueue.sendTo("turn", event);
        enqueue.sendTo("queue", event);
        enqueue.sendTo("interrupt", event);
        // Only a painted dialog names the block; a hook-evidenced block (PermissionRequest) before the paint has none.
        const ruleIds = event.to === "blocked" ? (context.facts?.dialog?.ruleIds ?? []) : [];
        enqueue.emit({ type: "public.status", from: event.from, to: event.to, initial: event.initial, ruleIds });
        if (event.to === "ready" && context.loopTurn !== null) {
          // The ready that ends a loop's own turn: an idle loop's quiet period counts from here.
          if (context.loops[context.loopTurn] !== undefined) enqueue.sendTo(context.loopTurn, { type: "loop.turnEnded", at: now(context) });
          enqueue.assign({ loopTurn: null });
        }
        if (event.to === "ready") enqueue.raise({ type: "session.loopsMayDeliver" });
      }),
      startLoops: enqueueActions(({ context, enqueue }) => {
        enqueue.assign({ loopPhase: "live" });
        for (const loopId of Object.keys(context.loops)) enqueue.sendTo(loopId, { type: "loop.start", at: now(context) });
      }),
      addLoop: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "cmd.loopAdd" || context.loops[event.definition.id] !== undefined) return;
        const { definition } = event;
        enqueue.assign({ loops: { ...context.loops, [definition.id]: { definition, state: "waiting" } } });
        enqueue.spawnChild("loop", {
          id: definition.id,
          input: {
            loopId: definition.id,
            mode: definition.mode,
            intervalMs: definition.mode === "fixed" ? definition.intervalMs : undefined,
            jitterMs: definition.jitterMs,
            expiresAt: definition.expiresAt,
            now: now(context),
          },
        });
        // A live session starts the loop's clock at once; a starting one at its first readiness (`startLoops`).
        if (context.loopPhase === "live") enqueue.sendTo(definition.id, { type: "loop.start", at: now(context) });
      }),
      cancelLoop: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "cmd.loopCancel" || context.loops[event.loopId] === undefined) return;
        const { [event.loopId]: _removed, ...rest } = context.loops;
        enqueue.assign({ loops: rest, loopTurn: context.loopTurn === event.loopId ? null : context.loopTurn });
        // After the session ended the machine is already stopped: only the entry goes.
        if (context.loopPhase === "ended") return;
        enqueue.sendTo(event.loopId, { type: "loop.cancel" });
        enqueue.stopChild(event.loopId);
        // A prompt still waiting in the queue is discarded; one already entered runs on as the agent's turn.
        if (context.loopOp?.loopId === event.loopId && !context.loopOp.entered) {
          enqueue.assign({ loopOp: null });
          enqueue.sendTo("queue", { type: "queue.cancel", opId: context.loopOp.opId, error: new ElwoodError("loop_not_found", "the loop was cancelled", { loopId: event.loopId }) });
        }
      }),
      noteLoopChild: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "loop.scheduled" && event.type !== "loop.due" && event.type !== "loop.expired") return;
        const entry = context.loops[event.loopId];
        if (entry === undefined) return;
        if (event.type === "loop.scheduled") {
          enqueue.assign({ loops: { ...context.loops, [event.loopId]: { definition: entry.definition, state: "scheduled", nextDueAt: event.nextDueAt } } });
        } else if (event.type === "loop.due") {
          enqueue.assign({ loops: { ...context.loops, [event.loopId]: { definition: entry.definition, state: "due", dueAt: event.scheduledDueAt } } });
          enqueue.raise({ type: "session.loopsMayDeliver" });
        } else {
          const { [event.loopId]: _expired, ...rest } = context.loops;
          enqueue.assign({ loops: rest });
          // Expiry beats a pending due state: a prompt not yet entered is discarded.
          if (context.loopOp?.loopId === event.loopId && !context.loopOp.entered) {
            enqueue.assign({ loopOp: null });
            enqueue.sendTo("queue", { type: "queue.cancel", opId: context.loopOp.opId, error: new ElwoodError("loop_not_found", "the loop expired", { loopId: event.loopId }) });
          }
          enqueue.emit({ type: "public.loopExpired", loopId: event.loopId, at: event.at });
        }
      }),
      deliverLoop: enqueueActions(({ context, enqueue }) => {
        if (context.loopPhase !== "live" || !mayDeliverLoop(context.status, context.loopOp, context.loopHolds)) return;
        const entry = nextDueLoop(context.loops);
        if (entry === undefined) return;
        const op = loopSubmission(entry, context.loopSeq + 1);
        enqueue.assign({ loopSeq: context.loopSeq + 1, loopOp: { loopId: entry.definition.id, opId: op.opId, entered: false } });
        enqueue.sendTo("queue", { type: "queue.enqueue", op });
      }),
      loopOpEntered: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "queue.opEntered" || context.loopOp?.opId !== event.opId) return;
        const { loopId } = context.loopOp;
        const entry = context.loops[loopId];
        enqueue.assign({ loopOp: { ...context.loopOp, entered: true }, loopTurn: loopId });
        if (entry === undefined) return;
        const submittedAt = now(context);
        enqueue.assign({ loops: { ...context.loops, [loopId]: { definition: entry.definition, state: "submitted" } } });
        enqueue.sendTo(loopId, { type: "loop.submitted", at: submittedAt });
        enqueue.emit({ type: "public.loopFired", loopId, opId: event.opId, scheduledDueAt: entry.dueAt ?? submittedAt, submittedAt });
      }),
      loopOpSettled: enqueueActions(({ context, event, enqueue }) => {
        if ((event.type !== "queue.opDone" && event.type !== "queue.opFailed") || context.loopOp?.opId !== event.opId) return;
        const { loopId, entered } = context.loopOp;
        enqueue.assign({ loopOp: null });
        const entry = context.loops[loopId];
        // A failure while the session is live re-arms the loop from a fresh cadence; an ended session keeps it waiting.
        if (event.type === "queue.opFailed" && entry !== undefined && context.loopPhase !== "ended") {
          const at = now(context);
          enqueue.sendTo(loopId, { type: "loop.submitFailed", at });
          enqueue.emit({ type: "public.loopFailed", loopId, at, phase: entered ? "submission" : "scheduling" });
        }
        enqueue.raise({ type: "session.loopsMayDeliver" });
      }),
      idleActivity: enqueueActions(({ context, enqueue }) => {
        // Caller input is non-loop activity: every idle loop's quiet period starts over.
        for (const entry of Object.values(context.loops)) {
          if (entry.definition.mode === "idle") enqueue.sendTo(entry.definition.id, { type: "loop.activity", at: now(context) });
        }
      }),
      // The session ended: clocks stop, transient due and submission state is dropped; definitions wait for a resume.
      endLoops: enqueueActions(({ context, enqueue }) => {
        const waiting: Record<string, LoopEntry> = {};
        for (const [loopId, entry] of Object.entries(context.loops)) {
          waiting[loopId] = { definition: entry.definition, state: "waiting" };
          enqueue.stopChild(loopId);
        }
        enqueue.assign({ loops: waiting, loopOp: null, loopTurn: null, loopHolds: [], loopPhase: "ended" });
      }),
      announceTurn: emit(({ event }) => ({
        type: "public.turn" as const,
        edge: event.type === "turn.started" ? ("started" as const) : ("ended" as const),
        source: (event as TurnStartedEvent | TurnEndedEvent).source,
      })),
      beginClose: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "cmd.closing") return;
        enqueue.assign({ closingAs: event.as });
        // A session that already reached a terminal status keeps it; only the reap runs again.
        if (!isTerminalStatus(context.status)) enqueue.sendTo("status", { type: "lifecycle.closing", as: event.as });
      }),
      finishClose: enqueueActions(({ context, event, enqueue }) => {
        const error = event.type.startsWith("xstate.error.actor") ? { error: (event as { error?: unknown }).error } : {};
        enqueue.emit({ type: "public.closed", as: context.closingAs, ...error });
        // When the exit was already observed the status machine has finished (nothing leaves a terminal status).
        if (isTerminalStatus(context.status)) return;
        enqueue.sendTo(
          "status",
          context.closingAs === "stopped"
            ? { type: "lifecycle.stopped" as const }
            : context.closingAs === "killed"
              ? { type: "lifecycle.killed" as const }
              : { type: "lifecycle.tornDown" as const },
        );
      }),
      observeExit: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "pty.exit") return;
        if (!isTerminalStatus(context.status)) enqueue.sendTo("status", event);
      }),
      announceExit: enqueueActions(({ event, enqueue }) => {
        if (event.type !== "pty.exit") return;
        enqueue.emit({ type: "public.exit", exitCode: event.exitCode, ...(event.signal === undefined ? {} : { signal: event.signal }) });
      }),
      // Runs once, on entering `over`: a later close or exit does not fail the ops again.
      endOperations: enqueueActions(({ enqueue }) => {
        enqueue.sendTo("queue", { type: "queue.close", error: notRunning() });
        enqueue.sendTo("interrupt", { type: "session.ended" });
        enqueue.sendTo("trust", { type: "session.ended" });
        // Locks and snapshots a finished transaction still holds are released (config restored after the exit).
        enqueue.sendTo("effects", { type: "session.ended" });
        // Keys sent just before the close are not reported as having done nothing after it.
        enqueue.sendTo("keyWatch", { type: "session.ended" });
        enqueue.raise({ type: "session.loopsEnded" });
      }),
    },
  }).createMachine({
    id: "session",
    context: ({ input }) => ({
      input,
      status: "starting",
      initialReady: false,
      loginWarned: false,
      facts: undefined,
      lastStatusFactsKey: "",
      closingAs: "stopped",
      loops: {},
      loopHolds: [],
      loopOp: null,
      loopTurn: null,
      loopSeq: 0,
      loopPhase: "waiting",
      mcpWarned: [],
    }),
    invoke: [
      { id: "io", systemId: IO_SYSTEM_ID, src: "io", input: ({ context }: { context: SessionContext }) => context.input.ioInput },
      { id: "effects", systemId: "effects", src: "effects", input: ({ context }: { context: SessionContext }) => context.input.effectsInput },
      {
        id: "status",
        src: "status",
        input: ({ context }) => ({
          readiness: context.input.adapter.readiness,
          autoAnswered: answeredDialogKinds(context.input.adapter, context.input.autotrust),
        }),
      },
      { id: "turn", src: "turn", input: ({ context }) => ({
          resumed: context.input.resumed,
          noEvidenceEndMs: 4000,
          turnHooks: { start: context.input.adapter.promptHook, end: context.input.adapter.stopHook },
        }) },
      { id: "queue", src: "queue", input: ({ context }) => ({ timing: context.input.adapter.submission }) },
      { id: "interrupt", src: "interrupt", input: () => ({}) },
      {
        id: "trust",
        src: "trust",
        input: ({ context }) => ({
          enabled: answeredDialogKinds(context.input.adapter, context.input.autotrust).length > 0,
          kinds: answeredDialogKinds(context.input.adapter, context.input.autotrust),
          affirmatives: context.input.adapter.trustAffirmatives,
          enterWhenSelected: context.input.adapter.trustEnterWhenSelected ?? false,
        }),
      },
      { id: "waits", src: "waits" },
      { id: "keyWatch", src: "keyWatch", input: () => ({ windowMs: DIALOG_KEY_EFFECT_MS }) },
      // Last: what the feed kept before the tree ran (an edge warning) is replayed into a tree whose children all run.
      { id: "hooks", systemId: "hooks", src: "hooks", input: ({ context }: { context: SessionContext }) => context.input.hooksInput },
    ],
    on: {
      "pty.spawned": {
        actions: [sendTo("status", ({ event }) => event), emit(({ event }) => ({ type: "public.spawned" as const, pid: event.pid, pgid: event.pgid }))],
        description: "The io actor spawned the CLI: the status machine waits for its first frame; the launcher starts the supervisor.",
      },
      "trust.fallback": { actions: sendTo("status", ({ event }) => event) },
      "trust.writeFailed": {
        actions: emit(({ event }) => ({
          type: "public.warning" as const,
          code: "startup_prompt_write_failed" as const,
          message: `writing the answer to the ${event.label} prompt failed; it is retried while the prompt stays up`,
          details: { label: event.label },
        })),
        description: "A startup prompt's answer write was rejected: a live warning (label only).",
      },
      "trust.answered": {
        actions: emit(({ event }) => ({ type: "public.startupPrompt" as const, label: event.label, text: event.text })),
      },
      "queue.opWritten": { actions: emit(({ event }) => ({ type: "public.op" as const, opId: event.opId, phase: "written" as const })) },
      "queue.opEntered": {
        actions: [
          sendTo("status", ({ event }) => ({ type: "submission.written" as const, opId: event.opId })),
          sendTo("turn", ({ event }) => ({ type: "submission.entered" as const, opId: event.opId, joinsTurn: event.joinsTurn })),
          emit(({ event }) => ({ type: "public.op" as const, opId: event.opId, phase: "entered" as const })),
          "loopOpEntered",
        ],
      },
      "loop.scheduled": { actions: "noteLoopChild", description: "A loop started counting its cadence down." },
      "loop.due": { actions: "noteLoopChild", description: "A loop is due: it is delivered at the next ready transition nothing holds." },
      "loop.expired": { actions: "noteLoopChild", description: "A loop passed its seven-day horizon." },
      "cmd.loopCancel": { actions: "cancelLoop", description: "The caller removed a loop." },
      "cmd.loopHold": {
        actions: assign({ loopHolds: ({ context, event }) => [...context.loopHolds, event.holdId] }),
        description: "A send/stream turn reserved its slot: loop delivery waits for its real boundary.",
      },
      "cmd.loopRelease": {
        actions: [assign({ loopHolds: ({ context, event }) => context.loopHolds.filter((id) => id !== event.holdId) }), "deliverLoop"],
        description: "A send/stream turn ended: the last release lets a due loop through.",
      },
      "session.loopsMayDeliver": { actions: "deliverLoop", description: "Something a due loop waits on changed: deliver the next one if it may go." },
      "session.loopsEnded": { actions: "endLoops", description: "The session ended: loop clocks stop, definitions wait for a resume." },
      "queue.opDone": {
        actions: ["loopOpSettled", emit(({ event }) => ({
          type: "public.op" as const,
          opId: event.opId,
          phase: "done" as const,
          ...(event.result === undefined ? {} : { result: event.result }),
        }))],
      },
      "effect.request": { actions: sendTo("effects", ({ event }) => event), description: "The active transaction needs an effect performed." },
      "effect.result": { actions: sendTo("queue", ({ event }) => event), description: "An effect answered: back to the transaction." },
      "effect.warning": {
        actions: emit(({ event }) => ({
          type: "public.warning" as const,
          code: event.code,
          message: event.message,
          ...(event.details === undefined ? {} : { details: event.details }),
        })),
      },
      "queue.opFailed": { actions: ["loopOpSettled", emit(({ event }) => ({ type: "public.opFailed" as const, opId: event.opId, error: event.error }))] },
      "interrupt.resolved": { actions: emit(({ event }) => ({ type: "public.interrupt" as const, ids: event.ids })) },
      "interrupt.failed": { actions: emit(({ event }) => ({ type: "public.interrupt" as const, ids: event.ids, error: event.error })) },
      "cmd.cancel": { actions: sendTo("queue", ({ event }) => ({ type: "queue.cancel" as const, opId: event.opId, error: event.error })) },
      "cmd.rawInput": { actions: sendTo("queue", { type: "submission.rawInput" as const }) },
      "cmd.waitStart": { actions: sendTo("waits", ({ event }) => ({ type: "wait.start" as const, waitId: event.waitId, timeoutMs: event.timeoutMs })) },
      "cmd.waitEnd": { actions: sendTo("waits", ({ event }) => ({ type: "wait.end" as const, waitId: event.waitId })) },
      "bridge.hookError": { actions: emit(({ event }) => ({ type: "public.hookError" as const, error: event.error })) },
      "bridge.hookResult": {
        actions: emit(({ event }) => ({ type: "public.hookResult" as const, name: event.name, failedOpen: event.failedOpen, response: event.response })),
      },
      "wait.timedOut": { actions: emit(({ event }) => ({ type: "public.waitTimedOut" as const, waitId: event.waitId })) },
      "io.resizeRestoreFailed": {
        actions: emit(({ event }) => ({
          type: "public.warning" as const,
          code: "resize_restore_failed" as const,
          message: "restoring the requested terminal size after the bootstrap size failed",
          details: { requestedCols: event.requestedCols, requestedRows: event.requestedRows, errorCode: event.errorCode },
        })),
        description: "The io actor could not give the CLI the caller's size after the bootstrap size: a live warning (sizes and an allowlisted code only).",
      },
      "io.reapFailed": {
        actions: emit(({ event }) => ({
          type: "public.warning" as const,
          code: "reap_failed" as const,
          message: "processes the agent left running when it exited could not be ended",
          details: { processGroupId: event.processGroupId, errorCode: event.errorCode },
        })),
        description: "After an unsolicited exit, members of the CLI's process group outlived the reap: a live warning (group id and errno only).",
      },
      "keys.noEffect": {
        actions: emit(({ event }) => ({
          type: "public.warning" as const,
          code: "dialog_keys_no_effect" as const,
          message: `keys written to the ${event.dialog.kind} dialog left it unchanged`,
          details: { dialog: event.dialog.kind },
        })),
      },
    },
    initial: "open",
    states: {
      open: {
        description: "The CLI runs and every child machine hears the session's evidence: frames, hooks, status (write answers go from io to each writer).",
        initial: "starting",
        on: {
          frame: {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const key = meaningKey(context.input.adapter, event);
              enqueue.assign({ facts: event.facts });
              // Only a change of meaning is status evidence; repaints with the same facts would flood the log. An OSC
              // 7501 state is evidence on its own: Codex 0.171 often sends `state=idle` in a chunk that changes nothing.
              if (key !== context.lastStatusFactsKey || event.oscState.length > 0) {
                enqueue.assign({ lastStatusFactsKey: key });
                enqueue.sendTo("status", event);
              }
              enqueue.emit({ type: "public.frame", seq: event.seq, facts: event.facts });
              if (context.initialReady) warnLoginRequired(context, event.facts, enqueue);
              if (event.facts.mcpNotices !== undefined) {
                const step = newMcpWarnings(event.facts.mcpNotices, context.mcpWarned);
                if (step.warnings.length > 0) enqueue.assign({ mcpWarned: step.warned });
                for (const warning of step.warnings) enqueue.emit({ type: "public.warning", ...warning });
              }
              enqueue.sendTo("turn", event);
              enqueue.sendTo("queue", event);
              // The trust responder and the key watch act only on a dialog: a frame with none, after a frame with none,
              // cannot move either. Skipping those keeps a flood of output from paying for two machines per frame.
              if (event.facts.dialog !== undefined || context.facts?.dialog !== undefined) {
                enqueue.sendTo("trust", event);
                enqueue.sendTo("keyWatch", event);
              }
            }),
          },
          "hook.*": {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const hook = event as HookEvent;
              enqueue.emit({ type: "public.hook", name: hook.name, payload: hook.payload });
              if (!context.initialReady && context.input.adapter.readiness.hookEvents.includes(hook.name)) {
                enqueue.sendTo("status", hook);
              } else if (context.input.adapter.statusHooks?.includes(hook.name) === true) {
                enqueue.sendTo("status", hook);
              }
              enqueue.sendTo("turn", hook);
              enqueue.sendTo("queue", hook);
            }),
          },
          "status.changed": { actions: ["noteStatus", sendTo("trust", ({ event }) => event)] },
          "turn.started": { actions: [sendTo("status", ({ event }) => event), "announceTurn"] },
          "turn.ended": { actions: [sendTo("status", ({ event }) => event), "announceTurn"] },
          "cmd.enqueue": { actions: [sendTo("queue", ({ event }) => ({ type: "queue.enqueue" as const, op: event.op })), "idleActivity"] },
          "cmd.loopAdd": { actions: "addLoop", description: "A loop definition to run: its machine is spawned (and started when live)." },
          "cmd.interrupt": {
            actions: sendTo("interrupt", ({ event }) => ({ type: "interrupt.request" as const, id: event.id, timeoutMs: event.timeoutMs })),
          },
          "cmd.rawInput": {
            actions: [
              "idleActivity",
              sendTo("queue", { type: "submission.rawInput" as const }),
              sendTo("keyWatch", ({ context }) => ({ type: "keys.sent" as const, dialog: context.facts?.dialog })),
            ],
            description: "Raw keys: recovery Enters are revoked, and keys sent to a blocking dialog are watched for an effect.",
          },
          "cmd.closing": { target: "over.closing", actions: "beginClose", description: "stop / kill / teardown asked for." },
          "pty.exit": {
            target: "over.ended",
            actions: ["observeExit", "announceExit"],
            description: "The CLI exited on its own (or was killed from outside).",
          },
        },
        states: {
          starting: {
            description: "The CLI is launching: nothing has proven yet that it takes input; readiness-waiting ops queue.",
            initial: "listening",
            states: {
              listening: {
                description: "The hook bridge server starts listening, then the CLI's args are built from its socket, config file and HTTP endpoint.",
                invoke: {
                  id: "listen",
                  src: "listen",
                  input: ({ context }: { context: SessionContext }) => context.input.listenInput,
                  onDone: {
                    target: "spawning",
                    actions: sendTo("io", ({ event }) => ({ type: "io.spawn" as const, args: (event.output as HookListenOutput).args })),
                    description: "The bridge listens: the io actor spawns the CLI with the args that name it.",
                  },
                  onError: {
                    target: "#session.over.ended",
                    actions: emit(({ event }) => ({ type: "public.startFailed" as const, error: event.error })),
                    description: "The bridge could not listen (or the args could not be built): the start fails with that error.",
                  },
                },
              },
              spawning: {
                description: "The io actor spawns the CLI with the bridge's args; the session waits for its first readiness.",
                on: {
                  "status.changed": {
                    guard: ({ event }) => event.initial,
                    target: "#session.open.live",
                    actions: [sendTo("io", { type: "io.restoreSize" as const }), "noteStatus", sendTo("trust", ({ event }) => event)],
                    description: "Initial readiness: the io actor restores the caller's size (after a bootstrap size) before anyone hears of it, then the session is live.",
                  },
                  "pty.spawnFailed": {
                    target: "#session.over.ended",
                    actions: emit(({ event }) => ({ type: "public.startFailed" as const, error: event.error })),
                    description: "node-pty could not fork the CLI: the start fails with that error.",
                  },
                },
              },
            },
          },
          live: {
            description: "The CLI takes input: queued ops reach it one at a time, turns and dialogs move the status.",
            entry: "startLoops",
          },
        },
      },
      over: {
        description: "Every op has failed and the machines are finished: frames and hooks are display-only, new calls fail at once.",
        entry: "endOperations",
        initial: "closing",
        on: {
          frame: {
            actions: [
              assign({ facts: ({ event }) => event.facts }),
              emit(({ event }) => ({ type: "public.frame" as const, seq: event.seq, facts: event.facts })),
            ],
          },
          "hook.*": { actions: emit(({ event }) => ({ type: "public.hook" as const, name: (event as HookEvent).name, payload: (event as HookEvent).payload })) },
          // The status machine's own last word (the exit or the closing status) still reaches the caller.
          "status.changed": { actions: "noteStatus" },
          "turn.started": { actions: "announceTurn" },
          "turn.ended": { actions: "announceTurn" },
          "cmd.enqueue": { actions: emit(({ event }) => ({ type: "public.opFailed" as const, opId: event.op.opId, error: notRunning() })) },
          "cmd.interrupt": { actions: emit(({ event }) => ({ type: "public.interrupt" as const, ids: [event.id], error: notRunning() })) },
          "pty.exit": { actions: ["observeExit", "announceExit"], description: "The exit is observed (the status may already be closing)." },
        },
        states: {
          closing: {
            description: "Elwood is ending the session: the `end` actor signals and reaps the process group, then releases.",
            invoke: {
              id: "end",
              src: "end",
              input: ({ context }: { context: SessionContext }) => ({ runtime: context.input.endInput, as: context.closingAs }),
              onDone: { target: "ended", actions: "finishClose", description: "The reap finished: a closing status becomes final." },
              onError: { target: "ended", actions: "finishClose", description: "Ending failed (the close rejects); the closing status still becomes final." },
            },
            on: { "cmd.closing": { target: "closing", reenter: true, actions: "beginClose", description: "Each further close runs its own reap." } },
          },
          ended: {
            description: "The CLI's process is gone or the close finished; late frames are display-only.",
            on: { "cmd.closing": { target: "closing", actions: "beginClose", description: "Each further close runs its own reap." } },
          },
        },
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof buildSessionMachine>;
