// Unit (real files): the turn recovery scan — backward from EOF to the last user prompt, in blocks, byte-exact across split code points, bounded reach (spec B §3.6).
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findTurnStart } from "../../effects/transcript-recovery.js";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "elwood-recover-"));
  file = path.join(dir, "t.jsonl");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (record: unknown): string => `${JSON.stringify(record)}\n`;
const isPrompt = (r: unknown): boolean => (r as { prompt?: unknown }).prompt !== undefined;

async function scan(content: string, reach?: number, block?: number) {
  await writeFile(file, content);
  const handle = await open(file, "r");
  try {
    return await findTurnStart(handle, isPrompt, reach, block);
  } finally {
    await handle.close();
  }
}

describe("turn recovery scan (spec B §3.6)", () => {
  it("starts at the last committed prompt record, not at an unterminated line being written after it", async () => {
    const before = line({ prompt: "first" }) + line({ text: "one" });
    const current = line({ prompt: "second ✓" }) + line({ text: "two" });
    const found = await scan(`${before}${current}{"prompt":"not yet comm`);
    expect(found).toEqual({ offset: Buffer.byteLength(before), truncated: false });
  });

  it("reads in small blocks: a record and a code point split across blocks are rejoined byte-exactly", async () => {
    const before = line({ text: "héllo 🎉" });
    const content = `${before}${line({ prompt: "ünïcödé 🎉 prompt" })}${line({ text: "réply 🎉" })}`;
    for (const block of [1, 3, 5, 7, 64]) {
      expect(await scan(content, undefined, block)).toEqual({ offset: Buffer.byteLength(before), truncated: false });
    }
  });

  it("a file with no prompt within reach starts at 0", async () => {
    expect(await scan(line({ meta: 1 }) + line({ text: "x" }))).toEqual({ offset: 0, truncated: false });
  });

  it("a turn longer than the reach: tailing starts at the first whole line inside the window, reported as truncated", async () => {
    const head = line({ prompt: "long turn" });
    const records = Array.from({ length: 40 }, (_, n) => line({ text: `record ${n} ${"z".repeat(40)}` }));
    const content = head + records.join("");
    const reach = 1000;
    const found = await scan(content, reach, 128);
    expect(found.truncated).toBe(true);
    // A line boundary inside the window.
    expect(found.offset).toBeGreaterThanOrEqual(Buffer.byteLength(content) - reach);
    expect(content.slice(0, found.offset).endsWith("\n")).toBe(true);
    expect(Buffer.byteLength(content) - found.offset).toBeLessThanOrEqual(reach);
  });
});
