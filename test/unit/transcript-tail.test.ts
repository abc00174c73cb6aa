// Unit (real files): the transcript tail's read bounds — split UTF-8, oversized and unparseable records, a large delta spread over passes, the final flush, the recovery scan after a failed read (issue 17).
import { appendFile, mkdtemp, open, rm, writeFile, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  TAIL_CHUNK_BYTES,
  TAIL_CHUNKS_PER_PASS,
  TAIL_MAX_RECORD_BYTES,
  TAIL_MAX_RECOVERIES,
  TranscriptTail,
} from "../../effects/transcript-tail.js";
import type { TailStopPhase } from "../../src/contracts/turn-events.js";
import type { TailDropCause } from "../../src/contracts/turn-events.js";
import { eventually } from "../support/eventually.js";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "elwood-tail-"));
  file = path.join(dir, "t.jsonl");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function collector() {
  const records: unknown[] = [];
  const passes: number[] = [];
  const drops: TailDropCause[] = [];
  const stopped: string[] = [];
  const readErrors: string[] = [];
  /** Causes the records callback reports back (the feed's records its adapter could not read). */
  const unreadable: TailDropCause[] = [];
  return {
    records,
    passes,
    drops,
    stopped,
    readErrors,
    unreadable,
    sink: {
      records: (r: readonly unknown[]) => {
        records.push(...r);
        passes.push(r.length);
        return unreadable;
      },
      dropped: (c: TailDropCause) => drops.push(c),
      stopped: (reason: string, phase: TailStopPhase) => stopped.push(`${reason}/${phase}`),
      readError: (errno: string) => readErrors.push(errno),
    },
  };
}

