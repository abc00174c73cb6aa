// Watches keys written to a blocking dialog: if the dialog is still there, unchanged, after a grace window, the keys
// visibly did nothing and the caller hears so (a warning) instead of a silent success.

import type { DialogFact, ScreenFacts } from "./contracts/screen-facts.js";

/**
 * How long a dialog gets to react to keys. Claude 2.1.332 paints its permission dialog while the PermissionRequest
 * hook still runs and applies a key sent then only once that hook returns: measured up to ~600 ms offline.
 */
export const DIALOG_KEY_EFFECT_MS = 3_000;

/** What the dialog shows: kind, rules and options with the cursor (a moved cursor is a visible effect). */
function dialogShape(dialog: DialogFact | undefined): string | undefined {
  if (dialog === undefined || !dialog.blocking) return undefined;
  const options = dialog.options.map((o) => `${o.selected ? ">" : " "}${o.number ?? ""}${o.label}`).join("|");
  return `${dialog.kind}:${[...dialog.ruleIds].sort().join(",")}:${options}`;
}

export interface DialogKeyWatchSources {
  /** The latest frame's facts. */
  readonly facts: () => ScreenFacts | undefined;
  /** Calls back on every later frame; returns an unsubscribe. */
  readonly onFrame: (listener: (facts: ScreenFacts) => void) => () => void;
  readonly warn: (dialog: DialogFact) => void;
}

/** Starts a watch when a blocking dialog is on screen; a no-op otherwise. */
export function watchDialogKeys(sources: DialogKeyWatchSources, windowMs = DIALOG_KEY_EFFECT_MS): void {
  const before = sources.facts()?.dialog;
  const shape = dialogShape(before);
  if (before === undefined || shape === undefined) return;
  let changed = false;
  const off = sources.onFrame((facts) => {
    if (dialogShape(facts.dialog) !== shape) changed = true;
    if (changed) off();
  });
  const timer = setTimeout(() => {
    off();
    if (!changed && dialogShape(sources.facts()?.dialog) === shape) sources.warn(before);
  }, windowMs);
  timer.unref();
}
