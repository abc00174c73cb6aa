// Unit tests: Claude's picker applies only after the cursor settled on the target row, and a `Set model to …` line
// naming another row fails the set (2.1.215 under load applied the row highlighted before the arrows; C-API-24).

import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ModelNoticeFact, type ModelPickerRowFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import { modelPickerMachine, PICKER_DEFAULTS } from "../../machines/model-picker.js";
import type { ElwoodError } from "../../src/contracts/errors.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

const TIMING = { settleMs: 5, openMs: 200, stepMs: 50, closeMs: 300, cleanupMs: 100, lateMs: 100, holdRetryMs: 5 };
const DOWN = "\x1b[B";
const frame = (facts: ScreenFacts) => ({ type: "frame", seq: 0, facts, oscState: [] });
/** The composer showing the typed `/model` (the picker times its Enter from this paint). */
const TYPED_MODEL: ScreenFacts = { ...EMPTY_FACTS, composer: true, composerText: "/model" };
const composer = (notice?: ModelNoticeFact): ScreenFacts => ({ ...EMPTY_FACTS, composer: true, ...(notice ? { modelNotice: notice } : {}) });
const LABELS = ["Default", "Opus", "Sonnet", "Sonnet 5 (1M context)", "Haiku"];
const row = (label: string, selected: boolean): ModelPickerRowFact => ({
  id: label.toLowerCase(), label, isCurrent: label === "Opus", isDefault: label === "Default", selected, raw: label,
});
const pickerOn = (cursor: string, notice?: ModelNoticeFact): ScreenFacts => ({
  ...composer(notice),
  composer: false,
  dialog: { kind: "model_picker", blocking: false, ruleIds: ["claude-model_picker-title"], options: [], layout: "numbered" },
  modelPicker: { stage: "model", rows: LABELS.map((l) => row(l, l === cursor)), sessionKey: true, moreAbove: false, moreBelow: false, complete: true },
});
const out = (host: HostedChild) => host.output() as { ok: boolean; error?: ElwoodError } | undefined;
const sentKeys = (host: HostedChild) => host.writes().map((w) => w.data);

/** Opens the picker on Opus and writes the arrows to Haiku; the next frame paints the cursor on Haiku. */
function cursorPaintedOnHaiku(before?: ModelNoticeFact): HostedChild {
  const host = hostChild(modelPickerMachine, { opId: "op", mode: "set", target: "haiku", profile: claudeAdapter.picker, facts: composer(before), ...TIMING });
  host.answer("written"); // `/model`
  host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
  host.advance(TIMING.settleMs);
  host.answer("written"); // Enter
  host.send(frame(pickerOn("Opus", before)));
  expect(host.lastWrite().data).toBe(DOWN.repeat(3));
  host.answer("written");
  host.send(frame(pickerOn("Haiku", before)));
  return host;
}

/** Lets the settle run out, writes `s`, then the picker closes to the composer showing `after`. */
function applyAndSettle(host: HostedChild, after: ModelNoticeFact | undefined): void {
  host.advance(PICKER_DEFAULTS.cursorSettleMs);
  expect(host.lastWrite()).toMatchObject({ data: "s", requireDialog: "model_picker" });
  host.answer("written");
  host.send(frame(composer(after)));
  host.advance(TIMING.lateMs); // Claude's lingering second for a late cache warning
}

describe("Claude setModel waits for the cursor to settle before the apply key", () => {
  it("C-API-24: no `s` is requested when the cursor is first painted on the target, only after the settle", () => {
    const host = cursorPaintedOnHaiku();
    expect(sentKeys(host)).not.toContain("s");
    host.advance(PICKER_DEFAULTS.cursorSettleMs - 1);
    expect(sentKeys(host)).not.toContain("s");
    host.advance(1);
    expect(host.lastWrite().data).toBe("s");
  });

  it("C-API-24: a cursor that moved off the target during the settle is moved back before any apply", () => {
    const host = cursorPaintedOnHaiku();
    host.send(frame(pickerOn("Sonnet")));
    host.advance(PICKER_DEFAULTS.cursorSettleMs);
    expect(host.lastWrite().data).toBe(DOWN.repeat(2));
    expect(sentKeys(host)).not.toContain("s");
  });
});

