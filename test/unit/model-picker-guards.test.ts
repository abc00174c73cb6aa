// Unit tests: the picker machine's guards — a late cache warning keeps the slot, a picker seen before our Enter is a
// human's, and cleanup cancels a late picker within its bound without ending on one clear frame (C-API-55, C-ATTN-04).

import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ModelPickerRowFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import { CLEANUP_CLEAR_FRAMES, modelPickerMachine, type ModelPickerInput } from "../../machines/model-picker.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

const TIMING = { settleMs: 5, openMs: 200, stepMs: 50, cursorSettleMs: 20, closeMs: 300, cleanupMs: 100, lateMs: 100, holdRetryMs: 5 };

const row = (id: string, selected = false): ModelPickerRowFact => ({ id, label: id, isCurrent: id === "default", isDefault: id === "default", selected, raw: id });
const pickerAt = (sel: string): ScreenFacts => ({
  ...EMPTY_FACTS,
  dialog: { kind: "model_picker", blocking: false, ruleIds: ["claude-model_picker-prompt"], options: [], layout: "numbered" },
  modelPicker: { stage: "model", rows: ["default", "opus", "sonnet"].map((id) => row(id, id === sel)), sessionKey: true, moreAbove: false, moreBelow: false, complete: true },
});
const switchWarning = (standardCopy: boolean, complete = true): ScreenFacts => ({
  ...EMPTY_FACTS,
  dialog: { kind: "model_switch_confirm", blocking: true, ruleIds: ["claude-model_switch_confirm-prompt"], options: [], layout: complete ? "numbered" : "none" },
  modelSwitch: { standardCopy, affirmative: standardCopy && complete ? 0 : -1, selected: complete ? 0 : -1 },
});
const composer: ScreenFacts = { ...EMPTY_FACTS, composer: true };
const blank: ScreenFacts = EMPTY_FACTS;

const frame = (facts: ScreenFacts) => ({ type: "frame", seq: 0, facts, oscState: [] });
/** The composer showing the typed `/model` (the picker times its Enter from this paint). */
const TYPED_MODEL: ScreenFacts = { ...EMPTY_FACTS, composer: true, composerText: "/model" };

function start(input: Partial<ModelPickerInput> = {}): HostedChild {
  return hostChild(modelPickerMachine, { opId: "op", mode: "set", target: "sonnet", profile: claudeAdapter.picker, facts: composer, ...TIMING, ...input });
}

/** Drives a Claude setModel up to the written session-only `s`. */
function toAfterApply(host: HostedChild): void {
  host.answer("written"); // /model
  host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
  host.advance(TIMING.settleMs);
  host.answer("written"); // Enter
  host.send(frame(pickerAt("default")));
  host.answer("written"); // arrows
  host.send(frame(pickerAt("sonnet")));
  host.advance(TIMING.cursorSettleMs); // the cursor settles on the target before the apply key
  expect(host.lastWrite().data).toBe("s");
  host.answer("written");
  expect(host.value()).toBe("afterApply");
}

const escapes = (host: HostedChild) => host.writes().filter((w) => w.data === "\x1b");

describe("setModel after apply: a late follow-up keeps the slot", () => {
  it("C-ATTN-04: a standard cache warning painted after a composer frame is confirmed", () => {
    const host = start();
    toAfterApply(host);
    host.send(frame(composer));
    expect(host.value()).toBe("lingering");
    host.advance(TIMING.lateMs / 2);
    host.send(frame(switchWarning(true, false))); // the partial shell first: held, never written to
    expect(host.value()).toBe("afterApply");
    host.send(frame(switchWarning(true)));
    expect(host.lastWrite()).toMatchObject({ data: "\r", requireDialog: "model_switch_confirm", guardDialog: false });
    host.answer("written");
    host.send(frame(composer)); // the confirmed warning has no further follow-up
    expect(host.output()).toEqual({ opId: "op", ok: true });
  });

  it("C-API-24: with no follow-up it resolves at the bound, not on the first composer frame", () => {
    const host = start();
    toAfterApply(host);
    host.send(frame(composer));
    host.advance(TIMING.lateMs - 5);
    expect(host.output()).toBeUndefined();
    host.advance(10);
    expect(host.output()).toEqual({ opId: "op", ok: true });
  });

  it("C-ATTN-04: a late hook confirmation is left for the human (no key, waits in afterApply)", () => {
    const host = start();
    toAfterApply(host);
    host.send(frame(composer));
    const before = host.writes().length;
    host.send(frame(switchWarning(false)));
    expect(host.value()).toBe("afterApply");
    host.advance(TIMING.closeMs * 3);
    expect(host.value()).toBe("afterApply");
    expect(host.writes().length).toBe(before);
  });
});

