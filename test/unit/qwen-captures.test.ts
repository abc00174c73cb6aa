// The Qwen Code captures (test/fixtures/capture-qwen.ts) load as snapshots: header, size, padded title, and the stream files replay.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { capture, captureToSnapshot, screenFiles } from "../fixtures/capture-snapshot.js";

const files = screenFiles("qwen");
const STREAMS = fileURLToPath(new URL("../fixtures/streams/", import.meta.url));

describe("Qwen Code 0.24.4 captures", () => {
  it("exist for every state the adapter reads", () => {
    for (const state of ["initializing", "idle-fresh", "composer-typed", "paste-staged", "after-enter", "running", "reply-done", "permission-shell", "after-tool", "interrupted-esc", "model-picker-two-providers", "model-picker-env-only", "compress-small-history", "after-clear", "exit-resume-hint", "resumed-history", "ctrl-c-during-turn", "ripgrep-warning"]) {
      expect(files, state).toContain(`${state}.txt`);
    }
    expect(files.filter((f) => f.endsWith("-w60.txt")).length).toBeGreaterThanOrEqual(8);
  });

  it.each(files)("%s: header, size and rows", (file) => {
    const c = capture("qwen", file);
    expect(c).toMatchObject({ cli: "qwen", version: "0.24.4", rows: 40 });
    expect([60, 120]).toContain(c.cols);
    expect(file.endsWith("-w60.txt") ? 60 : 120).toBe(c.cols);
    // Qwen's glyphs carry U+FE0E (text presentation), which takes no cell of its own.
    for (const row of c.body) expect([...row.replace(/\uFE0E/g, "")].length, row).toBeLessThanOrEqual(c.cols);
    const snap = captureToSnapshot(c);
    expect(snap.lines).toHaveLength(40);
    // While the CLI runs, its title is "Qwen - <cwd name>" padded to 80 characters, with a status glyph when busy.
    if (c.title.trim() !== "") expect([...c.title].length).toBe(80);
  });

  it("record the busy title glyph while a turn runs and the plain one when idle", () => {
    expect(capture("qwen", "running.txt").title.trimEnd()).toBe("◐︎ Qwen - project");
    expect(capture("qwen", "reply-done.txt").title.trimEnd()).toBe("Qwen - project");
    expect(capture("qwen", "permission-shell.txt").title.trimEnd()).toBe("✳︎ Qwen - project");
  });

  it("keep a raw stream per scenario in the replayable fixture format, with a time per chunk", () => {
    const streams = readdirSync(STREAMS).filter((f) => f.startsWith("qwen-0.24.4-"));
    expect(streams).toContain("qwen-0.24.4-turn.json");
    for (const f of streams) {
      const s = JSON.parse(readFileSync(`${STREAMS}${f}`, "utf8")) as { cols: number; rows: number; chunks: unknown[]; times: unknown[] };
      expect(s.chunks.every((c) => typeof c === "string"), f).toBe(true);
      expect(s.times.length, f).toBe(s.chunks.length);
      expect(s.rows, f).toBe(40);
    }
    expect(existsSync(fileURLToPath(new URL("../fixtures/captures/qwen/README.md", import.meta.url)))).toBe(true);
  });
});
