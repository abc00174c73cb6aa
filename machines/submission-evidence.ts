// What the screen says about a submission: the staged text still in the composer, acceptance, ingestion, an idle
// empty composer. Pure predicates over screen facts, read by the submission machine's guards.

import type { FrameEvent } from "../src/contracts/events.js";
import type { ScreenFacts } from "../src/contracts/screen-facts.js";

function squash(text: string): string {
  return text.replace(/\s+/g, "");
}

function lastNonEmptyLine(text: string): string {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");
  return lines[lines.length - 1] ?? "";
}

/** The composer still holds what we staged: Claude's paste chip, or (Codex, typed commands) our last line. */
export function stagedInComposer(facts: ScreenFacts, text: string): boolean {
  if (facts.pastedChip) return true;
  const last = squash(lastNonEmptyLine(text));
  // Whitespace is squashed on both sides because the composer soft-wraps long lines.
  return facts.composer && last !== "" && squash(facts.composerText).endsWith(last);
}

/**
 * A post-Enter frame that proves acceptance: nothing staged, and either live work or an empty composer. An empty
 * composer counts only once the staged text was seen: Claude 2.1.215 under load painted a paste up to ~1.8 s after
 * Elwood wrote it and repainted the still-empty composer in between (measured in the TAB e2e loop), which is the
 * paste not rendered yet, not the paste submitted.
 */
export function factsConfirm(facts: ScreenFacts, text: string, seenStaged: boolean): boolean {
  if (stagedInComposer(facts, text)) return false;
  const emptyComposer = facts.composer && facts.composerText === "";
  return (seenStaged && emptyComposer) || facts.working || facts.titleSpinner;
}

/** Evidence that the CLI took the submission as a turn (positive acceptance): live work, not just an empty composer. */
export function frameAccepts(event: FrameEvent, text: string): boolean {
  const facts = event.facts;
  if (stagedInComposer(facts, text)) return false;
  return facts.working || facts.titleSpinner || event.oscState.includes("working") || facts.dialog?.kind === "permission";
}

/**
 * The screen shows the CLI has ingested the paste: its text (or chip) is staged, the composer changed from before the
 * write (a partial paint, a slash menu), or something else took the screen. An Enter is safe once any of these shows.
 */
export function showsIngested(facts: ScreenFacts, text: string, composerBeforePaste: string): boolean {
  if (stagedInComposer(facts, text) || !facts.composer || facts.dialog !== undefined) return true;
  return squash(facts.composerText) !== squash(composerBeforePaste);
}

/** An idle composer holding nothing: the only screen a replayed paste may be written into. */
export function idleEmptyComposer(facts: ScreenFacts | null): boolean {
  return !!facts && facts.composer && facts.composerText === "" && !facts.pastedChip && !facts.working && !facts.titleSpinner && !facts.dialog;
}
