// Model-based test of the dialog key watch: paths from its graph, replayed on a simulated clock, asserting that keys
// sent to a blocking dialog warn exactly when the window runs out with the dialog unchanged, and never after the end.

import { describe, expect, it } from "vitest";
import type { EventObject, SnapshotFrom } from "xstate";
import { dialogKeyWatchMachine, dialogShape, type DialogKeyWatchEvent, type KeysNoEffectEvent } from "../../machines/dialog-key-watch.js";
import type { DialogFact } from "../../src/contracts/screen-facts.js";
import { edgePaths } from "../support/edge-paths.js";
import { dialog, frame } from "../support/facts.js";
import { afterDelayName, afterEvents, hostChild } from "../support/machine-host.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

type Snap = SnapshotFrom<typeof dialogKeyWatchMachine>;
const WINDOW_MS = 50;
const permission = dialog("permission");
/** The same dialog with its cursor on the second option: a visible effect of a key. */
const cursorMoved: DialogFact = {
  ...permission,
  options: [
    { label: "Yes", number: 1, selected: false },
    { label: "No", number: 2, selected: true },
  ],
};

/** The model's alphabet: keys with and without a blocking dialog, frames that keep or change it, the session's end. */
function events(snap: Snap): EventObject[] {
  const keys = (sentTo: DialogFact | undefined): DialogKeyWatchEvent => ({ type: "keys.sent", dialog: sentTo });
  return [
    keys(permission),
    keys(undefined),
    keys(dialog("permission", false)),
    frame({ dialog: permission }),
    frame({ dialog: cursorMoved }),
    frame({}),
    { type: "session.ended" },
    ...afterEvents(snap as never),
  ];
}

// Graph traversal has no parent actor: stub the one parent-facing action; the replays run the production machine.
const graphMachine = dialogKeyWatchMachine.provide({ actions: { warn: () => {} } });
const options = {
  events,
  input: { windowMs: WINDOW_MS },
  serializeState: (snap: Snap) => JSON.stringify([snap.value, dialogShape(snap.context.dialog)]),
};

/** Replays a path on a hosted machine: an `after` step is the window passing; returns the warnings it raised. */
function replay(steps: readonly EventObject[]): KeysNoEffectEvent[] {
  const host = hostChild(dialogKeyWatchMachine, { windowMs: WINDOW_MS });
  let watched: DialogFact | undefined;
  const expected: string[] = [];
  for (const event of steps) {
    if (event.type === "xstate.init") continue;
    if (afterDelayName(event.type) !== undefined) {
      // The window runs out: the dialog the keys were written to is reported, once.
      host.advance(WINDOW_MS);
      if (watched) expected.push(watched.kind);
      watched = undefined;
      continue;
    }
    const before = host.value();
    host.send(event as DialogKeyWatchEvent & Record<string, unknown>);
    const e = event as DialogKeyWatchEvent;
    if (e.type === "session.ended") watched = undefined;
    else if (e.type === "keys.sent" && before !== "ended" && dialogShape(e.dialog) !== undefined) watched = e.dialog;
    else if (e.type === "frame" && watched && dialogShape(e.facts.dialog) !== dialogShape(watched)) watched = undefined;
    expect(host.value() === "watching", `after ${e.type}`).toBe(watched !== undefined);
  }
  // Well past any window: a watch still open warns once; one that ended or saw a change never warns later.
  host.advance(WINDOW_MS * 2);
  if (watched) expected.push(watched.kind);
  const warnings = host.received.filter((r): r is KeysNoEffectEvent => r.type === "keys.noEffect");
  expect(warnings.map((w) => w.dialog.kind)).toEqual(expected);
  host.stop();
  return warnings;
}

describe("dialog key watch (model-based, xstate/graph): sendKeys to a dialog that does not react warns dialog_keys_no_effect", () => {
  it("each edge's path: a warning exactly when the window ran out on an unchanged dialog", () => {
    const paths = edgePaths(graphMachine, options as never);
    expect(paths.length).toBeGreaterThan(4);
    for (const path of paths) replay(path.steps.map((s) => s.event));
  });

  it("keys to an unchanged dialog warn once; a moved cursor or a closed dialog is an effect; the end cancels the watch", () => {
    const keys: DialogKeyWatchEvent = { type: "keys.sent", dialog: permission };
    expect(replay([keys, { type: "xstate.after.keyEffectWindow.keyWatch.watching" }])).toHaveLength(1);
    expect(replay([keys, frame({ dialog: cursorMoved })])).toHaveLength(0);
    expect(replay([keys, frame({})])).toHaveLength(0);
    expect(replay([keys, { type: "session.ended" }])).toHaveLength(0);
    const noDialog: DialogKeyWatchEvent = { type: "keys.sent", dialog: undefined };
    expect(replay([noDialog])).toHaveLength(0);
  });
});
