// Unit tests for positive acceptance (Codex): an empty composer is not proof, an unaccepted paste is replayed at most twice, then wait_timeout.

import { describe, expect, it } from "vitest";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { frameBracketedPaste } from "../../machines/paste-framing.js";
import { submissionMachine, type SubmissionInput, type SubmissionOutput } from "../../machines/submission.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { hostChild } from "../support/machine-host.js";

const TIMING = { settleMs: 150, enterRetries: 3, confirmIntervalMs: 500, holdRetryMs: 100, positiveAcceptance: true, replays: 2 };
/** confirmIntervalMs × (1 + enterRetries quiet checks): how long one Enter is watched before judging. */
const WATCH_MS = TIMING.confirmIntervalMs * (TIMING.enterRetries + 1);

function frame(facts: Partial<ScreenFacts>, oscState: readonly string[] = []): FrameEvent {
  return { type: "frame", seq: 1, facts: { ...EMPTY_FACTS, ...facts }, oscState };
}
const IDLE_EMPTY = frame({ composer: true });

function start(overrides: Partial<SubmissionInput> = {}) {
  const input: SubmissionInput = { opId: "op1", text: "hello codex", framing: "paste", ...TIMING, facts: IDLE_EMPTY.facts, ...overrides };
  return hostChild(submissionMachine, input);
}

function pasteAndEnter(host: ReturnType<typeof start>): void {
  host.answer("written");
  host.advance(TIMING.settleMs);
  host.answer("written");
}

const pastes = (host: ReturnType<typeof start>) => host.writes().filter((w) => w.purpose === "paste");

describe("positive acceptance (swallowed first paste)", () => {
  it("C-CODEX-PASTE-01 the Codex adapter asks for positive acceptance with two replays", () => {
    expect(codexAdapter.submission).toMatchObject({ positiveAcceptance: true, replays: 2 });
  });

  it("C-CODEX-PASTE-02 an empty composer after Enter is not acceptance; a working frame is", () => {
    const host = start();
    pasteAndEnter(host);
    host.send(IDLE_EMPTY);
    expect(host.value()).toBe("confirming");
    host.send(frame({ composer: true, working: true }));
    expect(host.value()).toBe("confirmed");
  });

  it("C-CODEX-PASTE-03 OSC 7501 working, a prompt hook or a Stop hook confirm", () => {
    for (const evidence of [
      frame({ composer: true }, ["working"]),
      { type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} },
      { type: "hook.Stop", name: "Stop", payload: {} },
    ]) {
      const host = start();
      pasteAndEnter(host);
      host.send(evidence as never);
      expect(host.value()).toBe("confirmed");
    }
  });

  it("C-CODEX-PASTE-04 a swallowed paste is replayed at the idle composer and the replay can be accepted", () => {
    const host = start();
    pasteAndEnter(host);
    host.advance(WATCH_MS);
    expect(pastes(host)).toHaveLength(2);
    expect(pastes(host)[1]?.data).toBe(frameBracketedPaste("hello codex"));
    pasteAndEnter(host);
    host.send({ type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} });
    expect(host.value()).toBe("confirmed");
    expect((host.output() as SubmissionOutput).outcome).toBe("confirmed");
  });

  it("C-CODEX-PASTE-05 still unaccepted after two replays fails with wait_timeout (never a false success)", () => {
    const host = start();
    for (let i = 0; i < 3; i++) {
      pasteAndEnter(host);
      host.advance(WATCH_MS);
    }
    expect(pastes(host)).toHaveLength(3);
    const out = host.output() as SubmissionOutput;
    expect(out.outcome).toBe("failed");
    expect(isElwoodError(out.error, "wait_timeout")).toBe(true);
  });

  it("C-CODEX-PASTE-06 no replay into a screen that is not an idle empty composer (text still staged → recovery Enter only)", () => {
    const host = start();
    pasteAndEnter(host);
    host.send(frame({ composer: true, composerText: "hello codex" }));
    host.advance(TIMING.confirmIntervalMs);
    expect(host.lastWrite().purpose).toBe("recovery-enter");
    expect(pastes(host)).toHaveLength(1);
  });

  it("C-CODEX-PASTE-07 typed commands and non-Codex timing confirm on the empty composer once the staged text was seen on it", () => {
    const typed = start({ text: "/compact", framing: "typed" });
    pasteAndEnter(typed);
    // An empty composer before the text ever showed is a repaint from before the write, not acceptance.
    typed.send(IDLE_EMPTY);
    expect(typed.value()).toBe("confirming");
    typed.send(frame({ composer: true, composerText: "/compact" }));
    typed.send(IDLE_EMPTY);
    expect(typed.value()).toBe("confirmed");
    const claudeLike = start({ positiveAcceptance: false, replays: 0 });
    pasteAndEnter(claudeLike);
    claudeLike.send(IDLE_EMPTY);
    expect(claudeLike.value()).toBe("confirming");
    claudeLike.send(frame({ composer: true, pastedChip: true }));
    claudeLike.send(IDLE_EMPTY);
    expect(claudeLike.value()).toBe("confirmed");
  });
});
