// Unit test of the stop-time wait for the CLI's conversation file: it returns once the file exists and stopped
// growing, keeps waiting while the CLI still appends, and gives up at its bound.

import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { settleTranscript } from "../../effects/transcript-settle.js";

const dir = (): string => mkdtempSync(join(tmpdir(), "elwood-settle-"));

describe("settleTranscript (C-STATE-13: a stop lets the CLI's transcript settle so a resume sees the last turn)", () => {
  it("waits for a file the CLI has not written yet, then for its last append", async () => {
    const file = join(dir(), "t.jsonl");
    const writes: number[] = [];
    const writer = (async () => {
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 60));
        appendFileSync(file, `{"line":${i}}\n`);
        writes.push(i);
      }
    })();
    await settleTranscript(file, 1_500, 20_000, 20_000);
    // Settled means every append of the burst had landed (the quiet window is longer than the gap between them).
    expect(writes).toEqual([0, 1, 2, 3]);
    await writer;
  });

  it("C-STATE-13: a quiet file without the last turn's final words is not settled — the stop waits for the CLI's late write of them", async () => {
    const file = join(dir(), "late.jsonl");
    writeFileSync(file, `${JSON.stringify({ type: "user", message: { content: "remember the code word" } })}\n`);
    const words = 'Noted: the code word is "pelican".\nAnything else?';
    let written = false;
    // The CLI's write timer fires well after the quiet window (a loaded machine).
    const writer = new Promise<void>((resolve) =>
      setTimeout(() => {
        appendFileSync(file, `${JSON.stringify({ type: "assistant", message: { content: [{ type: "text", text: words }] } })}\n`);
        written = true;
        resolve();
      }, 400),
    );
    await settleTranscript(file, 50, 20_000, 20_000, words);
    expect(written).toBe(true);
    await writer;
  });

  it("returns (never rejects) when the file never appears or never stops growing", async () => {
    await expect(settleTranscript(join(dir(), "absent.jsonl"), 50, 20_000, 200)).resolves.toBeUndefined();
    const file = join(dir(), "busy.jsonl");
    writeFileSync(file, "");
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        appendFileSync(file, "x");
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await expect(settleTranscript(file, 10_000, 300)).resolves.toBeUndefined();
    stop = true;
    await writer;
  });
});