describe("Claude setModel checks the CLI's `Set model to …` line", () => {
  it("C-API-24: the CLI applied Opus instead of Haiku: setModel fails with model_automation_failed", () => {
    const host = cursorPaintedOnHaiku();
    applyAndSettle(host, { label: "Opus 4.8 (1M context)", count: 1 });
    const result = out(host);
    expect(result?.ok).toBe(false);
    expect(result?.error?.code).toBe("model_automation_failed");
    expect(result?.error?.message).toMatch(/applied a different model/);
    expect(result?.error?.details).toEqual({ applied: "Opus 4.8 (1M context)", requested: "haiku" });
  });

  it("C-API-24: a new line naming Haiku succeeds, also when an earlier switch to Haiku is still on screen", () => {
    const first = cursorPaintedOnHaiku();
    applyAndSettle(first, { label: "Haiku 4.5", count: 1 });
    expect(out(first)).toEqual({ opId: "op", ok: true });
    const again = cursorPaintedOnHaiku({ label: "Haiku 4.5", count: 1 });
    applyAndSettle(again, { label: "Haiku 4.5", count: 2 });
    expect(out(again)).toEqual({ opId: "op", ok: true });
  });

  it("C-API-24: a stale Haiku line never makes a wrong apply look right", () => {
    const host = cursorPaintedOnHaiku({ label: "Haiku 4.5", count: 1 });
    applyAndSettle(host, { label: "Sonnet 5", count: 2 });
    expect(out(host)?.error?.details).toEqual({ applied: "Sonnet 5", requested: "haiku" });
  });

  it("C-API-24: the longest label named wins: Sonnet 5 (1M context) is not Sonnet", () => {
    const host = hostChild(modelPickerMachine, { opId: "op", mode: "set", target: "Sonnet", profile: claudeAdapter.picker, facts: composer(), ...TIMING });
    host.answer("written");
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written");
    host.send(frame(pickerOn("Sonnet"))); // on target, no key sent: applied at once
    expect(host.lastWrite().data).toBe("s");
    host.answer("written");
    host.send(frame(composer({ label: "Sonnet 5 (1M context)", count: 1 })));
    host.advance(TIMING.lateMs);
    expect(out(host)?.error?.details).toEqual({ applied: "Sonnet 5 (1M context)", requested: "sonnet" });
  });

  it("C-API-24: no new line (an old one unchanged, or none at all) is not checked", () => {
    const stale = cursorPaintedOnHaiku({ label: "Opus 4.8", count: 1 });
    applyAndSettle(stale, { label: "Opus 4.8", count: 1 });
    expect(out(stale)?.ok).toBe(true);
    const none = cursorPaintedOnHaiku();
    applyAndSettle(none, undefined);
    expect(out(none)?.ok).toBe(true);
  });
});

describe("Claude setModel accepts a line naming the model the target row stands for", () => {
  it("C-API-24: Default whose line names the model it quotes (Opus 4.8 (1M context)) succeeds; the same line for Sonnet fails", () => {
    const rows = (cursor: string): ScreenFacts => ({
      ...pickerOn(cursor),
      modelPicker: {
        stage: "model",
        rows: [
          { ...row("Default", cursor === "Default"), raw: "Default (recommended) ✔  Use the default model (currently Opus 4.8 (1M context))" },
          { ...row("Opus", cursor === "Opus"), raw: "Opus  Opus 4.8 with 1M context" },
          { ...row("Sonnet", cursor === "Sonnet"), raw: "Sonnet  Sonnet 5 · Efficient for routine tasks" },
        ],
        sessionKey: true,
        moreAbove: false,
        moreBelow: false,
        complete: true,
      },
    });
    const setOn = (target: string): HostedChild => {
      const host = hostChild(modelPickerMachine, { opId: "op", mode: "set", target, profile: claudeAdapter.picker, facts: composer(), ...TIMING });
      host.answer("written");
      host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
      host.advance(TIMING.settleMs);
      host.answer("written");
      host.send(frame(rows(target === "default" ? "Default" : "Sonnet"))); // already on the target: applied at once
      expect(host.lastWrite().data).toBe("s");
      host.answer("written");
      host.send(frame(composer({ label: "Opus 4.8 (1M context)", count: 1 })));
      host.advance(TIMING.lateMs);
      return host;
    };
    expect(out(setOn("default"))?.ok).toBe(true);
    expect(out(setOn("sonnet"))?.error?.details).toEqual({ applied: "Opus 4.8 (1M context)", requested: "sonnet" });
  });
});
