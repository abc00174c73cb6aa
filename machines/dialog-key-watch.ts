// Watches keys the caller wrote to a blocking dialog: if the dialog is still there, unchanged, when the grace window
// (an `after` delay, so a transition the inspector shows) runs out, the keys visibly did nothing and the parent hears so.

import { assign, sendParent, setup } from "xstate";
import type { DialogFact } from "../src/contracts/screen-facts.js";
import type { FrameEvent } from "../src/contracts/events.js";

/**
 * How long a dialog gets to react to keys. Claude 2.1.332 paints its permission dialog while the PermissionRequest
 * hook still runs and applies a key sent then only once that hook returns: measured up to ~600 ms offline.
 */
export const DIALOG_KEY_EFFECT_MS = 3_000;

/** The caller wrote raw keys; `dialog` is the dialog on screen as they were written (if any). */
export type KeysSentEvent = { readonly type: "keys.sent"; readonly dialog: DialogFact | undefined };
/** The session is over: a pending watch is dropped, no warning can follow a close. */
export type KeyWatchEndedEvent = { readonly type: "session.ended" };
/** Sent to the parent: keys written to `dialog` left it unchanged for the whole window. */
export type KeysNoEffectEvent = { readonly type: "keys.noEffect"; readonly dialog: DialogFact };

export type DialogKeyWatchEvent = KeysSentEvent | FrameEvent | KeyWatchEndedEvent;

export interface DialogKeyWatchInput {
  readonly windowMs: number;
}

export interface DialogKeyWatchContext {
  readonly windowMs: number;
  /** The dialog the watched keys were written to. */
  readonly dialog: DialogFact | undefined;
}

/** What the dialog shows: kind, rules and options with the cursor (a moved cursor is a visible effect). */
export function dialogShape(dialog: DialogFact | undefined): string | undefined {
  if (dialog === undefined || !dialog.blocking) return undefined;
  const options = dialog.options.map((o) => `${o.selected ? ">" : " "}${o.number ?? ""}${o.label}`).join("|");
  return `${dialog.kind}:${[...dialog.ruleIds].sort().join(",")}:${options}`;
}

const sentToDialog = ({ event }: { event: DialogKeyWatchEvent }): boolean => event.type === "keys.sent" && dialogShape(event.dialog) !== undefined;

export const dialogKeyWatchMachine = setup({
  types: {
    context: {} as DialogKeyWatchContext,
    events: {} as DialogKeyWatchEvent,
    input: {} as DialogKeyWatchInput,
  },
  guards: {
    sentToDialog,
    dialogChanged: ({ context, event }) => event.type === "frame" && dialogShape(event.facts.dialog) !== dialogShape(context.dialog),
  },
  delays: {
    keyEffectWindow: ({ context }) => context.windowMs,
  },
  actions: {
    noteDialog: assign({ dialog: ({ event }) => (event.type === "keys.sent" ? event.dialog : undefined) }),
    warn: sendParent(({ context }) => ({ type: "keys.noEffect", dialog: context.dialog as DialogFact }) satisfies KeysNoEffectEvent),
  },
}).createMachine({
  id: "keyWatch",
  context: ({ input }) => ({ windowMs: input.windowMs, dialog: undefined }),
  initial: "idle",
  on: {
    "session.ended": { target: ".ended", description: "The session is over: a pending watch never warns after the close." },
  },
  states: {
    idle: {
      description: "No keys are being watched.",
      on: {
        "keys.sent": { guard: "sentToDialog", target: "watching", actions: "noteDialog", description: "Keys went to a blocking dialog: watch it." },
      },
    },
    watching: {
      description: "Keys went to a blocking dialog; any visible change to it (kind, rules, options, cursor) is their effect.",
      on: {
        "keys.sent": {
          guard: "sentToDialog",
          target: "watching",
          reenter: true,
          actions: "noteDialog",
          description: "More keys to the dialog: the window starts again from the dialog as it is now.",
        },
        frame: { guard: "dialogChanged", target: "idle", description: "The dialog changed: the keys had a visible effect." },
      },
      after: {
        keyEffectWindow: { target: "idle", actions: "warn", description: "The window ran out with the dialog unchanged: the keys did nothing visible." },
      },
    },
    ended: { type: "final", description: "The session is over." },
  },
});