describe("revalidation before our Enter", () => {
  it.each([["typing"], ["settling"], ["entering"]] as const)("C-API-55: a picker seen while %s is a human's: fail, write nothing more", (stage) => {
    const host = start();
    if (stage !== "typing") host.answer("written");
    if (stage === "entering") {
      host.send(frame(TYPED_MODEL));
      host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
      host.advance(TIMING.settleMs);
    }
    expect(JSON.stringify(host.value())).toContain(stage);
    const before = host.writes().length;
    host.send(frame(pickerAt("default")));
    // Once `/model` was typed the machine waits (bounded) for a clearable composer; the human's picker never is one.
    if (stage !== "typing") host.advance(TIMING.cleanupMs);
    const out = host.output() as { ok: boolean; error?: ElwoodError };
    expect(out.ok).toBe(false);
    expect(out.error?.name).toBe("model_automation_failed");
    host.advance(1000);
    expect(host.writes().length).toBe(before);
  });

  it("C-API-55: Codex — a human's picker seen before our Enter still releases the config lock (restore runs, nothing typed)", () => {
    const host = start({ profile: codexAdapter.picker, target: "gpt-b" });
    const snapshot = host.received.at(-1) as { type: string; requestId: string };
    expect(snapshot.type).toBe("effect.request");
    host.send({ type: "effect.result", requestId: snapshot.requestId, ok: true });
    expect(host.lastWrite().data).toBe("/model");
    host.send(frame(pickerAt("default")));
    expect(host.value()).toBe("restoring");
    expect(host.received.at(-1)).toMatchObject({ type: "effect.request", effect: { kind: "config.finish", persisted: false } });
    expect(host.writes().map((w) => w.data)).toEqual(["/model"]);
  });
});

describe("cleanup", () => {
  it("C-API-55: a /model picker painting after the open bound is cancelled with our own Escape", () => {
    const host = start({ mode: "list" });
    host.answer("written");
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written");
    host.send(frame(composer)); // the CLI took the Enter: the draft is gone
    host.advance(TIMING.openMs);
    expect(host.value()).toEqual({ cleanup: "watching" });
    host.send(frame(composer)); // no dialog seen yet: a clear frame does not end the bounded wait
    host.send(frame(composer));
    expect(host.value()).toEqual({ cleanup: "watching" });
    host.send(frame(pickerAt("default")));
    const escape = host.lastWrite();
    expect(escape).toMatchObject({ data: "\x1b", ownModelDialog: true });
    host.answer("written");
    // Repaints are briefly unrecognizable: one clear frame is not enough, a short streak is.
    host.send(frame(composer));
    host.send(frame(blank));
    host.send(frame(composer));
    expect(host.output()).toBeUndefined();
    for (let n = 1; n < CLEANUP_CLEAR_FRAMES; n += 1) host.send(frame(composer));
    expect((host.output() as { ok: boolean }).ok).toBe(false);
    expect(escapes(host).length).toBe(1);
  });

  it("C-API-55: with no late picker the slot is released at the bound", () => {
    const host = start({ mode: "list" });
    host.answer("written");
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written");
    host.send(frame(composer)); // the CLI took the Enter: the draft is gone
    host.advance(TIMING.openMs);
    host.advance(TIMING.cleanupMs - 5);
    expect(host.output()).toBeUndefined();
    host.advance(10);
    expect((host.output() as { ok: boolean }).ok).toBe(false);
    expect(escapes(host)).toEqual([]);
  });

  it("C-API-55: a deadline before our Enter ran releases at once, with no Escape", () => {
    const host = start({ mode: "list" });
    host.answer("held");
    host.send({ type: "transaction.cancel", error: new ElwoodError("model_automation_failed", "deadline") });
    expect((host.output() as { ok: boolean }).ok).toBe(false);
    expect(escapes(host)).toEqual([]);
  });

  it("C-API-55: only the cancel Escape carries the own-dialog flag", () => {
    const host = start({ mode: "list" });
    host.answer("written");
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written");
    host.send(frame(pickerAt("default")));
    host.answer("written"); // listModels' Escape
    const flagged = host.writes().filter((w) => w.ownModelDialog === true).map((w) => w.data);
    expect(flagged).toEqual(["\x1b"]);
  });
});

