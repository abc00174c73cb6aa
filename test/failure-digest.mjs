// Condenses the e2e diagnostics blocks of a failed stage into a few lines printed right before `npm test`'s summary,
// so a CI log that keeps only its tail still shows what the failing real-CLI test saw (screen, writes, decisions).

const START = "===== e2e diagnostics: ";
const END = "===== end of e2e diagnostics =====";
/** Lines kept from each section of one block, newest last. */
const KEEP = { "last rendered screen": 18, "status decisions (oldest first)": 6, "PTY writes": 10 };

/** The sections of one diagnostics block, by their `----- name -----` header. */
function sections(lines) {
  const out = new Map();
  let current = null;
  for (const line of lines) {
    const header = line.match(/^----- (.+) -----$/);
    if (header) {
      current = header[1];
      out.set(current, []);
    } else if (current !== null) out.get(current).push(line);
  }
  return out;
}

/** At most `maxBlocks` condensed blocks from a stage's output (ANSI colour removed). */
export function failureDigest(output, maxBlocks = 2) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const digest = [];
  let blocks = 0;
  for (let i = 0; i < lines.length && blocks < maxBlocks; i++) {
    const at = lines[i].indexOf(START);
    if (at < 0) continue;
    const end = lines.indexOf(END, i);
    if (end < 0) break;
    blocks += 1;
    digest.push(`── ${lines[i].slice(at + START.length).replace(/ =====$/, "")}`);
    const parts = sections(lines.slice(i + 1, end));
    for (const [name, keep] of Object.entries(KEEP)) {
      const body = (parts.get(name) ?? []).filter((l) => l.trim() !== "");
      digest.push(`   ${name} (last ${Math.min(keep, body.length)} of ${body.length}):`, ...body.slice(-keep).map((l) => `   │ ${l.slice(0, 160)}`));
    }
    i = end;
  }
  return digest;
}
