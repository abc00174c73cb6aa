// Unit regression: the picker machine against a wrap-around, 8-row-window Codex list (0.171): paints per write, per key,
// or split over PTY reads (a half page first) (C-API-23, C-API-24).

import { codexAdapter } from "../../adapters/codex/adapter.js";
import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type ModelPickerRowFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { IoWriteRequest } from "../../src/contracts/events.js";
import { modelPickerMachine, type ModelPickerInput } from "../../machines/model-picker.js";
import type { EffectRequestEvent, TransactionOutput } from "../../machines/transaction.js";
import { hostChild } from "../support/machine-host.js";

/** The 0.171.0 catalog order (v171 captures): eleven rows, eight visible at a time. */
const IDS = ["gpt-6.2-sol", "gpt-6.2-astra", "gpt-6.1-terra", "gpt-6.1-sol", "gpt-6-astra", "gpt-6-sol", "gpt-6-luna", "gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-5.5"];
const WINDOW = 8;
const EFFORTS = ["low", "medium", "high"];

/** Facts-level stand-in for the Codex picker: the cursor wraps at both ends (measured on both versions). */
class FakeCodexPicker {
  stage: "closed" | "model" | "effort" = "closed";
  sel: number;
  top = 0;
  effortSel = 1;
  typed = "";
  wrapped = 0;
  applied: { id: string; effort: string; key: string } | null = null;
  readonly keys: string[] = [];

  constructor(private readonly current: number) {
    this.sel = current;
  }

  private reveal(): void {
    if (this.sel < this.top) this.top = this.sel;
    if (this.sel >= this.top + WINDOW) this.top = this.sel - WINDOW + 1;
  }

  /** Applies one key; returns whether the screen changed. */
  key(k: string): void {
    this.keys.push(k);
    if (this.stage === "closed") {
      if (k === "\r" && this.typed === "/model") {
        this.stage = "model";
        this.typed = "";
        this.sel = this.current;
        this.top = 0;
        this.reveal();
      } else this.typed += k;
      return;
    }
    if (this.stage === "model") {
      if (k === "down" || k === "up") {
        const next = this.sel + (k === "down" ? 1 : -1);
        if (next < 0 || next >= IDS.length) this.wrapped += 1;
        this.sel = (next + IDS.length) % IDS.length;
        this.reveal();
      } else if (k === "\r") this.stage = "effort";
      else if (k === "\x1b") this.stage = "closed";
      return;
    }
    if (k === "down" || k === "up") this.effortSel = (this.effortSel + (k === "down" ? 1 : EFFORTS.length - 1)) % EFFORTS.length;
    else if (k === "\x1b") this.stage = "model";
    else if (k === "s" || k === "\r") {
      this.applied = { id: IDS[this.sel] ?? "", effort: EFFORTS[this.effortSel] ?? "", key: k };
      this.stage = "closed";
    }
  }

  /**
   * The same screen with the CLI's paint split over PTY reads: the top rows of the window, no `↓` and no footer yet
   * (Codex 0.171.0 under load); the last row's label cut short.
   */
  partialFacts(): ScreenFacts {
    const whole = this.facts();
    const fact = whole.modelPicker;
    if (fact === undefined) return whole;
    const rows = fact.rows.slice(0, -1).map((r, k, all) => (k === all.length - 1 ? { ...r, id: r.id.slice(0, 4), label: r.label.slice(0, 4) } : r));
    return { ...whole, modelPicker: { ...fact, rows, sessionKey: false, moreBelow: false, complete: false } };
  }

  facts(): ScreenFacts {
    if (this.stage === "closed") return { ...EMPTY_FACTS, composer: true, composerText: this.typed };
    const dialog = { kind: "model_picker" as const, blocking: false, ruleIds: ["codex-model_picker-prompt"], options: [], layout: "numbered" as const };
    const row = (id: string, selected: boolean, over: Partial<ModelPickerRowFact> = {}): ModelPickerRowFact => ({ id, label: id, isCurrent: false, isDefault: false, selected, raw: id, ...over });
    if (this.stage === "effort") {
      const rows = EFFORTS.map((id, k) => row(id, k === this.effortSel, { isDefault: k === 0 }));
      return { ...EMPTY_FACTS, dialog, modelPicker: { stage: "effort", rows, sessionKey: true, moreAbove: false, moreBelow: false, complete: true } };
    }
    const rows = IDS.slice(this.top, this.top + WINDOW).map((id, j) => row(id, this.top + j === this.sel, { isCurrent: this.top + j === this.current }));
    return { ...EMPTY_FACTS, dialog, modelPicker: { stage: "model", rows, sessionKey: false, moreAbove: this.top > 0, moreBelow: this.top + WINDOW < IDS.length, complete: true } };
  }
}

/** Splits one PTY write into the keys the fake understands. */
function keysOf(data: string): string[] {
  if (data === "/model") return ["/model"];
  const out: string[] = [];
  for (let rest = data; rest.length > 0; ) {
    if (rest.startsWith("\x1b[B")) { out.push("down"); rest = rest.slice(3); }
    else if (rest.startsWith("\x1b[A")) { out.push("up"); rest = rest.slice(3); }
    else { out.push(rest[0] ?? ""); rest = rest.slice(1); }
  }
  return out;
}

