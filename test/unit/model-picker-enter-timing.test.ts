// Unit tests: the picker's `/model` Enter goes out only once the CLI painted the typed command, and an Enter the
// CLI took for a newline (Codex's paste-burst heuristic under load) is repaired with Backspace + Enter, bounded (C-API-23, C-API-24, C-API-55).

import { codexAdapter } from "../../adapters/codex/adapter.js";
import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ModelPickerRowFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import { modelPickerMachine, type ModelPickerInput } from "../../machines/model-picker.js";
import { BACKSPACE, CLEAR_DRAFT } from "../../machines/transaction.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

const TIMING = { settleMs: 5, openMs: 200, stepMs: 50, cursorSettleMs: 20, closeMs: 300, cleanupMs: 100, lateMs: 100, holdRetryMs: 5 };
const frame = (facts: ScreenFacts) => ({ type: "frame", seq: 0, facts, oscState: [] });
const composerWith = (text: string, openLine = false): ScreenFacts => ({ ...EMPTY_FACTS, composer: true, composerText: text, ...(openLine ? { composerOpenLine: true } : {}) });
const row = (id: string, selected = false): ModelPickerRowFact => ({ id, label: id, isCurrent: selected, isDefault: false, selected, raw: id });
const picker: ScreenFacts = {
  ...EMPTY_FACTS,
  dialog: { kind: "model_picker", blocking: false, ruleIds: ["codex-model_picker-prompt"], options: [], layout: "numbered" },
  modelPicker: { stage: "model", rows: [row("gpt-a", true), row("gpt-b")], sessionKey: true, moreAbove: false, moreBelow: false, complete: true },
};

function start(input: Partial<ModelPickerInput> = {}): HostedChild {
  return hostChild(modelPickerMachine, { opId: "op", mode: "list", profile: codexAdapter.picker, facts: composerWith(""), ...TIMING, ...input });
}
const data = (host: HostedChild) => host.writes().map((w) => w.data);

/** `/model` written and painted, its Enter written: the machine waits for the picker. */
function entered(host: HostedChild): void {
  host.answer("written");
  host.send(frame(composerWith("/model")));
  host.advance(TIMING.settleMs);
  expect(host.lastWrite().data).toBe("\r");
  host.answer("written");
  expect(host.value()).toBe("awaitingPicker");
}

/** The picker paints: its rows are read, it is cancelled with our scoped Escape, and listModels answers them. */
function readsListAndCancels(host: HostedChild): void {
  host.send(frame(picker));
  expect(host.lastWrite()).toMatchObject({ data: "\x1b", requireDialog: "model_picker" });
  host.answer("written");
  host.send(frame(composerWith("")));
  expect(host.output()).toMatchObject({ ok: true, result: [{ id: "gpt-a" }, { id: "gpt-b" }] });
}

describe("the `/model` Enter is timed from the CLI's paint of the typed command", () => {
  it("C-API-23: no Enter while the CLI has not painted `/model` (an empty composer frame does not count); the settle runs from the paint", () => {
    const host = start();
    host.answer("written");
    host.send(frame(composerWith("")));
    host.advance(TIMING.openMs - 10);
    expect(data(host)).toEqual(["/model"]);
    host.send(frame(composerWith("/model")));
    host.advance(TIMING.settleMs - 1);
    expect(data(host)).toEqual(["/model"]);
    host.advance(1);
    expect(data(host)).toEqual(["/model", "\r"]);
  });

  it("C-API-23: a draft already painted when the write is confirmed starts the settle at once", () => {
    const host = start();
    host.send(frame(composerWith("/model")));
    host.answer("written");
    host.advance(TIMING.settleMs);
    expect(data(host)).toEqual(["/model", "\r"]);
  });

  it("C-API-23: a screen that never shows the draft still gets its Enter at the open bound, as a person would press it", () => {
    const host = start();
    host.answer("written");
    host.advance(TIMING.openMs - 1);
    expect(data(host)).toEqual(["/model"]);
    host.advance(1);
    expect(data(host)).toEqual(["/model", "\r"]);
  });
});

