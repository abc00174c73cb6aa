// @ts-check
// Simulated Codex Ctrl+V: reads the X11 clipboard with xclip the way the real Codex (arboard 3.6.1) does.
import { spawnSync } from "node:child_process";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Codex 0.171.0 drops a Ctrl+V arriving within ~250 ms of the previous one (measured under Xvfb); 0.144.6 does not. */
const DROP_WINDOW_MS = 250;
// The real banners' wording after `■ Failed to paste image: ` (both versions, measured).
const EMPTY = "no image on clipboard: The clipboard contents were not available in the requested format or the clipboard is empty.";
const NOT_PNG = "no image on clipboard: The image or the text that was about the be transferred to/from the clipboard could not be converted to the appropriate format.";

// A test may point the simulated CLI at another display than the one its session env names (ELWOOD_SIM_DISPLAY),
// so Elwood's clipboard tools (which follow the session env) can be given a dead display while the CLI's works.
const SIM_ENV = process.env["ELWOOD_SIM_DISPLAY"] ? { ...process.env, DISPLAY: process.env["ELWOOD_SIM_DISPLAY"] } : process.env;

/** @param {string[]} args */
function xclip(args) {
  return spawnSync("xclip", ["-selection", "clipboard", ...args], { timeout: 3000, stdio: ["ignore", "pipe", "ignore"], env: SIM_ENV });
}

/**
 * @typedef {{ kind: "image", bytes: number } | { kind: "dropped" } | { kind: "error", message: string }} CodexPasteResult
 */
export class CodexClipboardPaste {
  /** @param {boolean} legacy Codex 0.144 behaviour (no drop window) */
  constructor(legacy) {
    this.legacy = legacy;
    this.lastAccepted = 0;
  }

  /** One Ctrl+V: only an `image/png` offer whose bytes are a PNG becomes an image, like arboard's get_image. @returns {CodexPasteResult} */
  paste() {
    const now = Date.now();
    if (!this.legacy && now - this.lastAccepted < DROP_WINDOW_MS) return { kind: "dropped" };
    this.lastAccepted = now;
    const targets = xclip(["-t", "TARGETS", "-o"]);
    if (targets.status !== 0 || !String(targets.stdout).split("\n").includes("image/png")) return { kind: "error", message: EMPTY };
    const image = xclip(["-t", "image/png", "-o"]);
    if (image.status !== 0 || !image.stdout.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return { kind: "error", message: NOT_PNG };
    return { kind: "image", bytes: image.stdout.length };
  }
}
