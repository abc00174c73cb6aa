// Attaching a submission's images through the CLI's own ingestion path, each confirmed by a new `[Image #N]`
// chip in the composer, before the queue submits the text in the same slot (one call = one turn).

import { isOurs, writeRequestActions } from "./write-request.js";
import { assign, type EventObject, fromCallback, setup } from "xstate";
import type { ScreenFacts } from "../src/contracts/screen-facts.js";
import { ElwoodError, type ElwoodErrorDetails } from "../src/contracts/errors.js";
import type { IoWriteRequest } from "../src/contracts/events.js";
import type { ImageFilesEvent } from "../src/contracts/image-files.js";
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
  /** How long each image's `[Image #N]` chip may take to appear in the composer before the attach fails. */
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
  /**
   * The call's images as the facade snapshotted them: the input of the `materialiseImages` actor, which checks
   * them, writes byte inputs to temp files and answers with the paths. Opaque to the machine.
   */
  readonly files: unknown;
  /** `paste` = bracketed-paste each path (Claude); `clipboard` = image on the OS clipboard + Ctrl+V (Codex). */
  readonly via: "paste" | "clipboard";
  readonly facts: ScreenFacts | null;
}

export type ImageAttachEvent = TransactionMachineEvent | ImageFilesEvent;

export type ImageAttachParentEvent = IoWriteRequest | EffectRequestEvent;

