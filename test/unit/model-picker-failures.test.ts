// Unit tests: picker failure paths — a deadline while config.snapshot is pending, a list not read to both ends, and a
// typed `/model` left in the composer (review findings 1, 6, 7; C-API-23, C-API-24, C-API-55).

import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ModelPickerRowFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import { modelPickerMachine, type ModelPickerInput } from "../../machines/model-picker.js";
import { CLEAR_DRAFT } from "../../machines/transaction.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

const TIMING = { settleMs: 5, openMs: 200, stepMs: 50, cursorSettleMs: 20, closeMs: 300, cleanupMs: 100, lateMs: 100, holdRetryMs: 5 };
const deadline = { type: "transaction.cancel", error: new ElwoodError("model_automation_failed", "deadline") };
const frame = (facts: ScreenFacts) => ({ type: "frame", seq: 0, facts, oscState: [] });
/** The composer showing the typed `/model` (the picker times its Enter from this paint). */
const TYPED_MODEL: ScreenFacts = { ...EMPTY_FACTS, composer: true, composerText: "/model" };
const composerWith = (text: string): ScreenFacts => ({ ...EMPTY_FACTS, composer: true, composerText: text });
const row = (id: string, selected = false): ModelPickerRowFact => ({ id, label: id, isCurrent: selected, isDefault: false, selected, raw: id });
const codexPage = (ids: string[], sel: string, moreAbove: boolean, moreBelow: boolean): ScreenFacts => ({
  ...EMPTY_FACTS,
  dialog: { kind: "model_picker", blocking: false, ruleIds: ["codex-model_picker-prompt"], options: [], layout: "numbered" },
  modelPicker: { stage: "model", rows: ids.map((id) => row(id, id === sel)), sessionKey: true, moreAbove, moreBelow, complete: true },
});

function start(input: Partial<ModelPickerInput> = {}): HostedChild {
  return hostChild(modelPickerMachine, { opId: "op", mode: "set", target: "gpt-b", profile: codexAdapter.picker, facts: composerWith(""), ...TIMING, ...input });
}
const effects = (host: HostedChild) => host.received.filter((e) => e.type === "effect.request").map((e) => (e as unknown as { effect: { kind: string } }).effect.kind);
const out = (host: HostedChild) => host.output() as { ok: boolean; error?: ElwoodError } | undefined;

describe("a deadline while config.snapshot waits for the lock (finding 1)", () => {
  it("C-API-24: a snapshot taken after the deadline is released through config.finish before done", () => {
    const host = start();
    const snapshot = host.received.at(-1) as unknown as { requestId: string };
    host.send(deadline);
    expect(out(host)).toBeUndefined(); // never done with the effect pending
    host.send({ type: "effect.result", requestId: snapshot.requestId, ok: true });
    expect(effects(host)).toEqual(["config.snapshot", "config.finish"]);
    expect(host.writes()).toEqual([]);
    const finish = host.received.at(-1) as unknown as { requestId: string };
    host.send({ type: "effect.result", requestId: finish.requestId, ok: true });
    expect(out(host)).toMatchObject({ ok: false, error: { message: "deadline" } });
  });

  it("C-API-24: raw input while the lock is awaited also waits, then releases", () => {
    const host = start();
    const snapshot = host.received.at(-1) as unknown as { requestId: string };
    host.send({ type: "submission.rawInput" });
    host.send({ type: "effect.result", requestId: snapshot.requestId, ok: true });
    expect(host.received.at(-1)).toMatchObject({ effect: { kind: "config.finish", takenOver: true } });
  });

  it("C-API-24: a snapshot that failed after the deadline finishes with nothing to release", () => {
    const host = start();
    const snapshot = host.received.at(-1) as unknown as { requestId: string };
    host.send(deadline);
    host.send({ type: "effect.result", requestId: snapshot.requestId, ok: false, error: new ElwoodError("session_not_running", "ended") });
    expect(effects(host)).toEqual(["config.snapshot"]);
    expect(out(host)).toMatchObject({ ok: false, error: { message: "deadline" } });
  });
});

describe("a list not read to both ends fails (finding 6)", () => {
  /** Opens a Codex picker whose first page has rows below; the next page never lands. */
  function stuckOnFirstPage(mode: "list" | "set", target?: string): HostedChild {
    const host = start({ mode, ...(target === undefined ? {} : { target }), profile: codexAdapter.picker });
    if (mode === "set") {
      const snapshot = host.received.at(-1) as unknown as { requestId: string };
      host.send({ type: "effect.result", requestId: snapshot.requestId, ok: true });
    }
    host.answer("written");
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written");
    host.send(frame(codexPage(["gpt-a", "gpt-b"], "gpt-a", false, true)));
    expect(host.lastWrite().data).toBe("\x1b[B\x1b[B"); // page down
    host.answer("written");
    host.advance(TIMING.stepMs); // no new row ever shows
    return host;
  }

  it("C-API-23: listModels whose next page never lands is model_automation_failed, not a partial list", () => {
    const host = stuckOnFirstPage("list");
    expect(host.lastWrite()).toMatchObject({ data: "\x1b", requireDialog: "model_picker" }); // cleanup cancels the picker
    host.answer("written");
    host.send(frame(composerWith("")));
    host.send(frame(composerWith("")));
    const result = out(host);
    expect(result?.ok).toBe(false);
    expect(result?.error?.name).toBe("model_automation_failed");
    expect(result?.error?.details).toMatchObject({ read: ["gpt-a", "gpt-b"], bottomSeen: false });
    expect((host.output() as { result?: unknown }).result).toBeUndefined();
  });

  it("C-API-24: setModel whose target is not among the rows read fails as truncated, not as an unknown id", () => {
    const host = stuckOnFirstPage("set", "gpt-z");
    host.answer("written"); // Escape
    host.send(frame(composerWith("")));
    host.send(frame(composerWith("")));
    const finish = host.received.at(-1) as unknown as { requestId: string };
    host.send({ type: "effect.result", requestId: finish.requestId, ok: true });
    expect(out(host)?.error?.message).toContain("both ends");
  });

  it("C-API-24: setModel whose target was read still applies from a partly read list", () => {
    const host = stuckOnFirstPage("set", "gpt-b");
    expect(host.value()).toEqual({ navigating: "requesting" });
  });
});

