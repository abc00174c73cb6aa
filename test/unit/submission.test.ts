// Unit tests for one text submission: separate paste and Enter writes, holds, confirmation and bounded recovery (C-API-31, C-API-56).

import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { ENTER, frameBracketedPaste } from "../../machines/paste-framing.js";
import { submissionMachine, type SubmissionInput, type SubmissionOutput } from "../../machines/submission.js";
import { hostChild } from "../support/machine-host.js";

const TIMING = { settleMs: 150, enterRetries: 3, confirmIntervalMs: 400, holdRetryMs: 100 };

function frame(facts: Partial<ScreenFacts>, seq = 1): FrameEvent {
  return { type: "frame", seq, facts: { ...EMPTY_FACTS, ...facts }, oscState: [] };
}
const STAGED_CHIP = frame({ composer: true, pastedChip: true, composerText: "[Pasted text #1 +3 lines]" });
const EMPTY_COMPOSER = frame({ composer: true });

function start(overrides: Partial<SubmissionInput> = {}) {
  const input: SubmissionInput = { opId: "op1", text: "line one\nline two", framing: "paste", ...TIMING, ...overrides };
  return hostChild(submissionMachine, input);
}

/** Drive paste written → settle → Enter written. */
function toConfirming(host: ReturnType<typeof start>) {
  host.answer("written");
  host.advance(TIMING.settleMs);
  host.answer("written");
}

