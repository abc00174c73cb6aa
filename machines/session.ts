// The session root actor: owns the child machines and the I/O edge, routes every event between them and
// announces public events (status, activity, hooks, operation results) to the facade.

import { emit, enqueueActions, sendTo, setup, type AnyActorLogic } from "xstate";
import { factsKey, type ScreenFacts } from "../src/contracts/screen-facts.js";
import { answeredDialogKinds, type AgentAdapter } from "../src/contracts/agent-adapter.js";
import { ElwoodError } from "../src/contracts/errors.js";
import { isTerminalStatus, type SessionStatus, type WarningCode } from "../src/contracts/public-types.js";
import type {
  FrameEvent,
  HookEvent,
  IoWriteRequest,
  PtyExitEvent,
  PtySpawnedEvent,
  StatusChangedEvent,
  TrustFallbackEvent,
  TurnEndedEvent,
  TurnStartedEvent,
} from "../src/contracts/events.js";
import { statusMachine } from "./status.js";
import type { ClosingAs } from "../src/contracts/readiness.js";
import { turnMachine } from "./turn.js";
import { controlQueueMachine, type QueueRequest } from "./control-queue.js";
import { interruptMachine } from "./interrupt.js";
import { trustResponderMachine } from "./trust-responder.js";
import type { EffectRequestEvent, EffectResultEvent } from "./transaction.js";

export interface SessionInput {
  readonly elwoodSessionId: string;
  readonly adapter: AgentAdapter;
  readonly autotrust: boolean;
  readonly resumed: boolean;
  /** The I/O edge actor's input (terminal, pty, screen reader); opaque to the machine. */
  readonly ioInput: unknown;
  /** The transaction effects actor's input (callbacks, paths, the process); opaque to the machine. */
  readonly effectsInput: unknown;
}

/** Events the facade sends. */
export type SessionCommand =
  | { readonly type: "cmd.enqueue"; readonly op: QueueRequest }
  | { readonly type: "cmd.cancel"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "cmd.interrupt"; readonly id: string; readonly timeoutMs: number }
  | { readonly type: "cmd.rawInput" }
  | { readonly type: "cmd.closing"; readonly as: ClosingAs }
  | { readonly type: "cmd.closed"; readonly as: ClosingAs };

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
  | { readonly type: "public.exit"; readonly exitCode: number | null; readonly signal?: number };

type ChildEvent =
  | StatusChangedEvent
  | TurnStartedEvent
  | TurnEndedEvent
  | TrustFallbackEvent
  | IoWriteRequest
  | { readonly type: "io.written"; readonly requestId: string }
  | { readonly type: "io.held"; readonly requestId: string }
  | { readonly type: "io.failed"; readonly requestId: string; readonly error: ElwoodError }
  | { readonly type: "queue.opWritten"; readonly opId: string }
  | { readonly type: "queue.opEntered"; readonly opId: string }
  | { readonly type: "queue.opDone"; readonly opId: string; readonly result?: unknown }
  | EffectRequestEvent
  | EffectResultEvent
  | { readonly type: "effect.warning"; readonly code: WarningCode; readonly message: string; readonly details?: Readonly<Record<string, unknown>> }
  | { readonly type: "queue.opFailed"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "interrupt.resolved"; readonly ids: readonly string[] }
  | { readonly type: "interrupt.failed"; readonly ids: readonly string[]; readonly error: ElwoodError }
  | { readonly type: "trust.answered"; readonly label: string; readonly text: string };

/** Raised by the root itself when the status machine reports initial readiness. */
type SessionInternalEvent = { readonly type: "session.initialReady" };

export type SessionEvent = SessionCommand | SessionInternalEvent | ChildEvent | FrameEvent | HookEvent | PtyExitEvent | PtySpawnedEvent;

interface SessionContext {
  readonly input: SessionInput;
  readonly status: SessionStatus;
  readonly initialReady: boolean;
  readonly facts: ScreenFacts | undefined;
  readonly lastStatusFactsKey: string;
  readonly ended: boolean;
}

const notRunning = (): ElwoodError => new ElwoodError("session_not_running", "the session ended");

/** The effect actors the session tree runs at its edge (effects/session-io and effects/transaction-effects-actor in production). */
export interface SessionEdges {
  readonly io: AnyActorLogic;
  readonly effects: AnyActorLogic;
}

