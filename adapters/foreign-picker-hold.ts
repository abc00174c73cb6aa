// Write-only latch that keeps automated writes off a model dialog Elwood is not driving (a human's `/model`: Enter would
// apply its highlighted row, Escape would discard the human's choice). It never holds readiness.

import type { ScreenFacts } from "../src/contracts/screen-facts.js";

/** Positive native-composer observations in a row that end the hold (the same five-frame quiet gate as recovery). */
export const FOREIGN_PICKER_QUIET_OBSERVATIONS = 5;

export interface ForeignPickerHold {
  /** A model dialog was seen and the composer has not yet been positively back for long enough. */
  readonly held: boolean;
  /** Consecutive native-composer observations since the dialog was last seen. */
  readonly quiet: number;
}

export const FOREIGN_PICKER_CLEAR: ForeignPickerHold = { held: false, quiet: 0 };

/**
 * The live bottom-most dialog is a model dialog: the picker (complete, or its header alone while it repaints)
 * or the switch confirmation shell. The reader only reports live regions, so transcript quotes never count.
 */
export function modelDialogVisible(facts: ScreenFacts): boolean {
  const kind = facts.dialog?.kind;
  return facts.modelPicker !== undefined || kind === "model_picker" || kind === "model_switch_confirm";
}

/** Positive evidence that the picker is gone: the native composer is back and no dialog sits below it. */
export function nativeComposer(facts: ScreenFacts): boolean {
  return facts.composer && facts.dialog === undefined && facts.modelPicker === undefined && facts.modelSwitch === undefined;
}

/**
 * One observation (a rendered frame, or the edge's look at the screen right before a write). A model dialog
 * (re)arms the hold; only a run of positive composer observations clears it. An empty or unrecognized frame
 * proves nothing either way (a repaint is briefly neither), so it restarts the run instead of counting.
 */
export function observeForeignPicker(hold: ForeignPickerHold, facts: ScreenFacts): ForeignPickerHold {
  if (modelDialogVisible(facts)) return hold.held && hold.quiet === 0 ? hold : { held: true, quiet: 0 };
  if (!hold.held) return hold;
  if (!nativeComposer(facts)) return hold.quiet === 0 ? hold : { held: true, quiet: 0 };
  const quiet = hold.quiet + 1;
  return quiet >= FOREIGN_PICKER_QUIET_OBSERVATIONS ? FOREIGN_PICKER_CLEAR : { held: true, quiet };
}
