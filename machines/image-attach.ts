// Attaching a submission's images through the CLI's own ingestion path, each confirmed by a new `[Image #N]`
// chip in the composer, before the queue submits the text in the same slot (one call = one turn).

import { assign, enqueueActions, setup } from "xstate";
import type { ScreenFacts } from "../adapters/screen-facts.js";
import { ElwoodError } from "../src/errors.js";
import type { IoWriteRequest } from "./events.js";
import { frameBracketedPaste } from "./paste-framing.js";
import {
  CLEAR_DRAFT,
  CTRL_V,
  type EffectRequestEvent,
  effectParams,
  type TransactionMachineEvent,
  type TransactionOutput,
  writeStep,
} from "./transaction.js";

export interface ImageAttachTiming {
  /** Per-image chip confirmation bound (spec A §11: 10 s). */
  readonly confirmMs: number;
  readonly holdRetryMs: number;
  /**
   * Codex: pause after a chip before the next image's Ctrl+V. Codex 0.171.0 drops a Ctrl+V that arrives within
   * ~250 ms of the previous one (measured under Xvfb: 150 ms after the chip dropped, 200 ms taken; 0.144.6 takes
   * back-to-back keys), so a second image would never get its chip. Three times the window, for loaded machines.
   */
  readonly clipboardSpacingMs: number;
}

export const IMAGE_ATTACH_DEFAULTS: ImageAttachTiming = { confirmMs: 10_000, holdRetryMs: 100, clipboardSpacingMs: 750 };

export interface ImageAttachInput extends Partial<ImageAttachTiming> {
  readonly opId: string;
  /** Absolute paths of readable image files, in attach order (already validated by the facade). */
  readonly paths: readonly string[];
  /** `paste` = bracketed-paste each path (Claude); `clipboard` = image on the OS clipboard + Ctrl+V (Codex). */
  readonly via: "paste" | "clipboard";
  readonly facts: ScreenFacts | null;
}

export type ImageAttachEvent = TransactionMachineEvent;

export type ImageAttachParentEvent = IoWriteRequest | EffectRequestEvent;

export interface AttachContext extends ImageAttachTiming {
  readonly opId: string;
  readonly paths: readonly string[];
  readonly via: "paste" | "clipboard";
  readonly facts: ScreenFacts | null;
  readonly index: number;
  /** Chips in the composer right before the current image's key was written. */
  readonly baseline: number;
  readonly seq: number;
  readonly pendingRequestId: string | null;
  /** Something reached the composer: a failure must clear the draft. */
  readonly staged: boolean;
  /** The clipboard lock is held and must be released (restore). */
  readonly clipboardHeld: boolean;
  readonly rawInput: boolean;
  readonly error: ElwoodError | null;
}

type Args = { readonly context: AttachContext };
type ParentParams = { readonly events: readonly ImageAttachParentEvent[] };

function chips(facts: ScreenFacts | null): number {
  return facts?.composer === true ? facts.imageChips : 0;
}

const writeParams = (what: "image" | "clear") => ({ context }: Args): ParentParams => {
  const data = what === "clear" ? CLEAR_DRAFT : context.via === "clipboard" ? CTRL_V : frameBracketedPaste(context.paths[context.index] ?? "");
  const purpose = what === "clear" ? ("keys" as const) : context.via === "clipboard" ? ("keys" as const) : ("paste" as const);
  return { events: [{ type: "io.write", requestId: context.pendingRequestId ?? "", data, purpose, guardDialog: true }] };
};

const attachFailed = (message: string, details: Record<string, unknown> = {}): ElwoodError =>
  new ElwoodError("image_attach_failed", message, details);