/** Builds the session machine around concrete edge actors; tests swap them by passing others. */
export function createSessionMachine(edges: SessionEdges) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      input: {} as SessionInput,
      emitted: {} as SessionPublicEvent,
    },
    actors: {
      io: edges.io,
      effects: edges.effects,
      status: statusMachine,
      turn: turnMachine,
      queue: controlQueueMachine,
      interrupt: interruptMachine,
      trust: trustResponderMachine,
    },
    actions: {
      toWriters: enqueueActions(({ context, event, enqueue }) => {
        enqueue.sendTo("queue", event);
        enqueue.sendTo("interrupt", event);
        // The trust responder finished at session.ended: an answer to its last write arriving later is dropped.
        if (!context.ended) enqueue.sendTo("trust", event);
      }),
      beginClose: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "cmd.closing") return;
        // A session that already reached a terminal status keeps it; only the reap runs again.
        if (!isTerminalStatus(context.status)) enqueue.sendTo("status", { type: "lifecycle.closing", as: event.as });
      }),
      finishClose: enqueueActions(({ context, event, enqueue }) => {
        // When the exit was already observed the status machine has finished (nothing leaves a terminal status).
        if (event.type !== "cmd.closed" || isTerminalStatus(context.status)) return;
        enqueue.sendTo(
          "status",
          event.as === "stopped"
            ? { type: "lifecycle.stopped" as const }
            : event.as === "killed"
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
      endOperations: enqueueActions(({ context, enqueue }) => {
        if (context.ended) return;
        enqueue.assign({ ended: true });
        enqueue.sendTo("queue", { type: "queue.close", error: notRunning() });
        enqueue.sendTo("interrupt", { type: "session.ended" });
        enqueue.sendTo("trust", { type: "session.ended" });
        // Locks and snapshots a finished transaction still holds are released (config restored after the exit).
        enqueue.sendTo("effects", { type: "session.ended" });
      }),
    },
  }).createMachine({
    id: "session",
    context: ({ input }) => ({
      input,
      status: "starting",
      initialReady: false,
      facts: undefined,
      lastStatusFactsKey: "",
      ended: false,
    }),
    invoke: [
      { id: "io", systemId: "io", src: "io", input: ({ context }: { context: SessionContext }) => context.input.ioInput },
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
    ],
    on: {
      "pty.spawned": { actions: sendTo("status", ({ event }) => event) },
      frame: {
        actions: enqueueActions(({ context, event, enqueue }) => {
          // The adapter's readiness rules are part of the meaning: one (Codex 0.144.6's session header) can appear on
          // a frame whose facts are otherwise those of the previous one.
          const readyRules = context.input.adapter.readiness.readyRuleIds ?? [];
          const readyRulesMatched = readyRules.length > 0 && readyRules.every((id) => event.facts.ruleIds.includes(id));
          const key = `${factsKey(event.facts)}|${readyRulesMatched ? "R" : "r"}`;
          enqueue.assign({ facts: event.facts });
          // Only a change of meaning is status evidence; repaints with the same facts would flood the log. An OSC
          // 7501 state is evidence on its own: Codex 0.171 often sends `state=idle` in a chunk that changes nothing.
          if (!context.ended && (key !== context.lastStatusFactsKey || event.oscState.length > 0)) {
            enqueue.assign({ lastStatusFactsKey: key });
            enqueue.sendTo("status", event);
          }
          enqueue.emit({ type: "public.frame", seq: event.seq, facts: event.facts });
          // After the session ended its machines are finished; late frames are display-only.
          if (context.ended) return;
          enqueue.sendTo("turn", event);
          enqueue.sendTo("queue", event);
          enqueue.sendTo("trust", event);
        }),
      },
      "hook.*": {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const hook = event as HookEvent;
          enqueue.emit({ type: "public.hook", name: hook.name, payload: hook.payload });
          if (context.ended) return;
          if (!context.initialReady && context.input.adapter.readiness.hookEvents.includes(hook.name)) {
            enqueue.sendTo("status", hook);
          } else if (context.input.adapter.statusHooks?.includes(hook.name) === true) {
            enqueue.sendTo("status", hook);
          }
          enqueue.sendTo("turn", hook);
          enqueue.sendTo("queue", hook);
        }),
      },
      "status.changed": {
        actions: enqueueActions(({ context, event, enqueue }) => {
          enqueue.assign({ status: event.to, initialReady: context.initialReady || event.initial });
          enqueue.sendTo("turn", event);
          enqueue.sendTo("queue", event);
          enqueue.sendTo("interrupt", event);
          // The trust responder finished when the session ended.
          if (!context.ended) enqueue.sendTo("trust", event);
          // Only a painted dialog names the block; a hook-evidenced block (PermissionRequest) before the paint has none.
          const ruleIds = event.to === "blocked" ? (context.facts?.dialog?.ruleIds ?? []) : [];
          enqueue.emit({ type: "public.status", from: event.from, to: event.to, initial: event.initial, ruleIds });
          if (event.initial) enqueue.raise({ type: "session.initialReady" });
        }),
      },
      "turn.started": {
        actions: [
          // A late turn edge after the session ended has no status machine to inform.
          enqueueActions(({ context, event, enqueue }) => {
            if (!context.ended) enqueue.sendTo("status", event);
          }),
          emit(({ event }) => ({ type: "public.turn" as const, edge: "started" as const, source: event.source })),
        ],
      },
      "turn.ended": {
        actions: [
          // A late turn edge after the session ended has no status machine to inform.
          enqueueActions(({ context, event, enqueue }) => {
            if (!context.ended) enqueue.sendTo("status", event);
          }),
          emit(({ event }) => ({ type: "public.turn" as const, edge: "ended" as const, source: event.source })),
        ],
      },
      "trust.fallback": { actions: sendTo("status", ({ event }) => event) },
      "trust.answered": {
        actions: emit(({ event }) => ({ type: "public.startupPrompt" as const, label: event.label, text: event.text })),
      },
      "io.write": { actions: sendTo("io", ({ event }) => event) },
      "io.written": { actions: ["toWriters"] },
      "io.held": { actions: ["toWriters"] },
      "io.failed": { actions: ["toWriters"] },
      "queue.opWritten": { actions: emit(({ event }) => ({ type: "public.op" as const, opId: event.opId, phase: "written" as const })) },
      "queue.opEntered": {
        actions: [
          sendTo("status", ({ event }) => ({ type: "submission.written" as const, opId: event.opId })),
          sendTo("turn", ({ event }) => ({ type: "submission.entered" as const, opId: event.opId })),
          emit(({ event }) => ({ type: "public.op" as const, opId: event.opId, phase: "entered" as const })),
        ],
      },
      "queue.opDone": {
        actions: emit(({ event }) => ({
          type: "public.op" as const,
          opId: event.opId,
          phase: "done" as const,
          ...(event.result === undefined ? {} : { result: event.result }),
        })),
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
      "queue.opFailed": { actions: emit(({ event }) => ({ type: "public.opFailed" as const, opId: event.opId, error: event.error })) },
      "interrupt.resolved": { actions: emit(({ event }) => ({ type: "public.interrupt" as const, ids: event.ids })) },
      "interrupt.failed": { actions: emit(({ event }) => ({ type: "public.interrupt" as const, ids: event.ids, error: event.error })) },
      "cmd.enqueue": [
        {
          guard: ({ context }) => context.ended,
          actions: emit(({ event }) => ({ type: "public.opFailed" as const, opId: event.op.opId, error: notRunning() })),
        },
        { actions: sendTo("queue", ({ event }) => ({ type: "queue.enqueue" as const, op: event.op })) },
      ],
      "cmd.cancel": { actions: sendTo("queue", ({ event }) => ({ type: "queue.cancel" as const, opId: event.opId, error: event.error })) },
      "cmd.interrupt": [
        {
          guard: ({ context }) => context.ended,
          actions: emit(({ event }) => ({ type: "public.interrupt" as const, ids: [event.id], error: notRunning() })),
        },
        { actions: sendTo("interrupt", ({ event }) => ({ type: "interrupt.request" as const, id: event.id, timeoutMs: event.timeoutMs })) },
      ],
      "cmd.rawInput": { actions: sendTo("queue", { type: "submission.rawInput" as const }) },
    },
    initial: "starting",
    states: {
      starting: {
        description: "The CLI is launching: nothing has proven yet that it takes input; readiness-waiting ops queue.",
        on: {
          "session.initialReady": { target: "live", description: "The status machine saw initial readiness." },
          "cmd.closing": { target: "closing", actions: ["beginClose", "endOperations"], description: "stop / kill / teardown before readiness." },
          "pty.exit": { target: "ended", actions: ["observeExit", "endOperations", "announceExit"], description: "The CLI exited before it was ready." },
        },
      },
      live: {
        description: "The CLI takes input: queued ops reach it one at a time, turns and dialogs move the status.",
        on: {
          "cmd.closing": { target: "closing", actions: ["beginClose", "endOperations"], description: "stop / kill / teardown asked for." },
          "pty.exit": { target: "ended", actions: ["observeExit", "endOperations", "announceExit"], description: "The CLI exited on its own (or was killed from outside)." },
        },
      },
      closing: {
        description: "Elwood is ending the session: every op has been failed, the process group is being reaped.",
        on: {
          "cmd.closing": { actions: ["beginClose", "endOperations"], description: "A second close runs its own reap." },
          "pty.exit": { actions: ["observeExit", "endOperations", "announceExit"], description: "The reaped CLI's exit is observed (status is already closing)." },
          "cmd.closed": { target: "ended", actions: "finishClose", description: "The reap finished: the closing status becomes final." },
        },
      },
      ended: {
        description: "The session is over: machines are finished, late frames are display-only.",
        on: {
          "cmd.closing": { actions: ["beginClose", "endOperations"], description: "Closing an ended session only reaps again." },
          "cmd.closed": { actions: "finishClose", description: "Only a session that is not yet terminal changes status." },
          "pty.exit": { actions: ["observeExit", "endOperations", "announceExit"] },
        },
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