describe("a typed `/model` that never ran is cleared (finding 7)", () => {
  /** Claude listModels: `/model` typed, its Enter held by the edge, then the deadline. */
  function enterHeldThenDeadline(): HostedChild {
    const host = start({ mode: "list", profile: claudeAdapter.picker });
    host.answer("written"); // /model
    host.send(frame(composerWith("/model")));
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    expect(host.lastWrite().data).toBe("\r");
    host.answer("held");
    host.send(deadline);
    host.advance(TIMING.cleanupMs); // cleanup watches for a late picker of ours
    return host;
  }

  it("C-API-55: the draft is killed with the clear keys, dialog-guarded, and the failure is reported after", () => {
    const host = enterHeldThenDeadline();
    expect(host.lastWrite()).toMatchObject({ data: CLEAR_DRAFT, guardDialog: true });
    expect(out(host)).toBeUndefined();
    host.answer("written");
    host.send(frame(composerWith("")));
    expect(out(host)).toMatchObject({ ok: false, error: { message: "deadline" } });
    expect(host.writes().filter((w) => w.data === CLEAR_DRAFT)).toHaveLength(1);
  });

  it("C-API-55: nothing is cleared while a dialog is up; the clear goes out once the composer shows the draft", () => {
    const host = start({ mode: "list", profile: claudeAdapter.picker });
    host.answer("written");
    host.send(frame({ ...EMPTY_FACTS, dialog: { kind: "permission", blocking: true, ruleIds: ["p"], options: [], layout: "numbered" } }));
    host.send(deadline);
    host.advance(TIMING.settleMs);
    expect(host.writes().map((w) => w.data)).toEqual(["/model"]);
    host.send(frame(composerWith("/model")));
    expect(host.lastWrite().data).toBe(CLEAR_DRAFT);
  });

  it("C-API-55: the bound ends the wait when the draft never shows (no clear keys into someone else's text)", () => {
    const host = start({ mode: "list", profile: claudeAdapter.picker });
    host.answer("written");
    host.send(deadline);
    host.send(frame(composerWith("user text")));
    host.advance(TIMING.cleanupMs + 5);
    expect(host.writes().map((w) => w.data)).toEqual(["/model"]);
    expect(out(host)?.ok).toBe(false);
  });

  it("C-API-55: a deadline with `/model` still in flight waits for the edge's answer; held means nothing to clear", () => {
    const host = start({ mode: "list", profile: claudeAdapter.picker });
    host.send(deadline);
    expect(out(host)).toBeUndefined();
    host.answer("held");
    expect(out(host)?.ok).toBe(false);
    expect(host.writes().map((w) => w.data)).toEqual(["/model"]);
  });

  it("C-API-55: after raw input the draft is the caller's: no clear keys", () => {
    const host = start({ mode: "list", profile: claudeAdapter.picker });
    host.answer("written");
    host.send(frame(composerWith("/model")));
    host.send({ type: "submission.rawInput" });
    host.advance(TIMING.cleanupMs * 2);
    expect(host.writes().map((w) => w.data)).toEqual(["/model"]);
    expect(out(host)?.ok).toBe(false);
  });
});

describe("a failure after the Codex model-row Enter counts as persisted", () => {
  it("C-API-24: no effort step and no settle within the bound → config.finish is asked to wait for the CLI's late write", () => {
    const host = start();
    const snapshot = host.received.at(-1) as unknown as { requestId: string };
    host.send({ type: "effect.result", requestId: snapshot.requestId, ok: true });
    host.answer("written"); // `/model`
    host.send(frame(TYPED_MODEL)); // the CLI painted `/model`
    host.advance(TIMING.settleMs);
    host.answer("written"); // its Enter
    host.send(frame(codexPage(["gpt-a", "gpt-b"], "gpt-a", false, false)));
    host.answer("written"); // arrow down
    host.send(frame(codexPage(["gpt-a", "gpt-b"], "gpt-b", false, false)));
    host.advance(TIMING.cursorSettleMs); // the cursor settles on the target first
    expect(host.lastWrite()).toMatchObject({ data: "\r", requireDialog: "model_picker" }); // the model-row Enter
    host.answer("written");
    host.advance(TIMING.openMs); // neither the effort step nor the composer ever shows
    for (let i = 0; i < 5 && !effects(host).includes("config.finish"); i += 1) {
      host.answer("written"); // the cleanup Escape (a repeated answer to an answered write is ignored)
      host.advance(TIMING.cleanupMs);
    }
    expect(host.received.filter((e) => e.type === "effect.request").at(-1)).toMatchObject({ effect: { kind: "config.finish", persisted: true } });
  });
});
