// The /model picker machine's writes: the keys each step sends, and which dialog must be live for them to go.

import type { WritePurpose } from "../src/contracts/events.js";
import type { DialogKind } from "../src/contracts/screen-facts.js";
import { ENTER } from "./paste-framing.js";
import { ARROW_DOWN, ARROW_UP, BACKSPACE, CLEAR_DRAFT, ESC } from "./transaction.js";
import { switchDialog } from "./model-picker-rows.js";
import type { PickerContext, WriteWhat } from "./model-picker-types.js";

export function pickerWriteData(
  context: PickerContext,
  what: WriteWhat,
): { data: string; purpose: WritePurpose; guardDialog: boolean; requireDialog?: DialogKind; ownModelDialog?: boolean } {
  switch (what) {
    case "command":
      return { data: context.command, purpose: "command", guardDialog: true };
    case "enter":
      // The `/model` Enter goes to the composer: held by a foreign picker like any writer.
      return { data: ENTER, purpose: "keys", guardDialog: true };
    case "pickerEnter":
      // Codex's model-row / effort / 0.144 apply Enter: only while the picker is the live dialog (the edge re-checks
      // right before writing), so a picker that closed meanwhile never turns it into a submit of the user's draft.
      return { data: ENTER, purpose: "keys", guardDialog: true, requireDialog: "model_picker" };
    case "escape":
      // Only while our own dialog is live: an Escape reaching the composer would interrupt a running turn. The
      // requirement replaces the foreign-picker hold (which our own picker arms), so it never blocks itself.
      return {
        data: ESC,
        purpose: "escape",
        guardDialog: !switchDialog(context.facts),
        requireDialog: switchDialog(context.facts) ? "model_switch_confirm" : "model_picker",
        ownModelDialog: true,
      };
    case "backspace":
      // Deletes the newline a swallowed Enter left after `/model`; only on the composer (never into a dialog).
      return { data: BACKSPACE, purpose: "keys", guardDialog: true };
    case "clearDraft":
      // Ctrl+U kills only the cursor's line: a newline our swallowed Enter left after `/model` goes first.
      return { data: (context.facts?.composerOpenLine === true ? BACKSPACE : "") + CLEAR_DRAFT, purpose: "keys", guardDialog: true };
    case "arrows":
      return { data: (context.navDelta < 0 ? ARROW_UP : ARROW_DOWN).repeat(Math.abs(context.navDelta)), purpose: "keys", guardDialog: true, requireDialog: "model_picker" };
    case "sessionKey":
      return { data: "s", purpose: "keys", guardDialog: true, requireDialog: "model_picker" };
    case "confirmArrows":
      return { data: (context.navDelta < 0 ? ARROW_UP : ARROW_DOWN).repeat(Math.abs(context.navDelta)), purpose: "keys", guardDialog: false, requireDialog: "model_switch_confirm" };
    case "confirmEnter":
      return { data: ENTER, purpose: "keys", guardDialog: false, requireDialog: "model_switch_confirm" };
  }
}

