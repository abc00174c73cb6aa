// The /model picker machine's guards: what each step decides from its context and the frame or hook in hand.

import { modelDialogVisible, nativeComposer } from "../adapters/foreign-picker-hold.js";
import { isOurs } from "./write-request.js";
import { CLEANUP_CLEAR_FRAMES, type ModelPickerEvent, type PickerContext } from "./model-picker-types.js";
import { draftOnComposer, foreignAtStart, freshNotice, ownDialogVisible, picker, rowNamedBy, selectedIndex, stageKey, switchDialog } from "./model-picker-rows.js";

type GuardArgs = { readonly context: PickerContext; readonly event: ModelPickerEvent };

/** Keeps each guard's name (the graph refers to them by name) while typing its arguments. */
function guards<const G extends Record<string, (args: GuardArgs) => boolean>>(g: G): G {
  return g;
}

export const pickerGuards = guards({
    isOurs,
    foreignPicker: ({ context }) => foreignAtStart(context.facts),
    needsSnapshot: ({ context }) => context.profile.persistsConfig && context.mode === "set",
    effectOk: ({ event }) => event.type === "effect.result" && event.ok,
    /** The model list is painted whole (footer below the rows): a paint split over PTY reads is not read yet. */
    pickerShown: ({ event }) => event.type === "frame" && picker(event.facts, "model") !== undefined,
    framePartialPicker: ({ event }) => event.type === "frame" && event.facts.modelPicker?.complete === false,
    framePicker: ({ event }) => event.type === "frame" && picker(event.facts) !== undefined,
    listMode: ({ context }) => context.mode === "list",
    moreToScroll: ({ context }) => picker(context.facts, "model") !== undefined && !context.bottomSeen && context.scrollPages < 20,
    /** Codex opened scrolled (its current model lower down): after the rows below, collect the rows above. */
    moreAboveToScroll: ({ context }) =>
      picker(context.facts, "model") !== undefined && context.bottomSeen && !context.topSeen && context.scrollPages < 20,
    /** The cursor stepped onto a row not collected yet: the page has landed (a paint between the keys has not). */
    framePageLanded: ({ context, event }) => {
      if (event.type !== "frame") return false;
      const fact = picker(event.facts, "model");
      const sel = fact?.rows[selectedIndex(fact)];
      return sel !== undefined && !context.rows.some((r) => r.id === sel.id);
    },
    targetUnknown: ({ context }) => {
      const t = context.navTarget;
      const fact = picker(context.facts);
      // The model stage knows every row (pages were collected); the effort step only its visible rows.
      const known = fact?.stage === "effort" ? fact.rows : context.rows;
      return t === null || (!known.some((r) => r.id === t) && fact?.moreBelow !== true);
    },
    onTarget: ({ context }) => {
      const fact = picker(context.facts);
      return fact !== undefined && context.navTarget !== null && fact.rows.some((r) => r.selected && r.id === context.navTarget);
    },
    frameOnTarget: ({ context, event }) => {
      if (event.type !== "frame") return false;
      const fact = picker(event.facts);
      return fact !== undefined && context.navTarget !== null && fact.rows.some((r) => r.selected && r.id === context.navTarget);
    },
    navAttemptsLeft: ({ context }) => context.navAttempts < 6,
    /** Arrows were sent in this stage: a cursor on the target may be painted before the CLI's key handler sees it. */
    navigated: ({ context }) => context.navAttempts > 0,
    /**
     * Claude printed a new `Set model to …` line naming another row than the requested one: the apply key acted on
     * a different row. A no-op where the adapter reports no such line (Codex).
     */
    appliedOtherModel: ({ context }) => {
      const notice = context.facts?.modelNotice;
      if (context.mode !== "set" || !freshNotice(notice, context.noticeBefore)) return false;
      const named = rowNamedBy(notice.label, context.rows);
      if (named !== undefined && named.id === context.target) return false;
      // The Default row's line may name the model it stands for (`Opus 4.8 (1M context)`), which its own row text
      // quotes; any other row's text quoting the notice's label is the same case.
      const target = context.rows.find((r) => r.id === context.target);
      return target === undefined || !target.raw.toLowerCase().includes(notice.label.toLowerCase());
    },
    noSessionKey: ({ context }) => context.profile.requiresSessionKey && picker(context.facts)?.sessionKey !== true,
    useSessionKey: ({ context }) => picker(context.facts)?.sessionKey === true,
    effortFollows: ({ context }) => context.profile.effortStage && picker(context.facts)?.stage === "model",
    frameEffortStage: ({ event }) => event.type === "frame" && picker(event.facts, "effort") !== undefined,
    frameStandardSwitch: ({ event }) =>
      event.type === "frame" && event.facts.dialog?.kind === "model_switch_confirm" && event.facts.modelSwitch?.standardCopy === true && event.facts.modelSwitch.affirmative >= 0,
    frameSettled: ({ event }) =>
      event.type === "frame" && event.facts.composer && event.facts.modelPicker === undefined && event.facts.dialog === undefined,
    /** Before our Enter ran, any model dialog on screen is a human's: revalidated on every frame until then. */
    frameModelDialog: ({ event }) => event.type === "frame" && modelDialogVisible(event.facts),
    /**
     * The composer shows our `/model` followed by an empty line and nothing over it: the CLI read our Enter together
     * with the typed text and inserted a newline (Codex's paste-burst heuristic, seen when the CLI is starved). The
     * screen proves the Enter was consumed, so deleting the newline and entering again can never reach a picker.
     */
    frameEnterBecameNewline: ({ context, event }) =>
      event.type === "frame" && event.facts.composerOpenLine === true && nativeComposer(event.facts) && event.facts.composerText === context.command,
    enterRepairsLeft: ({ context }) => context.repairedEnters < context.enterRepairs,
    /** An Enter of ours was already consumed (a repair pass): a model dialog painting now is ours, not a human's. */
    repairPass: ({ context }) => context.repairedEnters > 0,
    /** The composer shows our typed `/model` as its whole first line, with no newline after it. */
    draftReady: ({ context }) => draftOnComposer(context.facts, context.command) && context.facts?.composerOpenLine !== true,
    frameDraftReady: ({ context, event }) => event.type === "frame" && draftOnComposer(event.facts, context.command) && event.facts.composerOpenLine !== true,
    lateWarning: ({ context }) => context.profile.lateWarning,
    neverOpened: ({ context }) => !context.opened,
    humanDialogVisible: ({ context }) => switchDialog(context.facts) && context.facts?.modelSwitch?.standardCopy !== true,
    confirmOnAffirmative: ({ context }) => {
      const s = context.facts?.modelSwitch;
      return s !== undefined && s.affirmative >= 0 && s.selected === s.affirmative;
    },
    ownDialogNeedsEscape: ({ context }) => {
      const key = stageKey(context.facts);
      return context.opened && ownDialogVisible(context.facts) && key !== null && !context.escaped.includes(key);
    },
    frameCleared: ({ event }) => event.type === "frame" && !ownDialogVisible(event.facts) && !switchDialog(event.facts),
    frameNewStage: ({ context, event }) => {
      if (event.type !== "frame" || !context.opened || !ownDialogVisible(event.facts)) return false;
      const key = stageKey(event.facts);
      return key !== null && !context.escaped.includes(key);
    },
    /** After an Escape, this native-composer frame completes the short clear streak. */
    frameClearStreakDone: ({ context, event }) =>
      event.type === "frame" && context.escaped.length > 0 && nativeComposer(event.facts) && context.clearFrames + 1 >= CLEANUP_CLEAR_FRAMES,
    frameClearAfterEscape: ({ context, event }) => event.type === "frame" && context.escaped.length > 0 && nativeComposer(event.facts),
    noWritesAllowed: ({ context }) => context.takenOver,
    snapshotted: ({ context }) => context.snapshotted,
    /** The machine already failed (a deadline or a takeover while an effect was pending). */
    failed: ({ context }) => context.error !== null,
    requestPending: ({ context }) => context.pendingRequestId !== null,
    /**
     * The list was not read to both ends (a page that never landed, or the page cap): listModels, or a setModel
     * whose target is not among the rows read, must fail rather than answer from a truncated list.
     */
    listTruncated: ({ context }) => {
      if (context.topSeen && context.bottomSeen) return false;
      return context.mode === "list" || !context.rows.some((r) => r.id === context.target);
    },
    mustClearDraft: ({ context }) => context.staged && !context.takenOver,
    /** The composer shows the typed `/model` and nothing sits over it: the clear keys reach only that draft. */
    draftShown: ({ context }) => draftOnComposer(context.facts, context.command),
    frameDraftGone: ({ context, event }) =>
      event.type === "frame" && nativeComposer(event.facts) && !event.facts.composerText.startsWith(context.command),
});
