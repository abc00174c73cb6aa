#!/usr/bin/env node
// @ts-check
// A tiny TUI that paints captured Claude-, Codex- or Qwen-shaped screens on command ("w" working, "i" idle) for
// turn-detection tests and the detection-latency bench; it stamps the wall-clock time of every frame it writes on command.
// As Qwen, "p" starts a turn with the UserPromptSubmit hook Elwood installed in $QWEN_HOME/settings.json and "s" ends
// it with the Stop hook, each followed by its frame, as the CLI does.
import { appendFileSync } from "node:fs";
import { postQwenPrompt, postQwenSessionStart, postQwenStop } from "./painter-qwen-hook.mjs";

const argv = process.argv.slice(2);
// Started as an agent's executable (Qwen's arguments, not ours), the shape comes from the env.
const SHAPE = argv.includes("--shape") ? argv[argv.indexOf("--shape") + 1] : process.env.PAINTER_SHAPE;
const CODEX = SHAPE === "codex";
const QWEN = SHAPE === "qwen";
// The start's version probe (`--version`): answer like the CLI the painter stands in for.
if (argv.includes("--version")) {
  process.stdout.write(`${process.env.PAINTER_VERSION ?? "0.0.0"}\n`);
  process.exit(0);
}
const stampFile = process.env.PAINTER_STAMPS;
/**
 * Stamps in ms on the monotonic clock every process on the machine shares (CLOCK_MONOTONIC): each process's
 * performance.timeOrigin is its own reading of the wall clock at start-up, tens of ms apart between two under load.
 */
const monotonicMs = () => Number(process.hrtime.bigint() / 1000n) / 1000;
/** Milliseconds of working-spinner frames painted before the first idle composer (startup animation). */
const startupSpinMs = Number(process.env.PAINTER_STARTUP_SPIN_MS ?? "0");

const RESET = "\x1b[0m";
const DIM = "\x1b[38;5;246m";
const cols = () => process.stdout.columns || 100;
const rows = () => process.stdout.rows || 30;
const rule = () => `\x1b[38;5;244m${"─".repeat(cols())}${RESET}`;
const right = (/** @type {string} */ s) => " ".repeat(Math.max(0, cols() - [...s].length)) + s;
const osc0 = (/** @type {string} */ t) => `\x1b]0;${t}\x07`;
const osc7501 = (/** @type {string} */ s) => `\x1b]7501;${s}\x1b\\`;

let tick = 0;
/** @param {boolean} working */
function claudeScreen(working) {
  const head = [" ▐▛███▛█   Claude Code v2.1.332", "▝▜██████▀  Opus 5.5 · API Usage Billing", ` ▝▝   ▝▝   ${process.cwd()}`, ""];
  const spin = ["·", "✢", "*", "✶", "✻", "✽"][tick % 6];
  const bottom = [
    ...(working ? [`\x1b[38;5;174m${spin} Beaming… (1s · ↓ 3 tokens)${RESET}`] : []),
    right("◐ medium · /effort"),
    rule(),
    "❯\u00a0\x1b[7m \x1b[0m",
    rule(),
    `${DIM}  ⏸ manual mode on · ${working ? "esc to interrupt" : "? for shortcuts"} · ← for agents${RESET}`,
  ];
  return { title: working ? (tick % 2 ? "◑ Claude Code" : "◐ Claude Code") : "✳ Claude Code", head, bottom, osc: "" };
}

/** @param {boolean} working */
function codexScreen(working) {
  const head = ["  >_ OpenAI Codex (v0.171.0)", `     ${process.cwd()}`, ""];
  const bottom = [
    ...(working ? [`${tick % 2 ? "◦" : "•"} Working (1s • esc to interrupt)`, ""] : []),
    "",
    `› ${DIM}Ask Codex to do anything${RESET}`,
    "",
    `${DIM}  fake-model default · ${process.cwd()}${RESET}`,
    `${DIM}  ← for agents · ? for shortcuts${RESET}`,
  ];
  const repo = process.cwd().split("/").pop() ?? "repo";
  const title = working ? `${["⠋", "⠙", "⠹", "⠸"][tick % 4]} ${repo}` : repo;
  return { title, head, bottom, osc: osc7501(working ? "state=working:app=codex" : "state=idle:app=codex") };
}

