// One `/model` picker transaction (list or set): open the CLI's own picker, read or drive its rows, apply
// session-only, confirm Claude's own cache warning, and always leave the screen as it was found on failure.

import { writeRequestActions } from "./write-request.js";
import { and, assign, setup } from "xstate";
import { ElwoodError } from "../src/contracts/errors.js";
import {
  effectParams,
  type TransactionMachineEvent,
  type TransactionOutput,
  writeParamsFor,
  writeStep,
} from "./transaction.js";
import { pickerGuards } from "./model-picker-guards.js";
import { pickerWriteData } from "./model-picker-writes.js";
import { cursorDelta, cursorInKnown, draftOnComposer, finalizeOptions, mergeRows, picker, selectedIndex, stageKey } from "./model-picker-rows.js";
import type { ModelPickerEvent, ModelPickerInput, ModelPickerParentEvent, PickerContext, WriteWhat } from "./model-picker-types.js";
import { PICKER_DEFAULTS, PICKER_NOT_SHOWN } from "./model-picker-types.js";

export * from "./model-picker-types.js";

function fail(message: string, details: Record<string, unknown> = {}): ElwoodError {
  return new ElwoodError("model_automation_failed", message, details);
}

const writeParams = writeParamsFor(pickerWriteData);
const step = (what: WriteWhat, next: string) => writeStep(writeParams(what), next, "#modelPicker.finishing");

/**
 * On a repair pass (an earlier Enter of ours was consumed), a model dialog is ours: the list is read, anything else
 * of ours is cancelled by cleanup's Escape. Never the "human's picker" failure, which would leave ours open.
 */
const REPAIR_PASS_DIALOG = [
  {
    guard: and(["repairPass", "pickerShown"]),
    target: "#modelPicker.reading",
    actions: ["recordFacts", "collectRows", "unstage"],
    description: "Repair pass: our earlier Enter opened the picker after all (it took the draft); read it.",
  },
  { guard: and(["repairPass", "framePartialPicker"]), description: "Repair pass: our picker is still painting: wait for it whole." },
  {
    guard: and(["repairPass", "frameModelDialog"]),
    target: "#modelPicker.cleanup",
    actions: ["recordFacts", "failNoPicker"],
    description: "Repair pass: a model dialog of ours that is not the list: cancel it.",
  },
] as const;

