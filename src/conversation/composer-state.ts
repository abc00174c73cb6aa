// What a send/stream turn needs to know of the composer before a replay, read from the rendered screen (screen facts stay internal).

import { idleEmptyComposer, stagedInComposer } from "../../machines/submission.js";
import type { ScreenReader } from "../contracts/screen-facts.js";
import type { TerminalSnapshot } from "../contracts/terminal-snapshot.js";

/** busy = work or a dialog on screen; staged = the prompt is still in the composer; empty = idle and empty; other = someone else's draft. */
export type ComposerState = "busy" | "staged" | "empty" | "other";

export type ComposerReader = (snapshot: TerminalSnapshot, prompt: string) => ComposerState;

/** A composer reader over one CLI's screen reader. */
export function composerReader(readScreen: ScreenReader): ComposerReader {
  return (snapshot, prompt) => {
    const facts = readScreen(snapshot);
    if (facts.dialog || facts.working || facts.titleSpinner) return "busy";
    if (stagedInComposer(facts, prompt)) return "staged";
    return idleEmptyComposer(facts) ? "empty" : "other";
  };
}