describe("submission machine", () => {
  it("C-API-31 writes the paste and the Enter as separate writes, Enter only after the settle delay", () => {
    const host = start();
    expect(host.writes()).toHaveLength(1);
    expect(host.lastWrite()).toMatchObject({ data: frameBracketedPaste("line one\nline two"), purpose: "paste", guardDialog: true });
    host.answer("written");
    expect(host.received.map((e) => e.type)).toEqual(["io.write", "submission.pasted"]);
    host.advance(TIMING.settleMs - 1);
    expect(host.writes()).toHaveLength(1);
    host.advance(1);
    expect(host.lastWrite()).toMatchObject({ data: ENTER, purpose: "enter", guardDialog: true });
    host.answer("written");
    expect(host.received.map((e) => e.type)).toEqual(["io.write", "submission.pasted", "io.write", "submission.entered"]);
    host.send(STAGED_CHIP);
    host.send(EMPTY_COMPOSER);
    expect(host.value()).toBe("confirmed");
    expect(host.output()).toEqual({ opId: "op1", outcome: "confirmed", entered: true, recoveryEnters: 0 } satisfies SubmissionOutput);
  });

  it("issue 13 item 7: an empty composer before the staged text was ever seen is the paste not rendered yet; the late paste gets a recovery Enter", () => {
    const host = start();
    toConfirming(host);
    // Claude 2.1.215 under load: a repaint of the still-empty composer, then the paste ~1 s after the Enter.
    host.send(EMPTY_COMPOSER);
    expect(host.value()).toBe("confirming");
    host.send(STAGED_CHIP);
    host.advance(TIMING.confirmIntervalMs);
    expect(host.lastWrite()).toMatchObject({ data: ENTER, purpose: "recovery-enter" });
    host.answer("written");
    host.send(EMPTY_COMPOSER);
    expect(host.output()).toMatchObject({ outcome: "confirmed", recoveryEnters: 1 });
  });

  it("typed framing writes the raw command text with purpose command", () => {
    const host = start({ text: "/compact", framing: "typed" });
    expect(host.lastWrite()).toMatchObject({ data: "/compact", purpose: "command" });
  });

  it("C-API-56 a held paste writes nothing and is re-requested after the back-off", () => {
    const host = start();
    host.answer("held");
    host.advance(TIMING.holdRetryMs - 1);
    expect(host.writes()).toHaveLength(1);
    host.advance(1);
    expect(host.writes()).toHaveLength(2);
    expect(host.lastWrite().purpose).toBe("paste");
    expect(host.writes()[0]?.requestId).not.toBe(host.lastWrite().requestId);
    expect(host.received.some((e) => e.type === "submission.pasted")).toBe(false);
  });

  it("C-API-56 a held Enter is retried; submission.entered only after it is really written", () => {
    const host = start();
    host.answer("written");
    host.advance(TIMING.settleMs);
    host.answer("held");
    expect(host.received.some((e) => e.type === "submission.entered")).toBe(false);
    host.advance(TIMING.holdRetryMs);
    expect(host.lastWrite().purpose).toBe("enter");
    host.answer("written");
    expect(host.received.filter((e) => e.type === "submission.entered")).toHaveLength(1);
  });

  it("ignores io results for a stale request id", () => {
    const host = start();
    const first = host.lastWrite().requestId;
    host.answer("held");
    host.advance(TIMING.holdRetryMs);
    host.send({ type: "io.written", requestId: first });
    expect(host.value()).toBe("staging");
  });

  it("C-API-31 re-sends Enter while the paste chip stays staged, at most enterRetries times", () => {
    const host = start();
    host.send(STAGED_CHIP);
    toConfirming(host);
    for (let i = 0; i < TIMING.enterRetries; i++) {
      host.advance(TIMING.confirmIntervalMs);
      expect(host.lastWrite()).toMatchObject({ data: ENTER, purpose: "recovery-enter", guardDialog: true });
      host.answer("written");
    }
    host.advance(TIMING.confirmIntervalMs);
    expect(host.value()).toBe("unconfirmed");
    expect(host.writes().filter((w) => w.purpose === "recovery-enter")).toHaveLength(TIMING.enterRetries);
    expect(host.output()).toMatchObject({ outcome: "unconfirmed", entered: true, recoveryEnters: TIMING.enterRetries });
  });

  it("C-API-31 Codex-style staging: the paste's last line still in the composer triggers a recovery Enter", () => {
    const host = start({ text: "first\nthe final line\n\n" });
    host.send(frame({ composer: true, composerText: "first the final\nline" }));
    toConfirming(host);
    host.advance(TIMING.confirmIntervalMs);
    expect(host.lastWrite().purpose).toBe("recovery-enter");
    host.answer("written");
    host.send(EMPTY_COMPOSER);
    expect(host.output()).toMatchObject({ outcome: "confirmed", recoveryEnters: 1 });
  });

  it("confirms on a UserPromptSubmit hook", () => {
    const host = start();
    toConfirming(host);
    host.send({ type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} });
    expect(host.value()).toBe("confirmed");
  });

  it("confirms on working evidence, but not while the paste is still staged during a running turn", () => {
    const host = start();
    toConfirming(host);
    host.send(frame({ working: true, composer: true, pastedChip: true }));
    expect(host.value()).toBe("confirming");
    host.send(frame({ titleSpinner: true }));
    expect(host.value()).toBe("confirmed");
  });

  it("a recovery Enter held by a dialog does not use up a retry and is re-requested", () => {
    const host = start({ enterRetries: 1 });
    host.send(STAGED_CHIP);
    toConfirming(host);
    host.advance(TIMING.confirmIntervalMs);
    host.answer("held");
    host.advance(TIMING.holdRetryMs);
    expect(host.writes().filter((w) => w.purpose === "recovery-enter")).toHaveLength(2);
    host.answer("written");
    host.send(EMPTY_COMPOSER);
    expect(host.output()).toMatchObject({ outcome: "confirmed", recoveryEnters: 1 });
  });

  it("raw input revokes recovery: finishes unconfirmed without another Enter", () => {
    const host = start();
    host.send(STAGED_CHIP);
    toConfirming(host);
    host.send({ type: "submission.rawInput" });
    expect(host.value()).toBe("unconfirmed");
    host.advance(10_000);
    expect(host.writes().filter((w) => w.purpose === "recovery-enter")).toHaveLength(0);
  });

  it("raw input during the settle delay still lets the first Enter go, but no recovery Enter", () => {
    const host = start();
    host.send(STAGED_CHIP);
    host.answer("written");
    host.send({ type: "submission.rawInput" });
    host.advance(TIMING.settleMs);
    host.answer("written");
    host.advance(TIMING.confirmIntervalMs);
    expect(host.value()).toBe("unconfirmed");
    expect(host.writes().map((w) => w.purpose)).toEqual(["paste", "enter"]);
  });

  it("without any decisive frame it gives up after a bounded number of checks", () => {
    const host = start();
    toConfirming(host);
    host.advance(TIMING.confirmIntervalMs * (TIMING.enterRetries + 1));
    expect(host.value()).toBe("unconfirmed");
    expect(host.writes().map((w) => w.purpose)).toEqual(["paste", "enter"]);
  });

  it("io.failed ends the submission failed with the error", () => {
    const host = start();
    host.answer("failed");
    expect(host.value()).toBe("failed");
    expect(host.output()).toMatchObject({ outcome: "failed", entered: false, error: { name: "pty_write_failed" } });
  });

  it("cancel stops the submission and nothing more is written", () => {
    const host = start();
    host.answer("written");
    host.send({ type: "submission.cancel" });
    host.advance(10_000);
    expect(host.value()).toBe("cancelled");
    expect(host.writes()).toHaveLength(1);
    expect(host.output()).toMatchObject({ outcome: "cancelled", entered: false });
  });
});
