// Makes caller/model text safe to send as bracketed-paste DATA: no paste sentinels, no live control bytes (C-API-40).

const ESC = 0x1b;
const CSI_8BIT = 0x9b;
const LEFT_BRACKET = 0x5b;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;
const DIGIT_2 = 0x32;
const TILDE = 0x7e;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Anything the sanitizer could change: every C0 but TAB/LF/CR, DEL and the C1 block (which includes ESC and U+009B). */
const UNSAFE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0080-\u009f]/;
/** fromCharCode takes its code units as arguments; chunks stay well under every engine's argument limit. */
const DECODE_CHUNK = 8192;

/** Code units below this may be controls; everything from U+00A0 up is kept as it is. */
const CONTROL_LIMIT = 0xa0;
/** 1 for a control removed on sight. ESC and U+009B are kept until the end: they may still start a sentinel. */
const DROPPED = new Uint8Array(CONTROL_LIMIT);
for (let unit = 0; unit < CONTROL_LIMIT; unit++) {
  const control = unit < 0x20 || unit >= 0x7f;
  DROPPED[unit] = control && unit !== TAB && unit !== LF && unit !== CR && unit !== ESC && unit !== CSI_8BIT ? 1 : 0;
}

/**
 * Length of the paste sentinel (`ESC[200~`, `ESC[201~`, or the 8-bit `U+009B 200~`/`201~`) ending at the top of
 * `stack`, or 0. Only called after a `~` was pushed.
 */
function sentinelEndingAt(stack: Uint16Array, top: number): number {
  if (top < 5) return 0;
  const d = stack[top - 2];
  if ((d !== DIGIT_0 && d !== DIGIT_1) || stack[top - 3] !== DIGIT_0 || stack[top - 4] !== DIGIT_2) return 0;
  const introducer = stack[top - 5];
  if (introducer === CSI_8BIT) return 5;
  if (introducer === LEFT_BRACKET && top >= 6 && stack[top - 6] === ESC) return 6;
  return 0;
}

/**
 * Sanitizes text for the queued text APIs (sendPrompt/sendMessage/sendGuidance), never sendKeys.
 *
 * One left-to-right pass over a stack of kept code units: controls other than TAB/LF/CR are skipped, and whenever
 * the kept text ends in a paste sentinel that sentinel is popped whole. Popping only ever exposes the text before
 * it, so a sentinel re-formed by removing an inner one (`ESC[20` + `ESC[201~` + `0~`) or split by other controls
 * (`ESC \x01 [201~`) is met and removed in the same pass, leaving no `[201~` residue — the same result as removing
 * sentinels and controls until nothing changes, in linear time. Whatever ESC or U+009B is left is then dropped.
 *
 * TAB, LF and CR are written exactly as given: they are legitimate multi-line content, and both CLIs already turn
 * CR inside a bracketed paste into a newline. What reaches the agent is the CLI's business, not this function's:
 * the CLIs turn a pasted TAB into spaces (measured per version in the adapters' screen facts).
 *
 * The result contains no C0 (except \t \n \r), DEL or C1 code unit, hence no ESC, so no sentinel survives, and
 * the framing adds exactly one paste start and one paste end. Idempotent.
 */
export function sanitizeSubmissionText(text: string): string {
  if (!UNSAFE.test(text)) return text;
  const stack = new Uint16Array(text.length);
  let top = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < CONTROL_LIMIT && DROPPED[unit] === 1) continue;
    stack[top++] = unit;
    if (unit === TILDE) top -= sentinelEndingAt(stack, top);
  }
  let out = "";
  let run = 0;
  // Leftover introducers go last, so they could still join a sentinel above; the kept runs between them are copied.
  for (let i = 0; i < top; i++) {
    const unit = stack[i]!;
    if (unit !== ESC && unit !== CSI_8BIT) continue;
    out += decode(stack, run, i);
    run = i + 1;
  }
  return out + decode(stack, run, top);
}

function decode(units: Uint16Array, from: number, to: number): string {
  let out = "";
  for (let start = from; start < to; start += DECODE_CHUNK) {
    out += String.fromCharCode(...units.subarray(start, Math.min(to, start + DECODE_CHUNK)));
  }
  return out;
}

/** True when `text` holds a code unit the sanitizer would remove (used by assertions and guards). */
export function hasUnsafeControl(text: string): boolean {
  return UNSAFE.test(text);
}
