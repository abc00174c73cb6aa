// Model-based test: xstate/graph paths through the /model picker machine replayed on a live actor (C-API-23, C-API-24, C-ATTN-04, C-CODEX-14).

import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { qwenAdapter } from "../../adapters/qwen/adapter.js";
import { describe, expect, it } from "vitest";
import { getShortestPaths } from "xstate/graph";
import type { EventObject } from "xstate";
import { EMPTY_FACTS, type ModelPickerRowFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { IoWriteRequest } from "../../src/contracts/events.js";
import { modelPickerMachine, type ModelPickerInput } from "../../machines/model-picker.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { modelEvents, modelSerializer, replayPath, type CannedFrame, type TransactionModel } from "../support/transaction-model.js";
import { recordModelCoverage } from "../support/model-coverage.js";
import { edgePaths } from "../support/edge-paths.js";
import { STUBS, transactionQueueModel, transactionTraversal } from "../support/control-queue-model.js";
import { controlQueueMachine } from "../../machines/control-queue.js";
import { hostChild } from "../support/machine-host.js";

recordModelCoverage(import.meta.url);

const TIMING = { settleMs: 3, openMs: 50, stepMs: 20, cursorSettleMs: 5, closeMs: 40, cleanupMs: 10, lateMs: 15, holdRetryMs: 2, enterRepairs: 1 };
const DELAYS = { settle: 3, open: 50, step: 20, cursorSettle: 5, close: 40, cleanup: 10, late: 15, holdRetry: 2 };

const row = (id: string, over: Partial<ModelPickerRowFact> = {}): ModelPickerRowFact => ({
  id, label: id, isCurrent: false, isDefault: false, selected: false, raw: id, ...over,
});
const pickerFacts = (stage: "model" | "effort", rows: ModelPickerRowFact[], sessionKey: boolean, more: { moreAbove?: boolean; moreBelow?: boolean; complete?: boolean } = {}): ScreenFacts => ({
  ...EMPTY_FACTS,
  dialog: { kind: "model_picker", blocking: false, ruleIds: ["picker"], options: [], layout: "numbered" },
  modelPicker: { stage, rows, sessionKey, moreAbove: more.moreAbove ?? false, moreBelow: more.moreBelow ?? false, complete: more.complete ?? true },
});
const switchFacts = (standardCopy: boolean, selected: number): ScreenFacts => ({
  ...EMPTY_FACTS,
  dialog: { kind: "model_switch_confirm", blocking: true, ruleIds: ["switch"], options: [], layout: "numbered" },
  modelSwitch: { standardCopy, affirmative: standardCopy ? 0 : -1, selected },
});
const composer: ScreenFacts = { ...EMPTY_FACTS, composer: true };

/** The typed `/model` on the composer (painted before its Enter, or left there when the picker never opened). */
const draft: CannedFrame = { name: "draft", facts: { ...composer, composerText: "/model" } };
const CLAUDE_FRAMES: readonly CannedFrame[] = [
  { name: "composer", facts: composer },
  draft,
  { name: "pickerAtDefault", facts: pickerFacts("model", [row("default", { isCurrent: true, isDefault: true, selected: true }), row("opus"), row("sonnet")], true) },
  { name: "pickerAtSonnet", facts: pickerFacts("model", [row("default", { isCurrent: true, isDefault: true }), row("opus"), row("sonnet", { selected: true })], true) },
  { name: "switchOnNo", facts: switchFacts(true, 1) },
  { name: "switchOnYes", facts: switchFacts(true, 0) },
  { name: "hookConfirm", facts: switchFacts(false, 0) },
];
/** A set also sees the CLI's `Set model to …` line: naming the requested row, or another one (the apply hit a stale row). */
const CLAUDE_SET_FRAMES: readonly CannedFrame[] = [
  ...CLAUDE_FRAMES,
  { name: "composerSetSonnet", facts: { ...composer, modelNotice: { label: "Sonnet 5", count: 1 } } },
  { name: "composerSetOpus", facts: { ...composer, modelNotice: { label: "Opus 4.8", count: 1 } } },
];
/** The listing also reads a long list, and sees the typed `/model` left in the composer. */
const CLAUDE_LIST_FRAMES: readonly CannedFrame[] = [
  ...CLAUDE_FRAMES,
  // A long list: the first page has rows below it, the next page (cursor on a new row) rows above it.
  { name: "firstPage", facts: pickerFacts("model", [row("default", { isCurrent: true, isDefault: true, selected: true }), row("opus")], true, { moreBelow: true }) },
  { name: "nextPage", facts: pickerFacts("model", [row("opus"), row("sonnet", { selected: true })], true, { moreAbove: true }) },
  // A paint split over PTY reads: the first page's rows without the `↓` and footer below them yet.
  { name: "firstPagePartial", facts: pickerFacts("model", [row("default", { isCurrent: true, isDefault: true, selected: true })], true, { complete: false }) },
];
const CODEX_FRAMES: readonly CannedFrame[] = [
  { name: "composer", facts: composer },
  draft,
  // Our Enter taken for a newline after `/model` (Codex's paste-burst heuristic).
  { name: "openLine", facts: { ...composer, composerText: "/model", composerOpenLine: true } },
  { name: "models", facts: pickerFacts("model", [row("gpt-a", { isCurrent: true, selected: true }), row("gpt-b")], false) },
  { name: "modelsOnB", facts: pickerFacts("model", [row("gpt-a", { isCurrent: true }), row("gpt-b", { selected: true })], false) },
  // The list painted in pieces (rows before their footer): never read, and on a repair pass waited for.
  { name: "modelsPartial", facts: pickerFacts("model", [row("gpt-a", { isCurrent: true, selected: true })], false, { complete: false }) },
  { name: "effortLegacy", facts: pickerFacts("effort", [row("low", { isDefault: true }), row("medium", { isCurrent: true, selected: true })], false) },
  { name: "effortOnDefault", facts: pickerFacts("effort", [row("low", { isDefault: true, selected: true }), row("medium", { isCurrent: true })], false) },
];
/**
 * Qwen (0.24.4): no row is marked current; the dialog opens with its cursor on the current model. Here it opens on
 * m-b, then the cursor moves to m-a (a human's key or a repaint); painted in pieces once (rows before the footer).
 */
const QWEN_FRAMES: readonly CannedFrame[] = [
  { name: "composer", facts: composer },
  draft,
  { name: "openOnB", facts: pickerFacts("model", [row("m-a"), row("m-b", { selected: true })], false) },
  { name: "cursorOnA", facts: pickerFacts("model", [row("m-a", { selected: true }), row("m-b")], false) },
  { name: "openPartial", facts: pickerFacts("model", [row("m-a"), row("m-b", { selected: true })], false, { complete: false }) },
];

const extra = () => [
  { type: "transaction.cancel", error: new ElwoodError("model_automation_failed", "deadline") },
  { type: "submission.rawInput" },
];
const KEYS = ["navTarget", "persisted", "snapshotted", "takenOver", "escaped", "navAttempts", "scrollPages", "opened", "clearFrames", "repairedEnters"];
const LIST_KEYS = [...KEYS, "topSeen", "bottomSeen"];

interface Config {
  readonly name: string;
  readonly input: ModelPickerInput;
  readonly model: TransactionModel;
}
const CONFIGS: readonly Config[] = [
  { name: "claude listModels", input: { opId: "op", mode: "list", profile: claudeAdapter.picker, facts: composer, ...TIMING }, model: { frames: CLAUDE_LIST_FRAMES, keyFields: LIST_KEYS, delays: DELAYS, extra } },
  { name: "claude setModel sonnet", input: { opId: "op", mode: "set", target: "Sonnet", profile: claudeAdapter.picker, facts: composer, ...TIMING }, model: { frames: CLAUDE_SET_FRAMES, keyFields: KEYS, delays: DELAYS, extra } },
  { name: "codex setModel gpt-b", input: { opId: "op", mode: "set", target: "gpt-b", profile: codexAdapter.picker, facts: composer, ...TIMING }, model: { frames: CODEX_FRAMES, keyFields: KEYS, delays: DELAYS, extra } },
  { name: "qwen listModels", input: { opId: "op", mode: "list", profile: qwenAdapter.picker, facts: composer, ...TIMING }, model: { frames: QWEN_FRAMES, keyFields: LIST_KEYS, delays: DELAYS, extra } },
];

/**
 * Where the CLI marks no current row but opens on it (Qwen): a listing that succeeds marks exactly one row current,
 * the cursor's row in the first whole picker frame the path showed — never where the cursor moved later.
 */
function checkOpenCursorCurrent(config: Config, steps: ReadonlyArray<{ event: EventObject }>, out: { ok: boolean; result?: unknown } | undefined): void {
  if (!config.input.profile.cursorOpensOnCurrent || out?.ok !== true || !Array.isArray(out.result)) return;
  const firstWhole = steps
    .map((s) => (s.event.type === "frame" ? (s.event as unknown as { facts: ScreenFacts }).facts.modelPicker : undefined))
    .find((p) => p !== undefined && p.complete && p.stage === "model");
  const opened = firstWhole?.rows.find((r) => r.selected)?.id;
  expect(opened, "a listing read a whole picker").toBeDefined();
  const current = (out.result as ReadonlyArray<{ id: string; isCurrent: boolean; isDefault: boolean }>).filter((r) => r.isCurrent);
  expect(current.map((r) => r.id)).toEqual([opened]);
  expect(current.every((r) => r.isDefault), "the current row is the default where the CLI marks none").toBe(true);
}

/** Path invariants: never a number key, Claude never applies with Enter inside the picker. */
function checkInvariants(config: Config, steps: ReadonlyArray<{ event: EventObject }>, received: readonly EventObject[], written: ReadonlySet<string>): void {
  // A held request wrote nothing (it is re-requested): only what the edge wrote reached the terminal.
  const writes = received.filter((e): e is IoWriteRequest => e.type === "io.write" && written.has((e as IoWriteRequest).requestId));
  for (const w of writes) expect(w.data, "number keys save a default").not.toMatch(/^[0-9]$/);
  if (config.input.profile === claudeAdapter.picker) {
    const enters = writes.filter((w) => w.data === "\r");
    const inPicker = enters.filter((w) => w.requireDialog !== "model_switch_confirm");
    // Only the Enter that runs the typed `/model` may be unscoped; it is requested before any picker key.
    expect(inPicker.length).toBeLessThanOrEqual(1);
    if (inPicker[0]) expect(writes.indexOf(inPicker[0])).toBeLessThanOrEqual(1);
  }
  expect(steps.length).toBeGreaterThan(0);
}

/**
 * Config-lock invariant (review finding 1/4): every ok config.snapshot answer is followed by a config.finish
 * request, and the machine never reaches done while the snapshot is still unanswered.
 */
function checkConfigLock(steps: ReadonlyArray<{ event: EventObject; state: { value: unknown } }>, received: readonly EventObject[], done: boolean): void {
  const kinds = received.filter((e) => e.type === "effect.request").map((e) => (e as unknown as { effect: { kind: string } }).effect.kind);
  const waiting = new Set(['"snapshotting"', '"snapshotAbandoned"']);
  let taken = false;
  let answered = false;
  for (const [i, step] of steps.entries()) {
    const before = i === 0 ? undefined : JSON.stringify(steps[i - 1]?.state.value);
    if (step.event.type !== "effect.result" || before === undefined || !waiting.has(before)) continue;
    answered = true;
    if ((step.event as unknown as { ok: boolean }).ok) taken = true;
  }
  if (taken && done) expect(kinds, "an ok snapshot is always finished before done").toContain("config.finish");
  if (done && kinds.includes("config.snapshot")) expect(answered, "done with config.snapshot pending").toBe(true);
  expect(kinds.filter((k) => k === "config.finish").length).toBeLessThanOrEqual(1);
}

describe("model picker model (xstate/graph)", () => {
  for (const config of CONFIGS) {
    const logic = modelPickerMachine.provide({ actions: { toParent: () => {} } });
    const options = { input: config.input, events: modelEvents(config.model) as never, serializeState: modelSerializer(config.model) as never };
    // Shortest paths to every state; for the listing, plus one path per remaining state step (held retries, repeated
    // cancels). The set configurations' step walks run to 8 000–17 000 replays, too many for a shared 2-core runner:
    // they add one path per graph transition the shortest paths never select instead.
    const paths = edgePaths(logic, options, "transition");

    it(`${config.name}: reaches its key states`, () => {
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      const expected = config.input.mode === "list" ? ['"done"', '"closing"', '{"cleanup":"watching"}'] : ['"done"', '"afterApply"', '{"cleanup":"watching"}'];
      if (config.input.profile === codexAdapter.picker) expected.push('"restoring"', '"awaitingEffort"', '"snapshotAbandoned"');
      if (config.input.mode === "set" || config.input.profile === claudeAdapter.picker) expected.push('{"clearingDraft":"waiting"}', '"typingAbandoned"');
      if (config.input.profile === claudeAdapter.picker && config.input.mode === "set") expected.push('"afterConfirm"', '"awaitingConfirmCursor"', '"lingering"');
      for (const value of expected) expect(reached, value).toContain(value);
    });

    // Thousands of replays are CPU-bound: a loaded 2-core runner needs more than the 30 s default.
    it(`C-API-23 C-API-24 C-ATTN-04 ${config.name}: replays ${paths.length} paths on a live actor`, () => {
      expect(paths.length).toBeGreaterThan(20);
      for (const path of paths) {
        const host = replayPath(modelPickerMachine, config.input, config.model, path.steps);
        checkInvariants(config, path.steps, host.received, host.writtenIds);
        checkConfigLock(path.steps, host.received, host.output() !== undefined);
        // Writes after a raw-input takeover: none.
        const rawIndex = path.steps.findIndex((s) => s.event.type === "submission.rawInput");
        if (rawIndex >= 0) {
          const replayHost = replayPath(modelPickerMachine, config.input, config.model, path.steps.slice(0, rawIndex + 1));
          const before = replayHost.received.filter((e) => e.type === "io.write").length;
          expect(host.received.filter((e) => e.type === "io.write").length).toBe(before);
          replayHost.stop();
        }
        const out = host.output() as { ok: boolean; error?: ElwoodError; result?: unknown } | undefined;
        if (out) expect(out.ok).toBe(out.error === undefined);
        checkOpenCursorCurrent(config, path.steps, out);
        host.stop();
      }
    }, 180_000);
  }
});

// ---- edges the main configurations never start from: a human's picker at acquisition, a picker without `s` ----

/** Claude's picker where it offers no session-only apply key (`s`): Enter there would save a default. */
const CLAUDE_NO_KEY_FRAMES: readonly CannedFrame[] = [
  { name: "composer", facts: composer },
  { name: "pickerAtDefault", facts: pickerFacts("model", [row("default", { isCurrent: true, isDefault: true, selected: true }), row("opus"), row("sonnet")], false) },
  { name: "pickerAtSonnet", facts: pickerFacts("model", [row("default", { isCurrent: true, isDefault: true }), row("opus"), row("sonnet", { selected: true })], false) },
];

describe("model picker edge starts (xstate/graph)", () => {
  it("C-ATTN-04: a picker already on screen at acquisition belongs to a human: fails at once and writes nothing", () => {
    const [claudeSet] = CONFIGS.filter((c) => c.name === "claude setModel sonnet");
    if (!claudeSet) throw new Error("no claude set configuration");
    const foreign = CLAUDE_FRAMES.find((f) => f.name === "pickerAtSonnet")?.facts;
    const host = replayPath(modelPickerMachine, { ...claudeSet.input, facts: foreign }, claudeSet.model, [{ event: { type: "xstate.init" }, state: { value: "done" } }]);
    expect(host.value()).toBe("done");
    expect(host.received.filter((e) => e.type === "io.write" || e.type === "effect.request")).toEqual([]);
    const out = host.output() as { ok: boolean; error?: ElwoodError };
    expect(out.ok).toBe(false);
    expect(out.error?.code).toBe("model_automation_failed");
    host.stop();
  });

  it("C-API-24: Claude's picker without a session-only key is never applied: no `s`, no Enter inside the picker, the set fails", () => {
    const input: ModelPickerInput = { opId: "op", mode: "set", target: "Sonnet", profile: claudeAdapter.picker, facts: composer, ...TIMING };
    const model: TransactionModel = { frames: CLAUDE_NO_KEY_FRAMES, keyFields: KEYS, delays: DELAYS, extra };
    const logic = modelPickerMachine.provide({ actions: { toParent: () => {} } });
    const paths = edgePaths(logic, { input, events: modelEvents(model) as never, serializeState: modelSerializer(model) as never }, "transition");
    let refused = 0;
    for (const path of paths) {
      const host = replayPath(modelPickerMachine, input, model, path.steps);
      const config: Config = { name: "claude no key", input, model };
      checkInvariants(config, path.steps, host.received, host.writtenIds);
      const writes = host.received.filter((e): e is IoWriteRequest => e.type === "io.write");
      expect(writes.map((w) => w.data), "the session-only key is never pressed").not.toContain("s");
      const out = host.output() as { ok: boolean; error?: ElwoodError } | undefined;
      expect(out?.ok, "a set without the session key never succeeds").not.toBe(true);
      if (out?.error?.message.includes("no session-only apply key")) refused += 1;
      host.stop();
    }
    expect(refused, "some path reaches the picker on the target row and refuses").toBeGreaterThan(0);
  });

  it("C-API-24: a cursor painted on the target while the arrows were in flight still settles before the apply key", () => {
    const host = hostChild(modelPickerMachine, { opId: "op", mode: "set", target: "Sonnet", profile: claudeAdapter.picker, facts: composer, ...TIMING });
    const paint = (name: string) => host.send({ type: "frame", seq: 0, facts: CLAUDE_FRAMES.find((f) => f.name === name)?.facts, oscState: [] });
    host.answer("written"); // `/model`
    paint("draft");
    host.advance(TIMING.settleMs);
    host.answer("written"); // Enter
    paint("pickerAtDefault");
    paint("pickerAtSonnet"); // painted before the edge reported the arrows written
    host.answer("written"); // arrows
    host.advance(TIMING.stepMs); // no frame after the write: choosing finds the cursor already on the target
    expect(host.writes().map((w) => w.data)).not.toContain("s");
    expect(host.value()).toBe("cursorSettling");
    host.advance(TIMING.cursorSettleMs);
    expect(host.lastWrite().data).toBe("s");
    host.stop();
  });
});

// ---- the control queue's transaction states (picking, loggingIn, attaching) ----

describe("control queue transaction states (xstate/graph)", () => {
  const stubbed = transactionQueueModel;
  const live = controlQueueMachine.provide({ actors: STUBS });
  const paths = getShortestPaths(stubbed, transactionTraversal as never);

  it(`C-API-35: ${paths.length} paths reach picking, loggingIn, attaching and attach→submitting; replayed on a live queue`, () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['"picking"', '"loggingIn"', '"attaching"', '"submitting"', '"closed"']) expect(reached, v).toContain(v);
    for (const path of paths) {
      const host = hostChild(live, { status: "running", timing: { settleMs: 5, enterRetries: 1, confirmIntervalMs: 20, holdRetryMs: 5 } });
      for (const [i, step] of path.steps.entries()) {
        if ((step.event as EventObject).type === "xstate.init") continue;
        const event = step.event as EventObject & { output?: { ok: boolean } };
        // On the live queue the stub child finishes when it is forwarded an effect.result.
        if (event.type === "xstate.done.actor.transaction") host.send({ type: "effect.result", requestId: "stub", ok: event.output?.ok === true });
        else host.send(event as never);
        expect(host.value(), `step ${i} ${step.event.type}`).toEqual(step.state.value);
      }
      // A picker result reaches the parent as queue.opDone with its rows; a failed attach never submits text.
      for (const e of host.received) {
        if (e.type === "queue.opDone" && (e as unknown as { opId: string }).opId === "pick") expect((e as unknown as { result: unknown }).result).toEqual(["rows"]);
      }
      host.stop();
    }
  });
});
