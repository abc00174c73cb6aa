// Unit tests: the foreign-picker write hold — armed by any live model dialog, cleared only by five consecutive
// native-composer observations, never by an empty or unrecognized frame (C-API-55).

import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import {
  FOREIGN_PICKER_CLEAR,
  FOREIGN_PICKER_QUIET_OBSERVATIONS,
  modelDialogVisible,
  nativeComposer,
  observeForeignPicker,
  type ForeignPickerHold,
} from "../../adapters/foreign-picker-hold.js";
import { dialog, facts } from "../support/facts.js";

const composer = facts({ composer: true });
const workingComposer = facts({ composer: true, working: true, titleSpinner: true });
const empty = EMPTY_FACTS;
const picker = facts({
  dialog: dialog("model_picker", false),
  modelPicker: { stage: "model", rows: [], sessionKey: true, moreAbove: false, moreBelow: false, complete: true },
});
/** The picker's header alone (rows not painted yet): still a model dialog. */
const pickerHeader = facts({ dialog: dialog("model_picker", false) });
const switchShell = facts({ dialog: dialog("model_switch_confirm", true) });
const permission = facts({ dialog: dialog("permission", true) });

const run = (frames: readonly ScreenFacts[], from: ForeignPickerHold = FOREIGN_PICKER_CLEAR): ForeignPickerHold =>
  frames.reduce(observeForeignPicker, from);
const times = (f: ScreenFacts, n: number): ScreenFacts[] => Array.from({ length: n }, () => f);

describe("foreign picker hold", () => {
  it("is five observations, the same quiet-composer gate as recovery", () => {
    expect(FOREIGN_PICKER_QUIET_OBSERVATIONS).toBe(5);
  });

  it("C-API-55: stays clear without a model dialog (no effect on ordinary screens)", () => {
    expect(run([composer, empty, permission, workingComposer, composer])).toEqual(FOREIGN_PICKER_CLEAR);
  });

  it.each([
    ["a complete picker", picker],
    ["the picker header while its rows repaint", pickerHeader],
    ["a switch confirmation shell", switchShell],
  ])("C-API-55: %s arms the hold", (_name, f) => {
    expect(modelDialogVisible(f)).toBe(true);
    expect(run([composer, f]).held).toBe(true);
  });

  it("C-API-55: clears only on the fifth consecutive native-composer observation", () => {
    const armed = run([picker]);
    for (let n = 1; n < FOREIGN_PICKER_QUIET_OBSERVATIONS; n += 1) {
      expect(run(times(composer, n), armed)).toEqual({ held: true, quiet: n });
    }
    expect(run(times(composer, FOREIGN_PICKER_QUIET_OBSERVATIONS), armed)).toEqual(FOREIGN_PICKER_CLEAR);
  });

  it("C-API-55: an empty or unrecognized frame never clears it and restarts the run (partial repaints)", () => {
    const armed = run([picker]);
    expect(run(times(empty, 50), armed).held).toBe(true);
    const interrupted = run([composer, composer, composer, composer, empty, composer, composer, composer, composer], armed);
    expect(interrupted).toEqual({ held: true, quiet: 4 });
    expect(run([composer], interrupted)).toEqual(FOREIGN_PICKER_CLEAR);
  });

  it("C-API-55: the picker repainting mid-run re-arms it from zero", () => {
    expect(run([picker, composer, composer, composer, pickerHeader, composer, composer])).toEqual({ held: true, quiet: 2 });
  });

  it("C-API-55: another dialog is not the composer: it neither clears nor counts", () => {
    expect(nativeComposer(permission)).toBe(false);
    expect(run([picker, composer, composer, permission, composer])).toEqual({ held: true, quiet: 1 });
  });

  it("C-API-55: a working composer is native (guidance may follow a picker closed over a running turn)", () => {
    expect(run([picker, ...times(workingComposer, 5)])).toEqual(FOREIGN_PICKER_CLEAR);
  });

  it("returns the same object when nothing changes (cheap on every frame)", () => {
    const armed = run([picker]);
    expect(observeForeignPicker(armed, picker)).toBe(armed);
    expect(observeForeignPicker(armed, empty)).toBe(armed);
    expect(observeForeignPicker(FOREIGN_PICKER_CLEAR, composer)).toBe(FOREIGN_PICKER_CLEAR);
  });
});
