// The benchmark's synthetic TUI burst: one generator, run by the PTY child and (for checks) in-process.

/**
 * Plain JavaScript source so the same generator runs inside a `node -e` child (through the PTY).
 * No newlines are emitted (only cursor addressing), so the PTY's ONLCR translation leaves the bytes unchanged.
 */
export const TUI_GENERATOR_SOURCE = String.raw`
function tuiBlock(i) {
  const colors = [31, 32, 33, 34, 35, 36];
  const row = (i % 44) + 2;
  let s = "\x1b[" + row + ";1H\x1b[2K";
  s += "\x1b[1;" + colors[i % 6] + "m╭─ task " + i + " ──────────────╮\x1b[0m ";
  s += "中文字符 テスト " + i + " │ \x1b[38;5;" + (i % 256) + "m████\x1b[0m ▸ " + ((i * 7) % 100) + "% ";
  s += "\x1b[" + (row + 1) + ";3H\x1b[2K│ line " + i + " " + "·".repeat(i % 30) + " │";
  return s;
}
function tuiSource(chunkChars) {
  let i = 0;
  return function next() {
    let chunk = "";
    while (chunk.length < chunkChars) chunk += tuiBlock(i++);
    return chunk;
  };
}
`;

export const DONE_MARKER = "BENCH-DONE";
/** The last row of a 48-row screen; the run counts as rendered only if this reached every terminal. */
export const FINAL_SEQUENCE = `\u001b[48;1H\u001b[2K${DONE_MARKER}`;

/** The child: writes `totalBytes` of TUI output to its PTY, honouring stdout drain, then exits. */
export function childScript(totalBytes: number): string {
  return `${TUI_GENERATOR_SOURCE}
const total = ${totalBytes};
const next = tuiSource(16384);
let sent = 0;
function pump() {
  while (sent < total) {
    const chunk = next();
    sent += Buffer.byteLength(chunk);
    if (!process.stdout.write(chunk)) { process.stdout.once("drain", pump); return; }
  }
  process.stdout.write(${JSON.stringify(FINAL_SEQUENCE)}, () => process.exit(0));
}
pump();
`;
}
