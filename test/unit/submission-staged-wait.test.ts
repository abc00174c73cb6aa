// Unit tests: Claude's submitting Enter waits for the staged text to paint (bounded), so an Enter read before a late
// paste never submits a message without its text (issue 41 finding: an image+text message sent as the image alone).

import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { submissionMachine, type SubmissionInput } from "../../machines/submission.js";
import { hostChild } from "../support/machine-host.js";

const TEXT = "what is in this picture";
const frame = (facts: Partial<ScreenFacts>): FrameEvent => ({ type: "frame", seq: 1, facts: { ...EMPTY_FACTS, composer: true, ...facts }, oscState: [] });
/** The composer with the image chip only, then with the text after it. */
const IMAGE_ONLY = frame({ composerText: "[Image #1]", imageChips: 1 });
const WITH_TEXT = frame({ composerText: `[Image #1] ${TEXT}`, imageChips: 1 });

function start(submission: Partial<SubmissionInput>) {
  return hostChild(submissionMachine, { opId: "op1", text: TEXT, framing: "paste", holdRetryMs: 100, ...submission, facts: IMAGE_ONLY.facts } satisfies SubmissionInput);
}
const enters = (host: ReturnType<typeof start>) => host.writes().filter((w) => w.purpose === "enter");

describe("the submitting Enter and a late paint (Claude 2.1.215 under load)", () => {
  const claude = claudeAdapter.submission;
  const settle = claude.settleMs;
  const wait = claude.stagedWaitMs ?? 0;

  it("C-API-31: Claude waits for the text to paint: no Enter at the settle delay, the Enter right after the paint", () => {
    expect(wait).toBeGreaterThan(settle);
    const host = start(claude);
    host.answer("written");
    host.send(IMAGE_ONLY);
    host.advance(settle + 400);
    expect(enters(host)).toHaveLength(0);
    host.send(WITH_TEXT);
    expect(enters(host)).toHaveLength(1);
  });

  it("C-API-31: a text that painted within the settle delay gets its Enter at the settle delay, nothing later", () => {
    const host = start(claude);
    host.answer("written");
    host.send(WITH_TEXT);
    host.advance(settle - 1);
    expect(enters(host)).toHaveLength(0);
    host.advance(1);
    expect(enters(host)).toHaveLength(1);
  });

  it("C-API-31: any sign the paste was ingested releases the Enter: a partial paint, or a menu over the composer", () => {
    for (const sign of [frame({ composerText: "[Image #1] what is", imageChips: 1 }), frame({ composer: false })]) {
      const host = start(claude);
      host.answer("written");
      host.advance(settle);
      expect(enters(host)).toHaveLength(0);
      host.send(sign);
      expect(enters(host)).toHaveLength(1);
    }
  });

  it("C-API-31: a text that never paints gets its Enter at the bound, and confirmation goes on from there", () => {
    const host = start(claude);
    host.answer("written");
    host.advance(settle + wait - 1);
    expect(enters(host)).toHaveLength(0);
    host.advance(1);
    expect(enters(host)).toHaveLength(1);
    host.answer("written");
    expect(host.value()).toBe("confirming");
  });

  it("C-API-31: Codex (no staged wait) still enters at the settle delay", () => {
    expect(codexAdapter.submission.stagedWaitMs ?? 0).toBe(0);
    const host = start(codexAdapter.submission);
    host.answer("written");
    host.advance(codexAdapter.submission.settleMs);
    expect(enters(host)).toHaveLength(1);
  });
});
