// Startup trust automation (autotrust): answers a recognized first-party trust dialog by its affirmative label,
// verifying the selection before Enter, and falls back to a human block after a bounded deadline.

import { and, assign, enqueueActions, sendParent, setup } from "xstate";
import type { DialogFact, DialogKind } from "../src/contracts/screen-facts.js";
import type { FrameEvent, IoFailedEvent, IoHeldEvent, IoWrittenEvent, StatusChangedEvent } from "../src/contracts/events.js";
import { sendWrite } from "./write-request.js";

/** Per dialog generation: how long safe automation may take before a human is asked. */
export const TRUST_DEADLINE_MS = 5000;
/** A numbered answer that was not consumed is retried after this long. */
export const TRUST_RETRY_MS = 700;

export interface TrustInput {
  readonly enabled: boolean;
  readonly kinds: readonly DialogKind[];
  /** Affirmative option label per dialog kind (matched against parsed option labels). */
  readonly affirmatives: Partial<Record<DialogKind, RegExp>>;
  /** Navigate numbered lists by arrows and confirm the selected affirmative with Enter (Codex 0.171 ignores digits). */
  readonly enterWhenSelected?: boolean;
}

export type TrustEvent =
  | FrameEvent
  | StatusChangedEvent
  | IoWrittenEvent
  | IoHeldEvent
  | IoFailedEvent
  | { readonly type: "session.ended" };

export interface TrustContext {
  readonly enabled: boolean;
  readonly kinds: readonly DialogKind[];
  readonly affirmatives: Partial<Record<DialogKind, RegExp>>;
  readonly enterWhenSelected: boolean;
  readonly dialog: DialogFact | undefined;
  readonly seq: number;
  readonly pendingRequest: string | undefined;
  readonly answered: DialogKind | undefined;
  /** An answer key was written for the current dialog generation (only then may clearance be announced). */
  readonly wrote: boolean;
  /** The dialog was seen gone while a write was still unacknowledged. */
  readonly gone: boolean;
  /** A failed answer write was reported for the current dialog generation (one warning per dialog, not per retry). */
  readonly writeFailReported: boolean;
}

/** Labels a startup_prompt activity uses for each dialog kind Elwood may answer. */
const LABELS: Partial<Record<DialogKind, string>> = {
  workspace_trust: "workspace_trust",
  bypass_permissions: "bypass_permissions",
  hooks_review: "hook_trust",
};

export type TrustPlan = { readonly keys: string; readonly confirms: boolean } | undefined;

/** Decides the next keys for a dialog: a digit (numbered), Enter when the affirmative is selected, else one arrow. */
export function planTrustKeys(dialog: DialogFact, affirmative: RegExp | undefined, enterWhenSelected = false): TrustPlan {
  if (!affirmative) return undefined;
  const index = dialog.options.findIndex((o) => affirmative.test(o.label));
  const target = dialog.options[index];
  if (!target) return undefined;
  // Navigation mode (Codex): move the cursor to the affirmative by arrows, then Enter; no digits at all.
  if (!enterWhenSelected && dialog.layout === "numbered" && target.number !== undefined) {
    return { keys: String(target.number), confirms: true };
  }
  if (target.selected) return { keys: "\r", confirms: true };
  const selected = dialog.options.findIndex((o) => o.selected);
  if (selected < 0) return undefined;
  return { keys: index > selected ? "\x1b[B" : "\x1b[A", confirms: false };
}

function frameDialog(event: TrustEvent): DialogFact | undefined {
  return event.type === "frame" ? event.facts.dialog : undefined;
}

