#!/usr/bin/env node
// @ts-check
// Replays a captured PTY byte stream (test/fixtures/streams/*.json) cut into the given segments, pausing between
// segments so each one reaches the reader as its own PTY read; then idles until the terminal hangs up.
import { readFileSync } from "node:fs";

const [fixture, cutsJson] = process.argv.slice(2);
if (fixture === undefined) {
  process.stderr.write("usage: replay-stream.mjs <fixture.json> [<cut offsets as JSON>]\n");
  process.exit(2);
}
/** @type {{ chunks: string[] }} */
const captured = JSON.parse(readFileSync(fixture, "utf8"));
const stream = captured.chunks.join("");
/** @type {number[]} */
const cuts = JSON.parse(cutsJson ?? "[]");
const bounds = [0, ...cuts.filter((c) => c > 0 && c < stream.length).sort((a, b) => a - b), stream.length];
/** Far above the headless terminal's 4 ms batch window, so segments never share a render batch. */
const GAP_MS = 40;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
process.on("SIGHUP", () => process.exit(0));
// Raw mode first, as the real CLI does before it queries the terminal: in cooked mode the line discipline echoes the
// terminal's answers (`^[[?1;2c`…) into the replayed stream wherever they arrive, e.g. inside a split OSC.
if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.on("data", () => {}); // answers are read and dropped: nothing in the capture reacts to them
for (let i = 0; i + 1 < bounds.length; i += 1) {
  process.stdout.write(stream.slice(bounds[i], bounds[i + 1]));
  await sleep(GAP_MS);
}
setInterval(() => {}, 60_000);