describe("an Enter the CLI took for a newline is repaired", () => {
  it("C-API-23: `/model` plus an empty line → Backspace on the composer, Enter again once the newline is gone; the list is read", () => {
    const host = start();
    entered(host);
    host.send(frame(composerWith("/model", true)));
    expect(host.lastWrite()).toMatchObject({ data: BACKSPACE, guardDialog: true });
    expect(host.lastWrite().requireDialog).toBeUndefined();
    host.answer("written");
    host.send(frame(composerWith("/model", true))); // the Backspace not painted yet: no Enter
    host.advance(TIMING.settleMs * 3);
    expect(data(host)).toEqual(["/model", "\r", BACKSPACE]);
    host.send(frame(composerWith("/model")));
    host.advance(TIMING.settleMs);
    expect(data(host)).toEqual(["/model", "\r", BACKSPACE, "\r"]);
    host.answer("written");
    readsListAndCancels(host);
  });

  it("C-API-55: bounded — after the last repair the open bound fails the call and clears `/model` and its newline (Backspace first: Ctrl+U kills one line)", () => {
    const host = start({ enterRepairs: 2 });
    entered(host);
    for (let n = 0; n < 2; n += 1) {
      host.send(frame(composerWith("/model", true)));
      host.answer("written"); // Backspace
      host.send(frame(composerWith("/model")));
      host.advance(TIMING.settleMs);
      host.answer("written"); // Enter
    }
    host.send(frame(composerWith("/model", true)));
    expect(data(host).filter((d) => d === BACKSPACE)).toHaveLength(2);
    host.advance(TIMING.openMs);
    host.advance(TIMING.cleanupMs);
    expect(host.lastWrite()).toMatchObject({ data: BACKSPACE + CLEAR_DRAFT, guardDialog: true });
    host.answer("written");
    host.send(frame(composerWith("")));
    expect(host.output()).toMatchObject({ ok: false, error: { code: "model_automation_failed", message: "the /model picker did not appear" } });
  });

  it("C-API-55: an empty line under other text is not ours to repair (no Backspace)", () => {
    const host = start();
    entered(host);
    host.send(frame(composerWith("/model x", true)));
    host.send(frame(composerWith("something else", true)));
    expect(data(host)).toEqual(["/model", "\r"]);
  });

  it("C-API-55: the picker never came but `/model` is still the draft at the open bound: the failure clears it", () => {
    const host = start();
    entered(host);
    host.send(frame(composerWith("/model")));
    host.advance(TIMING.openMs + TIMING.cleanupMs);
    expect(host.lastWrite()).toMatchObject({ data: CLEAR_DRAFT, guardDialog: true });
    host.answer("written");
    host.send(frame(composerWith("")));
    expect(host.output()).toMatchObject({ ok: false, error: { code: "model_automation_failed" } });
  });
});

describe("repair-pass and deadline edges (review findings)", () => {
  /** Enter consumed as a newline, Backspace written: the machine is back to waiting for the draft (repair pass). */
  function repairing(host: HostedChild): void {
    entered(host);
    host.send(frame(composerWith("/model", true)));
    host.answer("written"); // Backspace
    expect(host.value()).toBe("settling");
  }

  it("C-API-55: a deadline while the picker is awaited and `/model` is still the draft (a dropped Enter) clears it", () => {
    const host = start();
    entered(host);
    host.send(frame(composerWith("/model")));
    host.send({ type: "transaction.cancel", error: new Error("deadline") });
    host.advance(TIMING.cleanupMs);
    expect(host.lastWrite()).toMatchObject({ data: CLEAR_DRAFT, guardDialog: true });
    host.answer("written");
    host.send(frame(composerWith("")));
    expect(host.output()).toMatchObject({ ok: false, error: { message: "deadline" } });
  });

  it("C-API-23: on a repair pass the picker our earlier Enter opened is read, not failed as a human's", () => {
    const host = start();
    repairing(host);
    readsListAndCancels(host);
  });

  it("C-API-55: on the first pass a picker before our Enter is still a human's: no Escape, fail", () => {
    const host = start();
    host.answer("written");
    host.send(frame(picker));
    host.advance(TIMING.cleanupMs);
    expect(host.output()).toMatchObject({ ok: false, error: { message: "a model picker is already on screen (not opened by Elwood)" } });
    expect(data(host)).toEqual(["/model"]);
  });

  it("C-API-55: a Backspace held by a dialog over the composer gives up at the open bound instead of retrying until the deadline", () => {
    const host = start();
    entered(host);
    host.send(frame(composerWith("/model", true)));
    for (let t = 0; t < TIMING.openMs; t += TIMING.holdRetryMs) {
      if (host.received.at(-1)?.type === "io.write") host.answer("held");
      host.advance(TIMING.holdRetryMs);
    }
    host.advance(TIMING.cleanupMs * 3);
    expect(host.output()).toMatchObject({ ok: false, error: { message: "the /model picker did not appear" } });
  });
});