export const imageAttachMachine = setup({
  types: {
    context: {} as AttachContext,
    events: {} as ImageAttachEvent,
    input: {} as ImageAttachInput,
    output: {} as TransactionOutput,
  },
  delays: {
    confirm: ({ context }) => context.confirmMs,
    holdRetry: ({ context }) => context.holdRetryMs,
    clipboardSpacing: ({ context }) => context.clipboardSpacingMs,
  },
  guards: {
    isOurs: ({ context, event }) => "requestId" in event && event.requestId === context.pendingRequestId,
    viaClipboard: ({ context }) => context.via === "clipboard",
    spaceClipboard: ({ context }) => context.via === "clipboard" && context.index > 0,
    /** Our pending effect's answer with this outcome (a late answer to an abandoned request is ignored). */
    ourEffect: ({ context, event }, params: { readonly ok: boolean }) =>
      event.type === "effect.result" && event.requestId === context.pendingRequestId && event.ok === params.ok,
    moreImages: ({ context }) => context.index < context.paths.length,
    chipAppeared: ({ context, event }) => event.type === "frame" && chips(event.facts) >= context.baseline + 1,
    mustClear: ({ context }) => context.staged && !context.rawInput,
    failed: ({ context }) => context.error !== null,
    clipboardHeld: ({ context }) => context.clipboardHeld,
  },
  actions: {
    /** Every event to the parent goes through here, so graph traversal can stub the one side effect. */
    toParent: enqueueActions(({ enqueue }, params: ParentParams) => {
      for (const event of params.events) enqueue.sendParent(event);
    }),
    nextRequest: assign(({ context }) => ({ seq: context.seq + 1, pendingRequestId: `${context.opId}:i${context.seq + 1}` })),
    clearRequest: assign({ pendingRequestId: null }),
    recordFacts: assign({ facts: ({ context, event }) => (event.type === "frame" ? event.facts : context.facts) }),
    takeBaseline: assign({ baseline: ({ context }) => chips(context.facts) }),
    markStaged: assign({ staged: true }),
    markClipboardHeld: assign({ clipboardHeld: true }),
    releaseClipboard: assign({ clipboardHeld: false }),
    advance: assign({ index: ({ context }) => context.index + 1 }),
    markRawInput: assign({ rawInput: true }),
    recordIoError: assign({
      // The first failure is the one the caller sees; a failed clearing write never masks it.
      error: ({ context, event }) => context.error ?? (event.type === "io.failed" ? event.error : attachFailed("an attach write failed")),
    }),
    recordEffectError: assign({
      error: ({ context, event }) =>
        event.type === "effect.result" && event.error ? event.error : attachFailed(`image ${context.index + 1} could not be put on the clipboard`),
    }),
    recordCancel: assign({ error: ({ context, event }) => (event.type === "transaction.cancel" ? event.error : context.error) }),
    failUnconfirmed: assign({
      error: ({ context }) =>
        attachFailed(`no [Image #N] chip appeared for image ${context.index + 1} within ${context.confirmMs} ms`, { index: context.index }),
    }),
  },
}).createMachine({
  id: "imageAttach",
  context: ({ input }) => ({
    ...IMAGE_ATTACH_DEFAULTS,
    ...input,
    index: 0,
    baseline: 0,
    seq: 0,
    pendingRequestId: null,
    staged: false,
    clipboardHeld: false,
    rawInput: false,
    error: null,
  }),
  initial: "beginning",
  on: {
    frame: { actions: "recordFacts" },
    "submission.rawInput": { actions: "markRawInput", description: "Caller raw input owns the draft: no clearing keys later." },
    "transaction.cancel": { target: ".failing", actions: "recordCancel", description: "Cancelled: submit no text." },
  },
  states: {
    beginning: {
      always: [{ guard: "viaClipboard", target: "lockingClipboard" }, { target: "next" }],
    },
    lockingClipboard: {
      description: "Take the process-wide clipboard lock and snapshot the user's clipboard once (the facade bounds the lock wait).",
      entry: ["nextRequest", { type: "toParent", params: effectParams(() => ({ kind: "clipboard.begin" })) }],
      on: {
        "effect.result": [
          { guard: { type: "ourEffect", params: { ok: true } }, target: "next", actions: ["clearRequest", "markClipboardHeld"] },
          { guard: { type: "ourEffect", params: { ok: false } }, target: "done", actions: ["clearRequest", "recordEffectError"], description: "No snapshot: fail before touching the clipboard." },
        ],
        "transaction.cancel": {
          target: "cancellingLock",
          actions: "recordCancel",
          description: "The lock may be granted any moment: wait for the answer instead of leaving it held.",
        },
      },
    },
    cancellingLock: {
      description: "Cancelled while clipboard.begin was pending: once it answers, hand a granted lock back through clipboard.end.",
      on: {
        "effect.result": [
          { guard: { type: "ourEffect", params: { ok: true } }, target: "finishing", actions: ["clearRequest", "markClipboardHeld"] },
          { guard: { type: "ourEffect", params: { ok: false } }, target: "done", actions: "clearRequest", description: "Nothing held; the cancel's error stands." },
        ],
        "transaction.cancel": { description: "Already cancelling." },
      },
    },
    next: {
      always: [
        { guard: "moreImages", target: "preparing", description: "Attach the next image in order." },
        { target: "finishing", description: "Every chip confirmed." },
      ],
    },
    preparing: {
      always: [{ guard: "spaceClipboard", target: "spacing" }, { guard: "viaClipboard", target: "settingClipboard" }, { target: "sending" }],
    },
    spacing: {
      description: "Codex drops a Ctrl+V right after the previous one: wait before the next image.",
      after: { clipboardSpacing: { target: "settingClipboard" } },
    },
    settingClipboard: {
      entry: ["nextRequest", { type: "toParent", params: effectParams((c) => ({ kind: "clipboard.setImage", path: c.paths[c.index] ?? "" })) }],
      on: {
        "effect.result": [
          { guard: { type: "ourEffect", params: { ok: true } }, target: "sending", actions: "clearRequest" },
          { guard: { type: "ourEffect", params: { ok: false } }, target: "failing", actions: ["clearRequest", "recordEffectError"] },
        ],
      },
    },
    sending: {
      description: "Claude: bracketed-paste the absolute path; Codex: Ctrl+V.",
      // Spec A §11: the baseline is read right before the key, after any spacing and the clipboard write.
      entry: "takeBaseline",
      ...writeStep(writeParams("image"), "#imageAttach.confirming", "#imageAttach.failing"),
    },
    confirming: {
      entry: "markStaged",
      on: {
        frame: { guard: "chipAppeared", target: "next", actions: ["recordFacts", "advance"], description: "A new chip in the composer." },
      },
      after: { confirm: { target: "failing", actions: "failUnconfirmed", description: "No chip in time: fail, submit no text." } },
    },
    failing: {
      on: { "transaction.cancel": { description: "Already failing." } },
      always: [{ guard: "mustClear", target: "clearing" }, { target: "finishing" }],
    },
    clearing: {
      description: "Kill the staged draft so rejected images never leak into a later turn.",
      on: { "transaction.cancel": { description: "Already failing." } },
      ...writeStep(writeParams("clear"), "#imageAttach.finishing", "#imageAttach.finishing"),
    },
    finishing: {
      on: { "transaction.cancel": {} },
      always: [{ guard: "clipboardHeld", target: "restoringClipboard" }, { target: "done" }],
    },
    restoringClipboard: {
      description: "Restore the snapshotted clipboard and release the lock (a failure is only a warning).",
      entry: ["nextRequest", "releaseClipboard", { type: "toParent", params: effectParams(() => ({ kind: "clipboard.end" })) }],
      on: { "effect.result": { guard: "isOurs", target: "done", actions: "clearRequest" }, "transaction.cancel": {} },
    },
    done: { type: "final" },
  },
  output: ({ context }): TransactionOutput =>
    context.error ? { opId: context.opId, ok: false, error: context.error } : { opId: context.opId, ok: true },
});

export type ImageAttachMachine = typeof imageAttachMachine;
