// Makes caller/model text safe to send as bracketed-paste DATA: no paste sentinels, no live control bytes (C-API-40).

// Both the 7-bit (ESC [) and the 8-bit C1 (U+009B) spellings of the paste start/end sentinels.
const SENTINEL = /(?:\x1b\[|\u009b)20[01]~/g;
// Every C0 control except TAB, LF and CR, plus DEL and the C1 block — but NOT the two sentinel
// introducers (ESC, U+009B): those are removed last so a sentinel split by other controls
// (`ESC \x01 [201~`) is first re-joined and then removed whole, leaving no `[201~` residue.
const CONTROLS_BUT_INTRODUCERS = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f\u0080-\u009a\u009c-\u009f]/g;
const INTRODUCERS = /[\x1b\u009b]/g;

function removeSentinels(text: string): string {
  // Removing one sentinel can join its neighbours into a new one (`ESC[20` + `ESC[201~` + `0~`),
  // so repeat until nothing changes; each pass shrinks the string, so this terminates.
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(SENTINEL, "");
  } while (current !== previous);
  return current;
}

/**
 * Sanitizes text for the queued text APIs (sendPrompt/sendMessage/sendGuidance), never sendKeys.
 * Keeps TAB, LF and CR exactly as given: they are legitimate multi-line content (§10.10), and both
 * CLIs already turn CR inside a bracketed paste into a newline, so normalizing here would only
 * change what the caller asked for. The result contains no C0 (except \t \n \r), DEL or C1 code
 * unit, hence no ESC, so no sentinel can survive. Idempotent.
 */
export function sanitizeSubmissionText(text: string): string {
  const withoutSentinels = removeSentinels(text);
  const withoutControls = withoutSentinels.replace(CONTROLS_BUT_INTRODUCERS, "");
  return removeSentinels(withoutControls).replace(INTRODUCERS, "");
}

/** True when `text` holds a code unit the sanitizer would remove (used by assertions and guards). */
export function hasUnsafeControl(text: string): boolean {
  return /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0080-\u009f]/.test(text);
}