export const trustResponderMachine = setup({
  types: {
    context: {} as TrustContext,
    events: {} as TrustEvent,
    input: {} as TrustInput,
  },
  guards: {
    trustDialog: ({ context, event }) => {
      const d = frameDialog(event);
      return context.enabled && !!d && context.kinds.includes(d.kind);
    },
    selectionMoved: ({ context, event }) => {
      const d = frameDialog(event);
      if (!d || d.kind !== context.dialog?.kind) return false;
      // Only a moved cursor is new evidence. A repaint of a numbered dialog is not: re-planning on it would type
      // the digit again, and a second digit lands in the composer once the first one was consumed.
      const now = d.options.findIndex((o) => o.selected);
      const before = context.dialog.options.findIndex((o) => o.selected);
      return now !== before;
    },
    dialogGone: ({ context, event }) => event.type === "frame" && frameDialog(event)?.kind !== context.dialog?.kind,
    wrote: ({ context }) => context.wrote,
    isOurWrite: ({ context, event }) => "requestId" in event && event.requestId === context.pendingRequest,
    goneAlready: ({ context }) => context.gone,
    plannable: ({ context, event }) => {
      const d = frameDialog(event) ?? context.dialog;
      return !!d && planTrustKeys(d, context.affirmatives[d.kind], context.enterWhenSelected) !== undefined;
    },
  },
  actions: {
    remember: assign(({ context, event }) => ({ dialog: frameDialog(event) ?? context.dialog })),
    newGeneration: assign(({ event }) => ({ dialog: frameDialog(event), wrote: false, gone: false, writeFailReported: false })),
    markGone: assign({ gone: true }),
    markWrote: assign({ wrote: true }),
    forget: assign({ pendingRequest: undefined, wrote: false }),
    writePlan: enqueueActions(({ context, system, self, enqueue }) => {
      const d = context.dialog as DialogFact;
      const plan = planTrustKeys(d, context.affirmatives[d.kind], context.enterWhenSelected);
      sendWrite({ system, self, enqueue: enqueue as unknown as Parameters<typeof sendWrite>[0]["enqueue"] }, {
        type: "io.write",
        requestId: context.pendingRequest ?? "trust-unknown",
        data: plan?.keys ?? "",
        purpose: "trust",
        guardDialog: false,
        // The edge re-checks right before writing: a retry never lands in the composer after the dialog went.
        requireDialog: d.kind,
      });
    }),
    nextRequest: assign(({ context }) => ({ seq: context.seq + 1, pendingRequest: `trust-${context.seq}` })),
    markAnswered: assign(({ context }) => ({ answered: context.dialog?.kind, pendingRequest: undefined })),
    announce: sendParent(({ context }) => {
      const kind = context.dialog?.kind ?? "workspace_trust";
      return { type: "trust.answered" as const, label: LABELS[kind] ?? kind, text: `answered the ${kind} prompt with its affirmative option` };
    }),
    fallback: sendParent(({ context }) => ({ type: "trust.fallback" as const, ruleIds: [...(context.dialog?.ruleIds ?? [])] })),
    reportWriteFailed: enqueueActions(({ context, enqueue }) => {
      if (context.writeFailReported) return;
      const kind = context.dialog?.kind ?? "workspace_trust";
      enqueue.assign({ writeFailReported: true });
      enqueue.sendParent({ type: "trust.writeFailed" as const, label: LABELS[kind] ?? kind });
    }),
  },
  delays: { deadline: TRUST_DEADLINE_MS, retry: TRUST_RETRY_MS },
}).createMachine({
  id: "trust",
  context: ({ input }) => ({
    enabled: input.enabled,
    kinds: input.kinds,
    affirmatives: input.affirmatives,
    enterWhenSelected: input.enterWhenSelected ?? false,
    dialog: undefined,
    seq: 0,
    pendingRequest: undefined,
    answered: undefined,
    wrote: false,
    gone: false,
    writeFailReported: false,
  }),
  initial: "watching",
  on: { "session.ended": ".done" },
  states: {
    watching: {
      on: { frame: { guard: "trustDialog", target: "answering", actions: "newGeneration" } },
    },
    answering: {
      initial: "deciding",
      after: { deadline: { target: "gaveUp", actions: "fallback", description: "could not answer safely in time: a human decides" } },
      states: {
        deciding: {
          always: [
            { guard: "goneAlready", target: "#trust.verifyingClear", description: "the dialog cleared while a write was in flight" },
            { guard: "plannable", target: "writing", actions: "nextRequest" },
            { target: "waitingFrame", description: "affirmative not (yet) painted: hold, never guess" },
          ],
        },
        waitingFrame: {
          on: {
            frame: [
              { guard: "dialogGone", target: "#trust.verifyingClear" },
              { target: "deciding", actions: "remember" },
            ],
          },
        },
        writing: {
          entry: "writePlan",
          on: {
            // Under load the cleared dialog can be rendered before our write is acknowledged.
            frame: { guard: "dialogGone", actions: "markGone" },
            "io.written": [
              { guard: and(["isOurWrite", "goneAlready"]), target: "#trust.verifyingClear", actions: "markWrote" },
              { guard: "isOurWrite", target: "awaitingEffect", actions: "markWrote" },
            ],
            "io.held": [
              { guard: and(["isOurWrite", "goneAlready"]), target: "#trust.verifyingClear" },
              { guard: "isOurWrite", target: "waitingFrame" },
            ],
            // B §4.4: a rejected write is not an answer: say so once, and retry on a later frame within the deadline.
            "io.failed": {
              guard: "isOurWrite",
              target: "waitingFrame",
              actions: ["reportWriteFailed", "forget"],
              description: "the answer write was rejected: warn once, the prompt stays unanswered and is retried on a later frame",
            },
          },
        },
        awaitingEffect: {
          after: { retry: { target: "deciding", description: "keys not consumed: re-evaluate and retry" } },
          on: {
            frame: [
              { guard: "dialogGone", target: "#trust.verifyingClear" },
              { guard: "selectionMoved", target: "deciding", actions: "remember", description: "the cursor moved: verify the selection again" },
            ],
          },
        },
      },
    },
    verifyingClear: {
      always: [
        { guard: "wrote", target: "watching", actions: ["markAnswered", "announce"], description: "our answer cleared the dialog" },
        { target: "watching", actions: "forget", description: "cleared without an Elwood write (a human answered): nothing to announce" },
      ],
    },
    gaveUp: {
      on: { frame: { guard: "dialogGone", target: "watching" } },
    },
    done: { type: "final" },
  },
});
