// Unit tests for Claude's unseen-paste replay (spec A §10.11) with the adapter's own timing: replayed at most twice, then wait_timeout; a late hook or paint cancels it.

import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { frameBracketedPaste } from "../../machines/paste-framing.js";
import { submissionMachine, type SubmissionInput, type SubmissionOutput } from "../../machines/submission.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { hostChild } from "../support/machine-host.js";

const TIMING = { holdRetryMs: 100, ...claudeAdapter.submission };
const CONFIRM = TIMING.confirmIntervalMs;
/** One Enter watched (1 + enterRetries quiet checks), then the quiet window, then the one deferring interval. */
const WATCH_MS = CONFIRM * (TIMING.enterRetries + 1);
const QUIET_MS = TIMING.replayQuietMs ?? 0;
const TEXT = "hello claude";

function frame(facts: Partial<ScreenFacts>): FrameEvent {
  return { type: "frame", seq: 1, facts: { ...EMPTY_FACTS, ...facts }, oscState: [] };
}
const IDLE_EMPTY = frame({ composer: true });

function start(overrides: Partial<SubmissionInput> = {}) {
  const input: SubmissionInput = { opId: "op1", text: TEXT, framing: "paste", ...TIMING, facts: IDLE_EMPTY.facts, ...overrides };
  return hostChild(submissionMachine, input);
}
type Host = ReturnType<typeof start>;

/** A paste that never paints: its Enter goes after the settle delay plus the whole wait for the paint. */
function pasteAndEnter(host: Host): void {
  host.answer("written");
  host.advance(TIMING.settleMs + (TIMING.stagedWaitMs ?? 0));
  host.answer("written");
}
/** Everything up to the replay decision, with nothing on screen or from hooks. */
function untilDecision(host: Host): void {
  host.advance(WATCH_MS + QUIET_MS + CONFIRM);
}
const pastes = (host: Host) => host.writes().filter((w) => w.purpose === "paste");

describe("Claude: a paste that never reached the composer (spec A §10.11)", () => {
  it("spec A §10.11 the Claude adapter replays an unseen paste at most twice after the 1.5 s quiet window, without Codex's positive acceptance", () => {
    expect(claudeAdapter.submission).toMatchObject({ unseenReplays: 2, replayQuietMs: 1_500 });
    expect(claudeAdapter.submission.positiveAcceptance ?? false).toBe(false);
  });

  it("spec A §10.11 a swallowed paste is replayed at the idle empty composer, at most twice, then wait_timeout (never a false success)", () => {
    const host = start();
    pasteAndEnter(host);
    untilDecision(host);
    expect(pastes(host)).toHaveLength(2);
    expect(pastes(host)[1]?.data).toBe(frameBracketedPaste(TEXT));
    pasteAndEnter(host);
    untilDecision(host);
    expect(pastes(host)).toHaveLength(3);
    pasteAndEnter(host);
    untilDecision(host);
    expect(pastes(host)).toHaveLength(3);
    const out = host.output() as SubmissionOutput;
    expect(out.outcome).toBe("failed");
    expect(isElwoodError(out.error, "wait_timeout")).toBe(true);
    expect(out.error?.details).toMatchObject({ replays: 2 });
  });

  it("spec A §10.11 no replay before the quiet window and its deferring interval are over", () => {
    const host = start();
    pasteAndEnter(host);
    host.advance(WATCH_MS + QUIET_MS + CONFIRM - 2);
    expect(pastes(host)).toHaveLength(1);
    expect(host.value()).toBe("replayCheck");
  });

  it("spec A §10.11 a late UserPromptSubmit (or Stop, or work on screen) during the quiet window cancels the replay", () => {
    const late = [
      { type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} },
      { type: "hook.Stop", name: "Stop", payload: {} },
      frame({ composer: true, working: true }),
      frame({ composer: true, titleSpinner: true }),
    ];
    for (const [i, evidence] of late.entries()) {
      for (const at of [WATCH_MS + 10, WATCH_MS + QUIET_MS + 10]) {
        const host = start();
        pasteAndEnter(host);
        host.advance(at);
        expect(host.value(), `${i}@${at}`).toMatch(/^replay(Quiet|Check)$/);
        host.send(evidence as never);
        expect(host.value(), `${i}@${at}`).toBe("confirmed");
        host.advance(WATCH_MS + QUIET_MS + CONFIRM);
        expect(pastes(host), `${i}@${at}`).toHaveLength(1);
      }
    }
  });

  it("spec A §10.11 a paste that painted (even late) is never replayed: staged → recovery Enter; emptied after → taken", () => {
    // Painted during the quiet window (Claude 2.1.215 painted a paste up to 1.8 s late under load).
    const late = start();
    pasteAndEnter(late);
    late.advance(WATCH_MS + 10);
    late.send(frame({ composer: true, composerText: TEXT }));
    expect(late.value()).toBe("confirming");
    late.advance(CONFIRM);
    expect(pastes(late)).toHaveLength(1);
    expect(late.writes().some((w) => w.purpose === "recovery-enter")).toBe(true);
    // Seen staged, then an empty composer with no hook yet: Claude took it (its hooks may be late) — never a replay.
    const taken = start();
    pasteAndEnter(taken);
    taken.send(frame({ composer: true, pastedChip: true }));
    taken.send(IDLE_EMPTY);
    expect(taken.value()).toBe("confirmed");
    expect(pastes(taken)).toHaveLength(1);
  });

  it("spec A §10.11 a screen that flips at every replay check (a dialog, then the idle composer again) releases the queue after bounded waits, never cycling", () => {
    const host = start();
    pasteAndEnter(host);
    host.advance(WATCH_MS);
    const dialog = frame({ composer: true, dialog: { kind: "permission", blocking: true } as NonNullable<ScreenFacts["dialog"]> });
    for (let round = 0; round < 10 && host.output() === undefined; round++) {
      expect(host.value()).toBe("replayQuiet");
      host.send(dialog);
      host.advance(QUIET_MS + CONFIRM);
      host.send(IDLE_EMPTY);
      host.advance(CONFIRM);
    }
    expect((host.output() as SubmissionOutput | undefined)?.outcome).toBe("unconfirmed");
    expect(pastes(host)).toHaveLength(1);
  });

  it("spec A §10.11 no replay into a screen that is not an idle empty composer (a dialog up), and none for typed commands", () => {
    const dialog = start();
    pasteAndEnter(dialog);
    dialog.send(frame({ composer: true, dialog: { kind: "permission", blocking: true } as NonNullable<ScreenFacts["dialog"]> }));
    untilDecision(dialog);
    expect(pastes(dialog)).toHaveLength(1);
    expect((dialog.output() as SubmissionOutput).outcome).toBe("unconfirmed");
    const typed = start({ text: "/compact", framing: "typed" });
    pasteAndEnter(typed);
    untilDecision(typed);
    expect(typed.writes().filter((w) => w.purpose === "command")).toHaveLength(1);
    expect((typed.output() as SubmissionOutput).outcome).toBe("unconfirmed");
  });
});