export interface AttachContext extends ImageAttachTiming {
  readonly opId: string;
  readonly files: unknown;
  /** Absolute paths of readable image files, in attach order (empty until the files are ready). */
  readonly paths: readonly string[];
  readonly via: "paste" | "clipboard";
  readonly facts: ScreenFacts | null;
  readonly index: number;
  /** Chips in the composer right before the current image's key was written. */
  readonly baseline: number;
  /** The CLI's `Failed to paste image` rows on screen right before the same key (a growth = this key failed). */
  readonly failureBaseline: number;
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

function pasteFailures(facts: ScreenFacts | null): number {
  return facts?.imagePasteFailures ?? 0;
}

const writeParams = (what: "image" | "clear") => ({ context }: Args): ParentParams => {
  const data = what === "clear" ? CLEAR_DRAFT : context.via === "clipboard" ? CTRL_V : frameBracketedPaste(context.paths[context.index] ?? "");
  const purpose = what === "clear" ? ("keys" as const) : context.via === "clipboard" ? ("keys" as const) : ("paste" as const);
  return { events: [{ type: "io.write", requestId: context.pendingRequestId ?? "", data, purpose, guardDialog: true }] };
};

const attachFailed = (message: string, details: ElwoodErrorDetails<"image_attach_failed">): ElwoodError =>
  new ElwoodError("image_attach_failed", message, details);

/**
 * Stands in for the effect actor the session supplies (`effects/image-materialiser.ts`, through `provide`): it never
 * answers, so a machine nobody supplied stays in `materialising` and writes nothing.
 */
const unsuppliedMaterialiser = fromCallback<EventObject, unknown, ImageFilesEvent>(() => undefined);

export const imageAttachMachine = setup({
  types: {
    context: {} as AttachContext,
    events: {} as ImageAttachEvent,
    input: {} as ImageAttachInput,
    output: {} as TransactionOutput,
  },
  actors: { materialiseImages: unsuppliedMaterialiser },
  delays: {
    confirm: ({ context }) => context.confirmMs,
    holdRetry: ({ context }) => context.holdRetryMs,
    clipboardSpacing: ({ context }) => context.clipboardSpacingMs,
  },
  guards: {
    isOurs,
    viaClipboard: ({ context }) => context.via === "clipboard",
    spaceClipboard: ({ context }) => context.via === "clipboard" && context.index > 0,
    /** Our pending effect's answer with this outcome (a late answer to an abandoned request is ignored). */
    ourEffect: ({ context, event }, params: { readonly ok: boolean }) =>
      event.type === "effect.result" && event.requestId === context.pendingRequestId && event.ok === params.ok,
    moreImages: ({ context }) => context.index < context.paths.length,
    // Read from the latest recorded facts, not only from frames arriving in `confirming`: the CLI may paint its
    // answer while the key's write is still being acknowledged, and a still screen sends no further frame.
    chipAppeared: ({ context }) => chips(context.facts) >= context.baseline + 1,
    pasteFailed: ({ context }) => pasteFailures(context.facts) > context.failureBaseline,
    mustClear: ({ context }) => context.staged && !context.rawInput,
    failed: ({ context }) => context.error !== null,
    clipboardHeld: ({ context }) => context.clipboardHeld,
  },
  actions: {
    ...writeRequestActions<AttachContext, ImageAttachEvent, ParentParams["events"][number]>((context, seq) => `${context.opId}:i${seq}`),
    recordFacts: assign({ facts: ({ context, event }) => (event.type === "frame" ? event.facts : context.facts) }),
    takeBaseline: assign({ baseline: ({ context }) => chips(context.facts), failureBaseline: ({ context }) => pasteFailures(context.facts) }),
    markStaged: assign({ staged: true }),
    markClipboardHeld: assign({ clipboardHeld: true }),
    releaseClipboard: assign({ clipboardHeld: false }),
    advance: assign({ index: ({ context }) => context.index + 1 }),
    markRawInput: assign({ rawInput: true }),
    takePaths: assign({ paths: ({ context, event }) => (event.type === "images.ready" ? event.paths : context.paths) }),
    recordFilesError: assign({ error: ({ context, event }) => (event.type === "images.failed" ? event.error : context.error) }),
    recordIoError: assign({
      // The first failure is the one the caller sees; a failed clearing write never masks it.
      error: ({ context, event }) => context.error ?? (event.type === "io.failed" ? event.error : attachFailed("an attach write failed", { index: context.index, reason: "write_failed" })),
    }),
    recordEffectError: assign({
      error: ({ context, event }) =>
        event.type === "effect.result" && event.error ? event.error : attachFailed(`image ${context.index + 1} could not be put on the clipboard`, { index: context.index, reason: "clipboard_failed" }),
    }),
    recordCancel: assign({ error: ({ context, event }) => (event.type === "transaction.cancel" ? event.error : context.error) }),
    failPasteReported: assign({
      error: ({ context }) =>
        attachFailed(`the CLI reported "Failed to paste image" for image ${context.index + 1} (no usable image on the clipboard)`, { index: context.index, reason: "cli_rejected_paste" }),
    }),
    failUnconfirmed: assign({
      error: ({ context }) =>
        attachFailed(`no [Image #N] chip appeared for image ${context.index + 1} within ${context.confirmMs} ms`, { index: context.index, reason: "chip_timeout" }),
    }),
  },
}).createMachine({
  id: "imageAttach",
  context: ({ input }) => ({
    ...IMAGE_ATTACH_DEFAULTS,
    ...input,
    paths: [],
    index: 0,
    baseline: 0,
    failureBaseline: 0,
    seq: 0,
    pendingRequestId: null,
    staged: false,
    clipboardHeld: false,
    rawInput: false,
    error: null,
  }),
  // For the whole attach: the temp files it writes are removed when the attach ends, however it ends.
  invoke: { id: "files", src: "materialiseImages", input: ({ context }: { context: AttachContext }) => context.files },
  initial: "materialising",
  on: {
    frame: { actions: "recordFacts" },
    "submission.rawInput": { actions: "markRawInput", description: "Caller raw input owns the draft: no clearing keys later." },
    "transaction.cancel": { target: ".failing", actions: "recordCancel", description: "Cancelled: submit no text." },
  },
  states: {
    materialising: {
      description: "The files are checked (readable, real images, within the limits) and byte inputs written to temp files; nothing is written to the CLI yet.",
      on: {
        "images.ready": { target: "beginning", actions: "takePaths", description: "Every image is a readable file: attach them in order." },
        "images.failed": { target: "done", actions: "recordFilesError", description: "An image is unusable: fail the call, touch nothing." },
      },
    },
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
      description: "A clipboard-attach CLI drops a Ctrl+V right after the previous one: wait before the next image.",
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
      description: "Per the adapter's imageVia: bracketed-paste the absolute path, or Ctrl+V from the clipboard.",
      // The chip-count baseline is read right before the key, after any spacing and the clipboard write, so a chip
      // already on screen (or still settling from an earlier image) never counts as this image's.
      entry: "takeBaseline",
      ...writeStep(writeParams("image"), "#imageAttach.confirming", "#imageAttach.failing"),
    },
    confirming: {
      entry: "markStaged",
      // Eventless: checked on entry (facts recorded during `sending`) and after every frame the root records.
      always: [
        { guard: "chipAppeared", target: "next", actions: "advance", description: "A new chip in the composer." },
        {
          guard: "pasteFailed",
          target: "failing",
          actions: "failPasteReported",
          description: "A new `Failed to paste image` row and no chip: this key failed, so do not wait out the bound.",
        },
      ],
      after: { confirm: { target: "failing", actions: "failUnconfirmed", description: "No chip in time: fail, submit no text." } },
    },
    // `failing`, `finishing` (and `beginning`, `next`, `preparing`) are transient: their eventless list ends in an
    // unguarded branch, so the actor never rests there and no event (a cancel included) is ever delivered to them.
    failing: {
      always: [{ guard: "mustClear", target: "clearing" }, { target: "finishing" }],
    },
    clearing: {
      description: "Kill the staged draft so rejected images never leak into a later turn.",
      on: { "transaction.cancel": { description: "Already failing." } },
      ...writeStep(writeParams("clear"), "#imageAttach.finishing", "#imageAttach.finishing"),
    },
    finishing: {
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