export const modelPickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as ModelPickerEvent,
    input: {} as ModelPickerInput,
    output: {} as TransactionOutput,
  },
  delays: {
    settle: ({ context }) => context.settleMs,
    open: ({ context }) => context.openMs,
    step: ({ context }) => context.stepMs,
    cursorSettle: ({ context }) => context.cursorSettleMs,
    close: ({ context }) => context.closeMs,
    cleanup: ({ context }) => context.cleanupMs,
    late: ({ context }) => context.lateMs,
    holdRetry: ({ context }) => context.holdRetryMs,
  },
  guards: pickerGuards,
  actions: {
    ...writeRequestActions<PickerContext, TransactionMachineEvent, ModelPickerParentEvent>((context, seq) => `${context.opId}:p${seq}`),
    // A half-painted picker is never remembered: the stages decide (scroll, apply key) from a whole one.
    recordFacts: assign({ facts: ({ context, event }) => (event.type === "frame" && event.facts.modelPicker?.complete !== false ? event.facts : context.facts) }),
    collectRows: assign(({ context }) => {
      const fact = picker(context.facts, "model");
      if (!fact) return {};
      const openCursor = context.rows.length === 0 ? (fact.rows[selectedIndex(fact)]?.id ?? null) : context.openCursor;
      return { rows: mergeRows(context.rows, fact.rows), openCursor, topSeen: context.topSeen || !fact.moreAbove, bottomSeen: context.bottomSeen || !fact.moreBelow };
    }),
    // Both Codex versions wrap the cursor around at either end of the list, so a page moves exactly to the first
    // row past the collected ones: it exists (no page without the marker was seen on that side yet), and a longer
    // jump could wrap unseen.
    countPage: assign(({ context }) => {
      const from = cursorInKnown(picker(context.facts, "model"), context.rows);
      return { scrollPages: context.scrollPages + 1, navDelta: from >= 0 ? context.rows.length - from : 1 };
    }),
    countPageUp: assign(({ context }) => {
      const from = cursorInKnown(picker(context.facts, "model"), context.rows);
      return { scrollPages: context.scrollPages + 1, navDelta: from >= 0 ? -(from + 1) : -1 };
    }),
    targetModel: assign(({ context }) => ({ navTarget: context.target, navAttempts: 0 })),
    targetDefaultEffort: assign(({ context }) => {
      const fact = picker(context.facts, "effort");
      const row = fact?.rows.find((r) => r.isDefault) ?? fact?.rows.find((r) => r.isCurrent) ?? fact?.rows.find((r) => r.selected);
      return { navTarget: row?.id ?? null, navAttempts: 0 };
    }),
    computeDelta: assign(({ context }) => {
      const fact = picker(context.facts);
      const known = fact?.stage === "model" ? context.rows : [];
      return { navDelta: fact && context.navTarget ? cursorDelta(fact, context.navTarget, known) : 0, navAttempts: context.navAttempts + 1 };
    }),
    computeConfirmDelta: assign(({ context }) => {
      const s = context.facts?.modelSwitch;
      return { navDelta: s && s.affirmative >= 0 && s.selected >= 0 ? s.affirmative - s.selected : 0 };
    }),
    markPersisted: assign({ persisted: true }),
    markSnapshotted: assign({ snapshotted: true }),
    markEscaped: assign(({ context }) => {
      const key = stageKey(context.facts);
      return key === null ? {} : { escaped: [...context.escaped, key] };
    }),
    markOpened: assign({ opened: true }),
    markStaged: assign({ staged: true }),
    countEnterRepair: assign({ repairedEnters: ({ context }) => context.repairedEnters + 1 }),
    /** The picker never came and the typed `/model` is still the draft: finishing must clear it. */
    stageShownDraft: assign({ staged: ({ context }) => context.staged || draftOnComposer(context.facts, context.command) }),
    unstage: assign({ staged: false }),
    countClearFrame: assign({ clearFrames: ({ context }) => context.clearFrames + 1 }),
    resetClearFrames: assign({ clearFrames: 0 }),
    markTakenOver: assign({ takenOver: true, error: () => fail("raw input took over the model picker") }),
    recordIoError: assign({
      error: ({ context, event }) => context.error ?? (event.type === "io.failed" ? event.error : fail("a picker write failed")),
    }),
    recordEffectError: assign({ error: ({ event }) => (event.type === "effect.result" && event.error ? event.error : fail("preparing the model switch failed")) }),
    recordCancel: assign({ error: ({ context, event }) => (event.type === "transaction.cancel" ? event.error : context.error) }),
    failForeign: assign({ error: () => fail("a model picker is already on screen (not opened by Elwood)") }),
    failNoPicker: assign({ error: () => fail("the /model picker did not appear", { cause: PICKER_NOT_SHOWN }) }),
    failUnknown: assign(({ context }) => ({
      error: fail(`unknown model id "${context.target ?? ""}"`, { available: context.rows.map((r) => r.id) }),
    })),
    failNoSessionKey: assign({ error: () => fail("the picker offers no session-only apply key; refusing to save a default") }),
    failAppliedOther: assign(({ context }) => ({
      error: fail(`the CLI applied a different model: "${context.facts?.modelNotice?.label ?? ""}" instead of "${context.target ?? ""}"`, {
        applied: context.facts?.modelNotice?.label ?? null,
        requested: context.target,
      }),
    })),
    failNavigation: assign({ error: () => fail("the picker cursor did not reach the requested row") }),
    failTruncated: assign(({ context }) => ({
      error: fail("the model list could not be read to both ends", { read: context.rows.map((r) => r.id), topSeen: context.topSeen, bottomSeen: context.bottomSeen }),
    })),
    failNotSettled: assign({ error: ({ context }) => context.error ?? fail("the model picker did not close after applying") }),
    setListResult: assign(({ context }) => ({ result: finalizeOptions(context.rows, context.profile, context.openCursor) })),
  },
}).createMachine({
  id: "modelPicker",
  context: ({ input }) => ({
    ...PICKER_DEFAULTS,
    ...input,
    target: input.target === undefined ? null : input.target.trim().toLowerCase(),
    command: input.command ?? "/model",
    facts: input.facts,
    seq: 0,
    pendingRequestId: null,
    rows: [],
    openCursor: null,
    scrollPages: 0,
    topSeen: false,
    bottomSeen: false,
    navTarget: null,
    navAttempts: 0,
    navDelta: 0,
    snapshotted: false,
    persisted: false,
    takenOver: false,
    escaped: [],
    opened: false,
    clearFrames: 0,
    staged: false,
    repairedEnters: 0,
    noticeBefore: input.facts?.modelNotice ?? null,
    error: null,
    result: null,
  }),
  initial: "checking",
  on: {
    frame: { actions: "recordFacts", description: "Remember the latest facts; stages read them." },
    "submission.rawInput": { target: ".finishing", actions: "markTakenOver", description: "Raw input owns the picker now: stop, write nothing more." },
    "transaction.cancel": {
      target: ".cleanup",
      actions: ["recordCancel", "stageShownDraft"],
      description: "Deadline: cancel what is open, then fail (a `/model` still on the composer is cleared).",
    },
  },
  states: {
    checking: {
      description: "Revalidate: a picker already on screen belongs to a human (or is transcript) — never drive it.",
      always: [
        { guard: "foreignPicker", target: "done", actions: "failForeign", description: "Foreign picker visible at acquisition: reject without writing." },
        { guard: "needsSnapshot", target: "snapshotting", description: "The CLI may persist its choice: snapshot its config file first." },
        { target: "typing" },
      ],
    },
    snapshotting: {
      entry: ["nextRequest", { type: "toParent", params: effectParams(() => ({ kind: "config.snapshot" })) }],
      on: {
        "effect.result": [
          { guard: "effectOk", target: "typing", actions: ["clearRequest", "markSnapshotted"], description: "Snapshot taken under the config lock." },
          { target: "done", actions: ["clearRequest", "recordEffectError"], description: "No snapshot: do not open the picker." },
        ],
        // The effect may still take the lock: leaving now would strand it, so wait for its answer first.
        "transaction.cancel": { target: "snapshotAbandoned", actions: "recordCancel", description: "Deadline while the lock is awaited." },
        "submission.rawInput": { target: "snapshotAbandoned", actions: "markTakenOver", description: "Raw input before anything was typed." },
      },
    },
    snapshotAbandoned: {
      description: "Failed while config.snapshot was pending: a snapshot it still takes is released through config.finish.",
      on: {
        "effect.result": [
          { guard: "effectOk", target: "finishing", actions: ["clearRequest", "markSnapshotted"], description: "The lock was taken after all: finish to release it." },
          { target: "done", actions: "clearRequest", description: "No snapshot, nothing to release." },
        ],
        "transaction.cancel": { description: "Already failing." },
        "submission.rawInput": { actions: "markTakenOver", description: "Nothing is typed anyway." },
      },
    },
    typing: {
      description: "Type `/model` (a command, not a paste).",
      ...step("command", "#modelPicker.settling"),
      on: {
        frame: { guard: "frameModelDialog", target: "finishing", actions: ["recordFacts", "failForeign"], description: "A human opened a picker first: never drive it." },
        // The edge may still write the pending `/model`: learn whether it did before deciding on a clear.
        "transaction.cancel": [
          { guard: "requestPending", target: "typingAbandoned", actions: "recordCancel", description: "Deadline with `/model` in flight." },
          { target: "cleanup", actions: "recordCancel", description: "Deadline while the write was held: nothing typed." },
        ],
      },
    },
    typingAbandoned: {
      description: "Failed while the `/model` write was in flight: wait (bounded) for the edge's answer.",
      on: {
        "io.written": { guard: "isOurs", target: "cleanup", actions: ["clearRequest", "markStaged"], description: "It was typed: clear it." },
        "io.held": { guard: "isOurs", target: "cleanup", actions: "clearRequest", description: "Never typed." },
        "io.failed": { guard: "isOurs", target: "cleanup", actions: "clearRequest", description: "Never typed." },
        "transaction.cancel": { description: "Already failing." },
      },
      after: { cleanup: { target: "cleanup", actions: "markStaged", description: "No answer: assume typed (the clear checks the screen first)." } },
    },
    settling: {
      description: "Wait until the CLI shows the typed `/model` before the Enter is timed.",
      entry: "markStaged",
      always: { guard: "draftReady", target: "settlingShown" },
      after: { open: { target: "entering", description: "The draft never showed (an unrecognized screen): enter anyway, as a person would." } },
      on: {
        frame: [
          ...REPAIR_PASS_DIALOG,
          { guard: "frameModelDialog", target: "finishing", actions: ["recordFacts", "failForeign"], description: "A human opened a picker first: never drive it." },
          { guard: "frameDraftReady", target: "settlingShown", actions: "recordFacts", description: "The CLI read and painted `/model`." },
        ],
      },
    },
    settlingShown: {
      description:
        "The CLI has read `/model`: an Enter written from now on is read on its own (one read with the text can be a newline to a paste-burst heuristic, and a CLI under load can drop an Enter written before it painted the text).",
      after: { settle: { target: "entering" } },
      on: { frame: [...REPAIR_PASS_DIALOG, { guard: "frameModelDialog", target: "finishing", actions: ["recordFacts", "failForeign"], description: "A human opened a picker first: never drive it." }] },
    },
    entering: {
      description: "Enter runs the command; from here a picker that paints is ours.",
      entry: "markOpened",
      ...step("enter", "#modelPicker.awaitingPicker"),
      // The edge reports our Enter written before any frame of its output, so on the first pass a picker seen here
      // is a human's; on a repair pass it is our earlier Enter's.
      on: { frame: [...REPAIR_PASS_DIALOG, { guard: "frameModelDialog", target: "finishing", actions: ["recordFacts", "failForeign"], description: "A human opened a picker first: never drive it." }] },
    },
    awaitingPicker: {
      description: "Wait for the picker to paint.",
      entry: "unstage",
      on: {
        frame: [
          {
            guard: "pickerShown",
            target: "reading",
            actions: ["recordFacts", "collectRows"],
            description: "The model list is on screen.",
          },
          {
            guard: and(["frameEnterBecameNewline", "enterRepairsLeft"]),
            target: "repairingEnter",
            actions: ["recordFacts", "markStaged", "countEnterRepair"],
            description: "Our Enter became a newline after `/model`: delete it and enter again (bounded).",
          },
        ],
      },
      after: {
        open: {
          target: "cleanup",
          actions: ["failNoPicker", "stageShownDraft"],
          description: "No picker: fail, clearing a `/model` still on the composer (a late picker is still cancelled).",
        },
      },
    },
    repairingEnter: {
      description: "Backspace removes the newline our swallowed Enter left; then settle and Enter again.",
      ...step("backspace", "#modelPicker.settling"),
      on: { frame: REPAIR_PASS_DIALOG },
      after: {
        open: {
          target: "cleanup",
          actions: ["failNoPicker", "stageShownDraft"],
          description: "The Backspace stayed held (a dialog over the composer): fail, bounded, clearing what is left.",
        },
      },
    },
    reading: {
      description: "Collect rows; a scrolling list is read page by page until no row is hidden above or below.",
      always: [
        { guard: "moreToScroll", target: "scrolling", actions: "countPage", description: "More rows below the collected ones." },
        { guard: "moreAboveToScroll", target: "scrolling", actions: "countPageUp", description: "More rows above the collected ones." },
        { guard: "listTruncated", target: "cleanup", actions: "failTruncated", description: "Rows above or below were never seen: no partial answer." },
        { guard: "listMode", target: "escaping", actions: "setListResult", description: "All rows read: cancel the picker." },
        { target: "choosing", actions: "targetModel" },
      ],
    },
    scrolling: {
      ...step("arrows", "#modelPicker.awaitingPage"),
    },
    awaitingPage: {
      on: {
        frame: [
          { guard: "framePageLanded", target: "reading", actions: ["recordFacts", "collectRows"], description: "The cursor is on a new row: one more row in view." },
          { guard: "pickerShown", actions: "recordFacts", description: "A paint between the keys (or a repaint): keep waiting." },
        ],
      },
      after: { step: { target: "reading", actions: ["collectRows", assign({ scrollPages: 99 })], description: "No new row: stop scrolling with what was read." } },
    },
    choosing: {
      always: [
        { guard: "targetUnknown", target: "cleanup", actions: "failUnknown", description: "Unknown id: cancel, fail listing the available ids." },
        { guard: and(["onTarget", "navigated"]), target: "cursorSettling", description: "Cursor on the requested row after our arrows: let the CLI catch up first." },
        { guard: "onTarget", target: "applying", description: "Cursor already on the requested row, no key sent." },
        { guard: "navAttemptsLeft", target: "navigating", actions: "computeDelta", description: "Move the cursor from where it is rendered." },
        { target: "cleanup", actions: "failNavigation" },
      ],
    },
    navigating: { ...step("arrows", "#modelPicker.awaitingCursor") },
    awaitingCursor: {
      on: {
        frame: [
          { guard: "frameOnTarget", target: "cursorSettling", actions: "recordFacts", description: "The cursor is painted on the requested row." },
          // Keep the latest picker paint: the retry must move from where the cursor is now, not where it was.
          { guard: "framePicker", actions: "recordFacts", description: "Cursor moved elsewhere (or the list scrolled): remember it." },
        ],
      },
      after: { step: { target: "choosing", description: "Cursor did not land: re-read and move again (bounded)." } },
    },
    cursorSettling: {
      description: "The cursor is painted on the target: wait before the apply key (Ink repaints before its key handler updates), then re-check.",
      after: {
        cursorSettle: [
          { guard: "onTarget", target: "applying", description: "Still on the requested row: apply." },
          { target: "choosing", description: "The cursor moved meanwhile: move again (bounded)." },
        ],
      },
    },
    applying: {
      always: [
        { guard: "noSessionKey", target: "cleanup", actions: "failNoSessionKey", description: "A CLI whose Enter saves a default, without its session key: never press Enter." },
        { guard: "effortFollows", target: "choosingModelRow", description: "Enter picks the model row and opens the effort step." },
        { guard: "useSessionKey", target: "applyingSession", description: "Apply for this session only." },
        { target: "applyingEnter", actions: "markPersisted", description: "Enter is the only apply and writes the CLI's config file." },
      ],
    },
    choosingModelRow: { ...step("pickerEnter", "#modelPicker.awaitingEffort") },
    awaitingEffort: {
      // The model-row Enter may already have applied and saved the model (0.144 writes config.toml a moment later):
      // a failure from here on counts as persisted, so config.finish waits for that late write before restoring.
      on: {
        frame: [
          { guard: "frameEffortStage", target: "choosing", actions: ["recordFacts", "targetDefaultEffort"], description: "Effort step: land on the CLI's own default level." },
          { guard: "frameSettled", target: "finishing", actions: ["recordFacts", "markPersisted"], description: "No effort step: the CLI applied (and saved) the model." },
        ],
        "transaction.cancel": { target: "cleanup", actions: ["recordCancel", "markPersisted"], description: "Deadline after the model-row Enter: it may have saved." },
      },
      after: { open: { target: "cleanup", actions: ["failNotSettled", "markPersisted"] } },
    },
    applyingSession: { ...step("sessionKey", "#modelPicker.afterApply") },
    applyingEnter: { ...step("pickerEnter", "#modelPicker.afterApply") },
    afterApply: {
      description: "Wait for the picker to close; confirm the CLI's own cache warning, leave a hook's confirmation to the human.",
      on: {
        frame: [
          { guard: "frameStandardSwitch", target: "confirming", actions: "recordFacts", description: "The CLI's standard cache warning." },
          { guard: and(["frameSettled", "lateWarning"]), target: "lingering", actions: "recordFacts", description: "Picker gone, composer back: a cache warning may still paint." },
          { guard: "frameSettled", target: "verifying", actions: "recordFacts", description: "Picker gone, composer back: applied." },
        ],
      },
      after: {
        close: [
          { guard: "humanDialogVisible", target: "afterApply", reenter: true, description: "A PreModelSwitch confirmation waits for the human." },
          { target: "cleanup", actions: "failNotSettled", description: "The switch never settled." },
        ],
      },
    },
    lingering: {
      description: "A cache warning can paint after a composer frame: keep the slot for the bounded second.",
      on: {
        frame: [
          { guard: "frameStandardSwitch", target: "confirming", actions: "recordFacts", description: "A late standard cache warning: confirm it." },
          // A partial shell, a hook's confirmation or a repainted picker: the switch has not settled yet.
          { guard: "frameModelDialog", target: "afterApply", actions: "recordFacts", description: "A late model dialog: wait for it like any other." },
        ],
      },
      after: { late: { target: "verifying", description: "No follow-up within the bound: applied." } },
    },
    confirming: {
      always: [
        { guard: "confirmOnAffirmative", target: "confirmingEnter" },
        { target: "confirmingMove", actions: "computeConfirmDelta" },
      ],
    },
    confirmingMove: { ...step("confirmArrows", "#modelPicker.awaitingConfirmCursor") },
    awaitingConfirmCursor: {
      on: { frame: { guard: "frameStandardSwitch", target: "confirming", actions: "recordFacts" } },
      after: { step: { target: "confirming" } },
    },
    confirmingEnter: { ...step("confirmEnter", "#modelPicker.afterConfirm") },
    afterConfirm: {
      on: { frame: { guard: "frameSettled", target: "verifying", actions: "recordFacts", description: "Cache warning confirmed and cleared." } },
      after: { close: { target: "cleanup", actions: "failNotSettled" } },
    },
    verifying: {
      description: "The switch settled: a new `Set model to …` line must name the requested row (where the CLI prints one).",
      always: [
        { guard: "appliedOtherModel", target: "finishing", actions: "failAppliedOther", description: "The CLI applied another row: fail." },
        { target: "finishing" },
      ],
    },
    escaping: { description: "listModels: Escape cancels the picker, model unchanged.", ...step("escape", "#modelPicker.closing") },
    closing: {
      on: { frame: { guard: "frameCleared", target: "finishing", actions: "recordFacts", description: "Picker cancelled." } },
      after: { close: { target: "cleanup", actions: "failNotSettled" } },
    },
    cleanup: {
      description: "Failing: one Escape per stage of our own dialog, bounded by one extra second; then release.",
      on: { "transaction.cancel": { description: "Already cleaning up." } },
      initial: "deciding",
      states: {
        deciding: {
          always: [
            { guard: "noWritesAllowed", target: "#modelPicker.finishing" },
            { guard: "neverOpened", target: "#modelPicker.finishing", description: "Our Enter never ran: no dialog of ours can be on screen." },
            { guard: "ownDialogNeedsEscape", target: "escaping", actions: "markEscaped" },
            { target: "watching" },
          ],
        },
        escaping: {
          ...step("escape", "#modelPicker.cleanup.watching"),
          // Held while our dialog is not the live one (it closed, or another dialog sits over it): stay bounded.
          after: { cleanup: { target: "#modelPicker.finishing", description: "The Escape never went out within the bound: release." } },
        },
        watching: {
          entry: "resetClearFrames",
          on: {
            frame: [
              { guard: "frameNewStage", target: "deciding", actions: "recordFacts", description: "A (late) stage of our dialog: one Escape for it." },
              { guard: "frameClearStreakDone", target: "#modelPicker.finishing", actions: "recordFacts", description: "Our dialog is gone and the composer stayed back." },
              // Repaints are briefly unrecognizable: one clear frame is not enough, and before any Escape (a picker
              // that may still paint late) nothing but the bound ends the wait.
              { guard: "frameClearAfterEscape", actions: ["recordFacts", "countClearFrame"] },
              { actions: ["recordFacts", "resetClearFrames"] },
            ],
          },
          after: { cleanup: { target: "#modelPicker.finishing", description: "Bound reached: release (a still-visible dialog keeps holding writers)." } },
        },
      },
    },
    finishing: {
      description: "Clear a typed `/model` that never ran; restore a persisted config file by compare-and-swap and release the config lock.",
      always: [
        { guard: "mustClearDraft", target: "clearingDraft" },
        { guard: "snapshotted", target: "restoring" },
        { target: "done" },
      ],
    },
    clearingDraft: {
      description: "Kill the typed `/model` so the next submission is not appended to it, bounded.",
      initial: "deciding",
      exit: "unstage",
      on: { "transaction.cancel": { description: "Already finishing." } },
      after: { cleanup: { target: "finishing", description: "Bound reached: leave the composer as it is." } },
      states: {
        deciding: {
          always: [{ guard: "draftShown", target: "writing" }, { target: "waiting" }],
        },
        waiting: {
          description: "Only the composer showing the draft with no dialog over it is cleared.",
          on: { frame: { target: "deciding", actions: "recordFacts" } },
        },
        writing: { ...step("clearDraft", "#modelPicker.clearingDraft.confirming") },
        confirming: {
          on: { frame: [{ guard: "frameDraftGone", target: "#modelPicker.finishing", actions: "recordFacts", description: "The composer no longer shows it." }] },
        },
      },
    },
    restoring: {
      entry: [
        "nextRequest",
        { type: "toParent", params: effectParams((c) => ({ kind: "config.finish", persisted: c.persisted, takenOver: c.takenOver })) },
      ],
      on: {
        "effect.result": { target: "done", actions: "clearRequest" },
        "submission.rawInput": { actions: "markTakenOver", description: "Already finishing: nothing more is written anyway." },
        "transaction.cancel": { description: "Already finishing." },
      },
    },
    done: { type: "final" },
  },
  output: ({ context }): TransactionOutput => {
    if (context.error) return { opId: context.opId, ok: false, error: context.error };
    return context.result === null ? { opId: context.opId, ok: true } : { opId: context.opId, ok: true, result: context.result };
  },
});

export type ModelPickerMachine = typeof modelPickerMachine;
