// Claude's `Set model to <label> …` transcript line as a screen fact, against real 2.1.215 / 2.1.332 captures.

import { describe, expect, it } from "vitest";
import { readClaudeScreen } from "../../adapters/claude/read-screen.js";
import { capture, snapshotOf, syntheticSnapshot } from "../fixtures/capture-snapshot.js";

const RULE = "─".repeat(100);

describe("Claude modelNotice fact (C-API-24)", () => {
  it("2.1.215 capture: the saved-default line names Sonnet 5", async () => {
    const facts = readClaudeScreen(await snapshotOf(capture("claude", "theme-picker-215.txt")));
    expect(facts.modelNotice).toEqual({ label: "Sonnet 5", count: 1 });
    expect(facts.ruleIds).toContain("claude-model-notice");
  });

  it("2.1.332 capture: the saved-default line names Sonnet 5.5", async () => {
    const facts = readClaudeScreen(await snapshotOf(capture("claude", "theme-picker.txt")));
    expect(facts.modelNotice).toEqual({ label: "Sonnet 5.5", count: 1 });
  });

  it("captures without such a line report none", async () => {
    expect(readClaudeScreen(await snapshotOf(capture("claude", "model-picker-215.txt"))).modelNotice).toBeUndefined();
    expect(readClaudeScreen(await snapshotOf(capture("claude", "composer-idle.txt"))).modelNotice).toBeUndefined();
  });

  it("the bottom-most session-only line wins and every line is counted; reply text quoting it does not count", () => {
    const facts = readClaudeScreen(
      syntheticSnapshot(
        [
          "❯ /model",
          "  ⎿  Set model to Opus 4.8 (1M context) for this session only",
          "",
          "● Set model to Sonnet is what you typed",
          "  Set model to Sonnet again, quoted",
          "",
          "❯ /model",
          "  ⎿  Set model to Haiku 4.5 for this session only",
          "",
          RULE,
          "❯\u00a0",
          RULE,
        ],
        { cols: 100 },
      ),
    );
    expect(facts.composer).toBe(true);
    expect(facts.modelNotice).toEqual({ label: "Haiku 4.5", count: 2 });
  });
});