interface Run {
  readonly output: TransactionOutput;
  readonly fake: FakeCodexPicker;
  /** Simulated milliseconds the run took: no page may wait out the 200 ms step bound. */
  readonly elapsed: number;
}

/**
 * Drives the machine against the fake: every write is answered, then the screen is painted once per write, or
 * once per key (`paintEveryKey`: a CLI that renders between the keys of one write, which the machine must not
 * mistake for the page having landed).
 */
type Paint = "per write" | "per key" | "split per write";

function drive(input: Omit<ModelPickerInput, "opId" | "profile" | "facts">, current: number, paintMode: Paint): Run {
  const paintEveryKey = paintMode === "per key";
  const fake = new FakeCodexPicker(current);
  const host = hostChild(modelPickerMachine, {
    opId: "op",
    profile: codexAdapter.picker,
    facts: fake.facts(),
    settleMs: 3,
    openMs: 400,
    stepMs: 200,
    cursorSettleMs: 3,
    closeMs: 400,
    cleanupMs: 50,
    holdRetryMs: 2,
    ...input,
  } satisfies ModelPickerInput);
  let seq = 0;
  let handled = 0;
  let elapsed = 0;
  const paint = () => {
    if (paintMode === "split per write") host.send({ type: "frame", seq: ++seq, facts: fake.partialFacts(), oscState: [] });
    host.send({ type: "frame", seq: ++seq, facts: fake.facts(), oscState: [] });
  };
  for (let tick = 0; tick < 20_000 && host.output() === undefined; tick += 1) {
    const next = host.received[handled];
    if (next === undefined) {
      host.advance(1);
      elapsed += 1;
      continue;
    }
    handled += 1;
    if (next.type === "effect.request") {
      host.send({ type: "effect.result", requestId: (next as EffectRequestEvent).requestId, ok: true });
    } else if (next.type === "io.write") {
      const write = next as IoWriteRequest;
      host.send({ type: "io.written", requestId: write.requestId });
      for (const k of keysOf(write.data)) {
        fake.key(k);
        if (paintEveryKey) paint();
      }
      if (!paintEveryKey) paint();
    }
  }
  const output = host.output() as TransactionOutput | undefined;
  host.stop();
  if (output === undefined) throw new Error("the picker machine did not finish");
  return { output, fake, elapsed };
}

describe.each<Paint>(["per write", "per key", "split per write"])("Codex scrolled picker (paints: %s)", (paintEveryKey) => {
  it("C-API-23: listModels collects all eleven rows in list order without wrapping the cursor", () => {
    const { output, fake, elapsed } = drive({ mode: "list" }, 0, paintEveryKey);
    expect(output.ok).toBe(true);
    expect(elapsed).toBeLessThan(200);
    expect((output.result as { id: string }[]).map((r) => r.id)).toEqual(IDS);
    expect(fake.wrapped).toBe(0);
    expect(fake.stage).toBe("closed");
  });

  it.each([
    ["the last row (↑ only)", 10],
    ["a middle row (↑ and ↓)", 9],
  ])("C-API-23: a picker opened scrolled to its current model, %s, collects the rows on both sides", (_where, current) => {
    const { output, fake, elapsed } = drive({ mode: "list" }, current, paintEveryKey);
    expect(output.ok).toBe(true);
    expect(elapsed).toBeLessThan(200);
    const rows = output.result as { id: string; isCurrent: boolean }[];
    expect(rows.map((r) => r.id)).toEqual(IDS);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual([IDS[current]]);
    expect(fake.wrapped).toBe(0);
  });

  it("C-API-24: setModel from a middle-opened window reaches the first row", () => {
    const { output, fake } = drive({ mode: "set", target: "gpt-6.2-sol" }, 9, paintEveryKey);
    expect(output.ok).toBe(true);
    expect(fake.applied?.id).toBe("gpt-6.2-sol");
    expect(fake.wrapped).toBe(0);
  });

  it.each(["gpt-5.5", "gpt-6.2-astra", "gpt-5.6-terra"])("C-API-24: setModel(%s) across pages lands on the row and applies with `s`", (target) => {
    const { output, fake, elapsed } = drive({ mode: "set", target }, 0, paintEveryKey);
    expect(output.ok).toBe(true);
    expect(elapsed).toBeLessThan(200);
    expect(fake.applied).toEqual({ id: target, effort: "low", key: "s" });
    expect(fake.wrapped).toBe(0);
    expect(fake.keys.filter((k) => /^[0-9]$/.test(k))).toEqual([]);
  });

  it("C-API-24: an id beyond the last page is unknown, listing all eleven ids", () => {
    const { output, fake } = drive({ mode: "set", target: "gpt-9" }, 0, paintEveryKey);
    expect(output.ok).toBe(false);
    expect(output.error?.details).toEqual({ available: IDS });
    expect(fake.applied).toBeNull();
    expect(fake.stage).toBe("closed");
  });
});
