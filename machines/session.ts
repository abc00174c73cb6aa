// The session root actor: owns the child machines and the I/O edge, routes every event between them and
// announces public events (status, activity, hooks, operation results) to the facade.

import { emit, enqueueActions, sendTo, setup, type AnyActorLogic } from "xstate";
import { factsKey, type ScreenFacts } from "../adapters/screen-facts.js";
import { answeredDialogKinds, type AgentAdapter } from "../adapters/adapter.js";
import { ElwoodError } from "../src/errors.js";
import { isTerminalStatus, type ElwoodSessionStatus } from "../src/public-types.js";
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
} from "./events.js";
import { statusMachine, type ClosingAs } from "./status.js";
import { turnMachine } from "./turn.js";
import { controlQueueMachine, type QueuedOp } from "./control-queue.js";
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
}

/** Events the facade sends. */
export type SessionCommand =
  | { readonly type: "cmd.enqueue"; readonly op: QueuedOp }
  | { readonly type: "cmd.cancel"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "cmd.interrupt"; readonly id: string; readonly timeoutMs: number }
  | { readonly type: "cmd.rawInput" }
  | { readonly type: "cmd.effectResult"; readonly result: EffectResultEvent }
  | { readonly type: "cmd.closing"; readonly as: ClosingAs }
  | { readonly type: "cmd.closed"; readonly as: ClosingAs };

/** Events the facade listens to (actor.on). */
export type SessionPublicEvent =
  | { readonly type: "public.status"; readonly from: ElwoodSessionStatus; readonly to: ElwoodSessionStatus; readonly initial: boolean; readonly ruleIds: readonly string[] }
  | { readonly type: "public.hook"; readonly name: string; readonly payload: Readonly<Record<string, unknown>> }
  | { readonly type: "public.frame"; readonly seq: number; readonly facts: ScreenFacts }
  | { readonly type: "public.turn"; readonly edge: "started" | "ended"; readonly source: string }
  | { readonly type: "public.startupPrompt"; readonly label: string; readonly text: string }
  | { readonly type: "public.op"; readonly opId: string; readonly phase: "written" | "entered" | "done"; readonly result?: unknown }
  /** A transaction needs an effect performed by the facade (clipboard, config snapshot, login callbacks). */
  | { readonly type: "public.effect"; readonly request: EffectRequestEvent }
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
  | { readonly type: "queue.opFailed"; readonly opId: string; readonly error: ElwoodError }
  | { readonly type: "interrupt.resolved"; readonly ids: readonly string[] }
  | { readonly type: "interrupt.failed"; readonly ids: readonly string[]; readonly error: ElwoodError }
  | { readonly type: "trust.answered"; readonly label: string; readonly text: string };

export type SessionEvent = SessionCommand | ChildEvent | FrameEvent | HookEvent | PtyExitEvent | PtySpawnedEvent;

interface SessionContext {
  readonly input: SessionInput;
  readonly status: ElwoodSessionStatus;
  readonly initialReady: boolean;
  readonly facts: ScreenFacts | undefined;
  readonly lastStatusFactsKey: string;
  readonly ended: boolean;
}

const notRunning = (): ElwoodError => new ElwoodError("session_not_running", "the session ended");

/** Builds the session machine around a concrete I/O edge actor (effects/session-io in production). */
export function createSessionMachine(ioLogic: AnyActorLogic) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      input: {} as SessionInput,
      emitted: {} as SessionPublicEvent,
    },
    actors: {
      io: ioLogic,
      status: statusMachine,
      turn: turnMachine,
      queue: controlQueueMachine,
      interrupt: interruptMachine,
      trust: trustResponderMachine,
    },
    actions: {
      toWriters: enqueueActions(({ event, enqueue }) => {
        enqueue.sendTo("queue", event);
        enqueue.sendTo("interrupt", event);
        enqueue.sendTo("trust", event);
      }),
      endOperations: enqueueActions(({ context, enqueue }) => {
        if (context.ended) return;
        enqueue.assign({ ended: true });
        enqueue.sendTo("queue", { type: "queue.close", error: notRunning() });
        enqueue.sendTo("interrupt", { type: "session.ended" });
        enqueue.sendTo("trust", { type: "session.ended" });
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
      { id: "io", src: "io", input: ({ context }: { context: SessionContext }) => context.input.ioInput },
      {
        id: "status",
        src: "status",
        input: ({ context }) => ({
          readiness: context.input.adapter.readiness,
          autoAnswered: answeredDialogKinds(context.input.adapter, context.input.autotrust),
        }),
      },
      { id: "turn", src: "turn", input: ({ context }) => ({ resumed: context.input.resumed, noEvidenceEndMs: 4000 }) },
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
          // Before initial readiness every matched rule counts: a readiness rule (Codex 0.144.6's session header) can
          // appear on a frame whose facts are otherwise those of the previous one.
          const key = context.initialReady ? factsKey(event.facts) : `${factsKey(event.facts)}|${event.facts.ruleIds.join(",")}`;
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
      "effect.request": { actions: emit(({ event }) => ({ type: "public.effect" as const, request: event })) },
      "cmd.effectResult": { actions: sendTo("queue", ({ event }) => event.result) },
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
      "cmd.closing": {
        actions: enqueueActions(({ context, event, enqueue }) => {
          // A session that already reached a terminal status keeps it; only the reap runs again.
          if (!isTerminalStatus(context.status)) enqueue.sendTo("status", { type: "lifecycle.closing", as: event.as });
          enqueue({ type: "endOperations" });
        }),
      },
      "cmd.closed": {
        // When the exit was already observed the status machine has finished (nothing leaves a terminal status).
        guard: ({ context }) => !isTerminalStatus(context.status),
        actions: sendTo("status", ({ event }) =>
          event.as === "stopped"
            ? { type: "lifecycle.stopped" as const }
            : event.as === "killed"
              ? { type: "lifecycle.killed" as const }
              : { type: "lifecycle.tornDown" as const },
        ),
      },
      "pty.exit": {
        actions: [
          sendTo("status", ({ event }) => event),
          "endOperations",
          emit(({ event }) => ({ type: "public.exit" as const, exitCode: event.exitCode, ...(event.signal === undefined ? {} : { signal: event.signal }) })),
        ],
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
