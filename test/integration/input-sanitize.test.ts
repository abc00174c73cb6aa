// Message text is data end to end: what the simulated agent decoded from the real PTY shows no paste escape and no live
// keystroke other than the submitting Enter, for directed hostile text and a seeded 200-string fuzz (C-API-40, C-API-06).

import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { sanitizeSubmissionText } from "../../machines/sanitize.js";
import { simRecords } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { prng } from "../support/prng.js";
import { inputRecords, inputTrace, recordSession, waitForLog } from "../support/sim-probe.js";

const live: SimSession[] = [];
afterEach(async () => {
  for (const sim of live.splice(0)) await sim.cleanup();
});


const HOSTILE = [
  "\x1b[200~", "\x1b[201~", "\u009b200~", "\u009b201~", "\x1b\x01[201~", "\x1b[20\x1b[201~1~", "\x1b", "\x1b[A", "\x1bOP",
  "\x03", "\x04", "\x1a", "\x00", "\x7f", "\x08", "\u0085", "\u009b", "\u0090", "\u009c",
  "\r", "\n", "\r\n", "\t", "\r\r",
];
const TEXT = ["plain", "words here", "é", "日本語", "🙂", "👩‍💻", "e\u0301", "Ω≈ç", "naïve", "  ", "1.", "[x]", "{\"a\":1}", "<tag>", "q?"];

function fuzzString(next: () => number, index: number): string {
  const parts = [`F${index} `];
  const n = 1 + Math.floor(next() * 12);
  for (let i = 0; i < n; i += 1) {
    const pool = next() < 0.45 ? HOSTILE : TEXT;
    parts.push(pool[Math.floor(next() * pool.length)] ?? "");
    if (next() < 0.2) parts.push(String.fromCharCode(Math.floor(next() * 0x20))); // any C0
    if (next() < 0.1) parts.push(String.fromCharCode(0x80 + Math.floor(next() * 0x20))); // any C1
  }
  return parts.join("");
}

describe("hostile text through a real PTY (sim)", () => {
  it("C-API-40: an embedded paste-end sentinel, CR and C0/C1 controls never become live keystrokes", async () => {
    const sim = startSimSession({ script: { turnMs: 60 } });
    live.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const hostile = "before\x1b[201~after\r\x1b[B\x1b\x03 ctl\x00\x07\x7f c1:\u0085\u009b201~\u009b done\ttab\nline";
    const clean = sanitizeSubmissionText(hostile);
    expect(clean).toBe("beforeafter\r[B ctl c1: done\ttab\nline");
    await sim.session.sendMessage(hostile);
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 1, "the turn");
    expect(inputTrace(records)).toEqual([`paste:${clean}`, "key:enter"]);
    expect(simRecords(records, "submit").map((r) => r.text)).toEqual([clean.replace(/\r\n?/g, "\n")]);
  });

  it("C-API-06/C-API-40: a multi-line prompt is one paste and one submitted prompt", async () => {
    const sim = startSimSession({ script: { turnMs: 60 } });
    live.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const text = "line one\nline two\r\nline three\rline four\n\nline six";
    await sim.session.sendPrompt(text);
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 1, "the turn");
    expect(inputTrace(records)).toEqual([`paste:${text}`, "key:enter"]);
    expect(simRecords(records, "submit")).toHaveLength(1);
  });

  it("C-API-40/C-API-19: 200 seeded fuzz strings arrive as paste content equal to their sanitized form, one turn each", async () => {
    const next = prng(0xe1d00d);
    const texts = Array.from({ length: 200 }, (_, i) => fuzzString(next, i));
    // The corpus really is hostile: most strings carry something the sanitizer must remove.
    expect(texts.filter((t) => sanitizeSubmissionText(t) !== t).length).toBeGreaterThan(120);
    expect(texts.filter((t) => t.includes("\x1b[201~")).length).toBeGreaterThan(20);
    // turnMs 40 keeps the working screen up for several render batches: a turn that paints start and end inside
    // one batch shows no work at all and (without hooks) ends only at the 4 s no-evidence fallback. The sim
    // ingests a paste synchronously, so a shorter settle than Claude's 150 ms keeps 200 turns within budget.
    const sim = startSimSession({ script: { turnMs: 40 }, adapter: { ...claudeAdapter, submission: { ...claudeAdapter.submission, settleMs: 50 } } });
    live.push(sim);
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    // All queued at once: the queue must still release exactly one per ready transition.
    await Promise.all(texts.map((t) => sim.session.sendMessage(t)));
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length >= 200, "200 turns", 60_000);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);

    const pastes = simRecords(records, "paste").map((r) => r.text);
    expect(pastes).toEqual(texts.map(sanitizeSubmissionText));
    const keys = inputRecords(records).filter((r) => r.kind === "key").map((r) => (r.kind === "key" ? r.key : ""));
    expect(keys).toEqual(texts.map(() => "enter"));
    // Strict alternation: each paste is followed by its own Enter before the next paste.
    expect(inputTrace(records).filter((_, i) => i % 2 === 1)).toEqual(texts.map(() => "key:enter"));
    expect(simRecords(records, "turn")).toHaveLength(200);
    expect(simRecords(records, "queued")).toEqual([]);
    expect(simRecords(records, "submit").map((r) => r.text)).toEqual(texts.map((t) => sanitizeSubmissionText(t).replace(/\r\n?/g, "\n")));
    expect(rec.readyCount()).toBe(201);
  }, 90_000);
});