/** Qwen Code 0.24.4's layout (test/fixtures/screens/qwen/0.24.4/07-running-turn.txt and 04-reply.txt). */
function qwenScreen(/** @type {boolean} */ working) {
  const head = ["  │ >_ Qwen Code (v0.24.4)", "  │ API Key | fake-model (/model to change)", "", "  > say hello", "", "  \u25c6\ufe0e FAKE-REPLY: hello.", ""];
  const bottom = [
    working ? `  ${["⠋", "⠙", "⠹", "⠸"][tick % 4]} Preparing a witty response... (1s · ↓ 3 tokens · esc to cancel)` : "",
    rule(),
    `>   ${DIM}Type your message or @path/to/file${RESET}`,
    rule(),
    `${DIM}  ➜ work · git:(master) · fake-model${RESET}`,
    `${DIM}  ${working ? "Enter to steer · Ctrl+Q to queue · " : ""}⏸ Ask permissions (shift + tab to cycle)${RESET}`,
  ];
  return { title: working ? "\u25d0\ufe0e Qwen - work" : "Qwen - work", head, bottom, osc: "" };
}

/** One full repaint as a single write; returns the bytes so the caller can stamp right before writing. */
function frame(/** @type {boolean} */ working) {
  tick += 1;
  const s = QWEN ? qwenScreen(working) : CODEX ? codexScreen(working) : claudeScreen(working);
  const height = rows();
  const body = [...s.head];
  while (body.length + s.bottom.length < height) body.push("");
  const all = [...body, ...s.bottom].slice(-height);
  return osc0(s.title) + s.osc + "\x1b[H" + all.map((l) => `${l}\x1b[K`).join("\r\n");
}

/** Paints on command; the stamp (`w|i <epoch ms>`) is taken right before the write and appended after it. */
function paint(/** @type {boolean} */ working) {
  const bytes = frame(working);
  const at = monotonicMs();
  process.stdout.write(bytes);
  if (stampFile) appendFileSync(stampFile, `${working ? "w" : "i"} ${at}\n`);
}

process.stdin.setRawMode?.(true);
process.stdout.write("\x1b[?1049h\x1b[?2004h\x1b[2J");
process.on("SIGTERM", () => process.exit(143));
process.stdout.on("resize", () => process.stdout.write(frame(false)));

let started = false;
/** Qwen's turn end as the CLI runs it: the Stop hook (stamped as the end), answered, then the idle composer. */
async function stopThenIdle() {
  // Stamped right before the request goes; written to the file after it (the file write is no part of the hook).
  let at = 0;
  await postQwenStop(() => (at = monotonicMs()));
  if (stampFile) appendFileSync(stampFile, `i ${at}\n`);
  process.stdout.write(frame(false));
}

/** Qwen's turn start as the CLI runs it: the prompt hook (stamped as the start), answered, then the working frame. */
async function promptThenWork() {
  let at = 0;
  await postQwenPrompt(() => (at = monotonicMs()));
  if (stampFile) appendFileSync(stampFile, `w ${at}\n`);
  process.stdout.write(frame(true));
}

// Commands run in order: a Stop's idle repaint comes before the next command's frame.
let queue = Promise.resolve();
process.stdin.on("data", (buf) => {
  if (!started) return;
  for (const ch of buf.toString("utf8")) {
    if (ch === "w") queue = queue.then(() => paint(true));
    else if (ch === "i") queue = queue.then(() => paint(false));
    // An idle repaint that is no turn end (no stamp): the quiet frames after a Stop.
    else if (ch === "q") queue = queue.then(() => void process.stdout.write(frame(false)));
    else if (ch === "s" && QWEN) queue = queue.then(stopThenIdle);
    else if (ch === "p" && QWEN) queue = queue.then(promptThenWork);
    else if (ch === "\x03") process.exit(0);
  }
});

if (QWEN) await postQwenSessionStart();
const t0 = Date.now();
const boot = setInterval(() => {
  if (Date.now() - t0 < startupSpinMs) {
    process.stdout.write(frame(true)); // startup animation: not a command, no stamp
    return;
  }
  clearInterval(boot);
  started = true;
  // The first idle frame is startup, not a turn end: no stamp.
  process.stdout.write(frame(false));
}, 50);