describe("TranscriptTail", () => {
  it("reads committed records as they are appended, carrying a code point split across writes", async () => {
    await writeFile(file, "");
    const c = collector();
    const tail = new TranscriptTail(file, c.sink);
    tail.start();
    const line = Buffer.from(`${JSON.stringify({ text: "héllo ✓ 🎉" })}\n`, "utf8");
    // Split inside the 4-byte emoji.
    const cut = line.indexOf(Buffer.from("🎉", "utf8")) + 2;
    await appendFile(file, line.subarray(0, cut));
    await new Promise((r) => setTimeout(r, 150));
    expect(c.records).toEqual([]);
    await appendFile(file, line.subarray(cut));
    await eventually(() => c.records.length === 1);
    expect(c.records).toEqual([{ text: "héllo ✓ 🎉" }]);
    await tail.stop();
  });

  it("an unparseable line and an oversized unterminated record are dropped with their cause; the next record still arrives", async () => {
    const big = "x".repeat(TAIL_MAX_RECORD_BYTES + 10);
    await writeFile(file, `not json\n{"a":${JSON.stringify(big)}}\n{"ok":1}\n`);
    const c = collector();
    const tail = new TranscriptTail(file, c.sink);
    tail.start();
    await eventually(() => c.records.length === 1);
    expect(c.records).toEqual([{ ok: 1 }]);
    expect(new Set(c.drops)).toEqual(new Set(["unparseable", "oversized"]));
    await tail.stop();
  });

  it("spec B §3.5: drops are coalesced: one report per cause per pass, however many records the pass could not use", async () => {
    await writeFile(file, `not json\n{broken\n{"ok":1}\nalso not json\n{"ok":2}\n`);
    const c = collector();
    c.unreadable.push("unparseable");
    const tail = new TranscriptTail(file, c.sink);
    tail.start();
    await eventually(() => c.records.length === 2);
    expect(c.passes).toEqual([2]);
    expect(c.drops).toEqual(["unparseable"]);
    // A pass whose lines all parse still reports, once, the records its reader could not use.
    await appendFile(file, '{"ok":3}\n{"ok":4}\n');
    await eventually(() => c.records.length === 4);
    expect(c.drops).toEqual(["unparseable", "unparseable"]);
    await tail.stop();
  });

  it("one pass reads at most its chunk budget: a large delta spreads over several passes", async () => {
    const line = `${JSON.stringify({ pad: "y".repeat(1000) })}\n`;
    const count = Math.ceil((TAIL_CHUNK_BYTES * TAIL_CHUNKS_PER_PASS * 3) / line.length);
    await writeFile(file, line.repeat(count));
    const c = collector();
    const tail = new TranscriptTail(file, c.sink);
    tail.start();
    await eventually(() => c.records.length === count);
    expect(c.passes.length).toBeGreaterThanOrEqual(3);
    const perPass = Math.ceil((TAIL_CHUNK_BYTES * TAIL_CHUNKS_PER_PASS) / line.length) + 1;
    for (const n of c.passes) expect(n).toBeLessThanOrEqual(perPass);
    await tail.stop();
  });

  it("spec B §3.5: the drain budget is shared by every final drain of a watcher: a second flush gets what is left, not a fresh budget", async () => {
    const line = (n: number): string => `${JSON.stringify({ n, pad: "z".repeat(500) })}\n`;
    const count = Math.ceil((TAIL_CHUNK_BYTES * 3) / line(0).length);
    await writeFile(file, Array.from({ length: count }, (_, n) => line(n)).join(""));
    const other = path.join(dir, "sub.jsonl");
    await writeFile(other, '{"n":"sub"}\n');
    const budget = { chunks: 2 };
    const first = collector();
    await new TranscriptTail(file, first.sink, 0, undefined, budget).finish();
    expect(first.passes).toHaveLength(1);
    expect(first.drops).toEqual(["unread_backlog"]);
    expect(budget.chunks).toBe(0);
    const second = collector();
    await new TranscriptTail(other, second.sink, 0, undefined, budget).finish();
    expect(second.records).toEqual([]);
    expect(second.drops).toEqual(["unread_backlog"]);
  });

  it("issue 38: a resume's mark is where reading starts; a file that shrank below it since (rewritten) is read from its end", async () => {
    const history = `${JSON.stringify({ n: "old" })}\n`;
    await writeFile(file, history + `${JSON.stringify({ n: "since the relaunch" })}\n`);
    const c = collector();
    const tail = new TranscriptTail(file, c.sink, 0, undefined, undefined, { kind: "resume", offset: Buffer.byteLength(history) });
    tail.start();
    await eventually(() => c.records.length === 1, 5_000, "the record after the mark");
    await tail.stop();
    expect(c.records).toEqual([{ n: "since the relaunch" }]);

    const shrunk = path.join(dir, "shrunk.jsonl");
    await writeFile(shrunk, `${JSON.stringify({ n: "rewritten history" })}\n`);
    const d = collector();
    let opened = false;
    const openAndTell = async (f: string): Promise<FileHandle> => {
      const handle = await open(f, "r");
      opened = true;
      return handle;
    };
    const other = new TranscriptTail(shrunk, d.sink, 0, openAndTell, undefined, { kind: "resume", offset: 10_000 });
    other.start();
    // The rewrite is measured at the first open: the new record is appended once that pass is over.
    await eventually(() => opened, 5_000, "the first open");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await appendFile(shrunk, `${JSON.stringify({ n: "new" })}\n`);
    await eventually(() => d.records.length > 0, 5_000, "the record after the rewrite");
    await other.finish();
    expect(d.records).toEqual([{ n: "new" }]);
  });

  it("finish() drains what is readable, then the tail is terminal: nothing is read after it", async () => {
    await writeFile(file, "");
    const c = collector();
    const tail = new TranscriptTail(file, c.sink);
    tail.start();
    await appendFile(file, '{"n":1}\n');
    await tail.finish();
    expect(c.records).toEqual([{ n: 1 }]);
    await appendFile(file, '{"n":2}\n');
    await new Promise((r) => setTimeout(r, 250));
    expect(c.records).toEqual([{ n: 1 }]);
  });

  it("a failed read mid-pass is followed by a recovery scan: every record arrives exactly once, the tail keeps running (issue 17: tail recovery)", async () => {
    // Two full chunks of records: the first read succeeds, the second fails once, so the pass's parsed records are lost.
    const line = (n: number): string => `${JSON.stringify({ n, pad: "z".repeat(500) })}\n`;
    const count = Math.ceil((TAIL_CHUNK_BYTES * 2) / line(0).length);
    await writeFile(file, Array.from({ length: count }, (_, n) => line(n)).join(""));
    const reads = { n: 0 };
    const c = collector();
    const tail = new TranscriptTail(file, c.sink, 0, (f) => flakyOpen(f, reads, (k) => k === 2));
    tail.start();
    await eventually(() => c.records.length >= count);
    await appendFile(file, line(count));
    await eventually(() => c.records.length === count + 1);
    expect(c.records.map((r) => (r as { n: number }).n)).toEqual(Array.from({ length: count + 1 }, (_, n) => n));
    expect(c.stopped).toEqual([]);
    await tail.stop();
  });

  it("spec B §3.5: a failure in the final flush is contained: finish() still resolves, reported once as a final_flush stop", async () => {
    await writeFile(file, '{"n":1}\n');
    const c = collector();
    const tail = new TranscriptTail(file, c.sink, 0, async (f) => {
      const handle = await open(f, "r");
      return new Proxy(handle, {
        get(target, key) {
          if (key === "read") return () => Promise.reject(new TypeError("secret detail"));
          const value = Reflect.get(target, key) as unknown;
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    });
    await tail.finish();
    expect(c.stopped).toEqual(["TypeError/final_flush"]);
    expect(c.records).toEqual([]);
  });

  it(`reads that keep failing stop the tail after ${TAIL_MAX_RECOVERIES} recovery scans, reported once (issue 17: tail recovery bound)`, async () => {
    await writeFile(file, '{"n":1}\n');
    const reads = { n: 0 };
    const c = collector();
    const tail = new TranscriptTail(file, c.sink, 0, (f) => flakyOpen(f, reads, () => true));
    tail.start();
    await eventually(() => c.stopped.length === 1);
    expect(reads.n).toBe(TAIL_MAX_RECOVERIES + 1);
    expect(c.records).toEqual([]);
    // spec B §4.3: each contained read failure is a read error with its errno; the stop names an allowlisted reason only.
    expect(c.readErrors).toEqual(Array.from({ length: TAIL_MAX_RECOVERIES }, () => "EIO"));
    expect(c.stopped).toEqual(["EIO/poll"]);
    await new Promise((r) => setTimeout(r, 250));
    expect(c.stopped.length).toBe(1);
  });
});

/** Opens the real file, but its k-th read overall (1-based, counted in `reads`) fails when `failAt(k)` says so. */
async function flakyOpen(f: string, reads: { n: number }, failAt: (k: number) => boolean): Promise<FileHandle> {
  const handle = await open(f, "r");
  const read = handle.read.bind(handle) as (...args: unknown[]) => Promise<unknown>;
  return new Proxy(handle, {
    get(target, key, receiver) {
      if (key !== "read") {
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (...args: unknown[]) => {
        reads.n += 1;
        return failAt(reads.n) ? Promise.reject(Object.assign(new Error("EIO: injected read failure"), { code: "EIO" })) : read(...args);
      };
    },
  });
}
