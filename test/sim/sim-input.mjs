// @ts-check
// Raw-mode stdin decoder for the simulated agent: bracketed paste, CSI keys and lone-ESC disambiguation.
import { StringDecoder } from "node:string_decoder";

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
/** CSI (parameters, intermediates, final byte) or SS3 key at the start of a string. */
const SEQ = /^\x1b(?:\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|O[\x40-\x7e])/;
const NAMED = /** @type {Record<string, string>} */ ({
  "[A": "up", "[B": "down", "[C": "right", "[D": "left", OA: "up", OB: "down", OC: "right", OD: "left",
  "[Z": "shift+tab", "[3~": "delete", "[H": "home", "[F": "end", "[27u": "escape", "[13u": "enter",
  "[13;2u": "shift+enter", "[99;5u": "ctrl+c",
});

/**
 * @typedef {{ type: "paste", text: string }
 *   | { type: "key", key: string, text?: string }
 *   | { type: "report", seq: string }} DecodedEvent
 */

/** @param {string} ch @returns {DecodedEvent} */
function charEvent(ch) {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === "\r") return { type: "key", key: "enter" };
  if (ch === "\n") return { type: "key", key: "ctrl+j" };
  if (ch === "\t") return { type: "key", key: "tab" };
  if (ch === "\x7f" || ch === "\b") return { type: "key", key: "backspace" };
  if (code < 0x20) return { type: "key", key: `ctrl+${String.fromCharCode(code + 96)}` };
  return { type: "key", key: ch, text: ch };
}

/** @param {string} seq @returns {DecodedEvent} */
function seqEvent(seq) {
  const body = seq.slice(1);
  const named = NAMED[body];
  if (named) return { type: "key", key: named };
  // Focus events, SGR mouse, cursor-position and device-attribute replies are terminal reports, not keystrokes.
  if (body === "[I" || body === "[O" || /^\[<.*[Mm]$/.test(body) || /^\[[\d;]*R$/.test(body) || /^\[\?[\d;]*c$/.test(body)) {
    return { type: "report", seq };
  }
  return { type: "key", key: `csi:${body}` };
}

export class KeyDecoder {
  /** @param {(ev: DecodedEvent) => void} emit @param {number} escTimeoutMs */
  constructor(emit, escTimeoutMs) {
    this.emit = emit;
    this.escTimeoutMs = escTimeoutMs;
    this.decoder = new StringDecoder("utf8");
    this.pending = "";
    /** @type {string | null} paste content collected so far, null outside a paste */
    this.paste = null;
    /** @type {NodeJS.Timeout | undefined} */
    this.timer = undefined;
  }

  /** @param {Buffer} chunk */
  feed(chunk) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending += this.decoder.write(chunk);
    this.drain(false);
  }

  /** @param {boolean} flush true once the ESC ambiguity timeout has passed */
  drain(flush) {
    const s = this.pending;
    let i = 0;
    while (i < s.length) {
      if (this.paste !== null) {
        const end = s.indexOf(PASTE_END, i);
        if (end < 0) {
          // Keep a possibly split end marker for the next chunk; everything before it is content.
          let keep = 0;
          for (let k = Math.min(PASTE_END.length - 1, s.length - i); k > 0; k--) {
            if (PASTE_END.startsWith(s.slice(s.length - k))) { keep = k; break; }
          }
          this.paste += s.slice(i, s.length - keep);
          i = s.length - keep;
          break;
        }
        const text = this.paste + s.slice(i, end);
        this.paste = null;
        i = end + PASTE_END.length;
        this.emit({ type: "paste", text });
        continue;
      }
      const ch = String.fromCodePoint(s.codePointAt(i) ?? 0);
      if (ch !== "\x1b") { this.emit(charEvent(ch)); i += ch.length; continue; }
      const next = s[i + 1];
      if (next === undefined) {
        if (!flush) break; // a lone ESC may be the start of a sequence still in flight
        this.emit({ type: "key", key: "escape" }); i += 1; continue;
      }
      if (next === "[" || next === "O") {
        const m = SEQ.exec(s.slice(i, i + 64));
        if (!m) {
          if (!flush && s.length - i < 64) break;
          this.emit({ type: "key", key: "escape" }); i += 1; continue;
        }
        i += m[0].length;
        if (m[0] === PASTE_START) this.paste = "";
        else this.emit(seqEvent(m[0]));
        continue;
      }
      if (next === "\x1b") { this.emit({ type: "key", key: "escape" }); i += 1; continue; }
      // ESC followed by a character is Meta/Alt+char, as Ink-style TUIs read it.
      const alt = String.fromCodePoint(s.codePointAt(i + 1) ?? 0);
      this.emit({ type: "key", key: `alt+${alt}` });
      i += 1 + alt.length;
    }
    this.pending = s.slice(i);
    if (this.pending && this.paste === null && !flush) {
      this.timer = setTimeout(() => { this.timer = undefined; this.drain(true); }, this.escTimeoutMs);
    }
  }
}