describe("keys addressed to the picker require it live (review finding 3)", () => {
  const codexPicker = (sel: string): ScreenFacts => ({
    ...EMPTY_FACTS,
    dialog: { kind: "model_picker", blocking: false, ruleIds: ["codex-model_picker-prompt"], options: [], layout: "numbered" },
    modelPicker: { stage: "model", rows: ["gpt-a", "gpt-b"].map((id) => ({ ...row(id, id === sel), isCurrent: id === "gpt-a", isDefault: false })), sessionKey: false, moreAbove: false, moreBelow: false, complete: true },
  });

  /** Codex setModel up to the requested model-row Enter (snapshot taken, cursor on the target). */
  function toModelRowEnter(): HostedChild {
    const host = start({ profile: codexAdapter.picker, target: "gpt-b" });
    const snapshot = host.received.at(-1) as unknown as { requestId: string };
    host.send({ type: "effect.result", requestId: snapshot.requestId, ok: true });
    host.answer("written"); // /model
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written"); // its Enter
    host.send(frame(codexPicker("gpt-a")));
    host.answer("written"); // arrow
    host.send(frame(codexPicker("gpt-b")));
    host.advance(TIMING.cursorSettleMs); // the cursor settles on the target before the apply key
    return host;
  }

  it("C-API-55: the Codex model-row Enter is scoped to the picker and stays unwritten while the edge holds it", () => {
    const host = toModelRowEnter();
    const enter = host.lastWrite();
    expect(enter).toMatchObject({ data: "\r", requireDialog: "model_picker" });
    const before = host.writes().length;
    // The picker closed while the edge waited: the edge holds (not_required_dialog); the machine only re-asks, scoped.
    host.send(frame(composer));
    for (let n = 0; n < 5; n += 1) {
      host.answer("held");
      host.advance(TIMING.holdRetryMs);
      expect(host.lastWrite()).toMatchObject({ data: "\r", requireDialog: "model_picker" });
    }
    expect(host.value()).toEqual({ choosingModelRow: "requesting" });
    expect(host.writes().length).toBe(before + 5);
    // The deadline: nothing unscoped is written on the way out, and the config lock is still released.
    host.answer("held");
    host.send({ type: "transaction.cancel", error: new ElwoodError("model_automation_failed", "deadline") });
    host.advance(TIMING.cleanupMs + 5);
    expect(host.received.at(-1)).toMatchObject({ type: "effect.request", effect: { kind: "config.finish" } });
    const pickerKeys = host.writes().slice(2);
    for (const w of pickerKeys) expect(w.requireDialog, JSON.stringify(w.data)).toBe("model_picker");
  });

  it("C-API-55: the cancel Escape is scoped to our dialog on both CLIs (never a bare Escape into a turn)", () => {
    const claude = start({ mode: "list" });
    claude.answer("written");
    claude.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    claude.advance(TIMING.settleMs);
    claude.answer("written");
    claude.send(frame(pickerAt("default")));
    expect(claude.lastWrite()).toMatchObject({ data: "\x1b", requireDialog: "model_picker" });

    const codex = toModelRowEnter();
    codex.send({ type: "transaction.cancel", error: new ElwoodError("model_automation_failed", "deadline") });
    expect(codex.lastWrite()).toMatchObject({ data: "\x1b", requireDialog: "model_picker" });
    // A held cleanup Escape (the picker went away) is bounded: the slot is released at the cleanup bound.
    codex.answer("held");
    codex.advance(TIMING.cleanupMs + 5);
    expect(codex.value()).toBe("restoring");
  });
});
