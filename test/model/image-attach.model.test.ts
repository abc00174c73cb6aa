// Model-based test: xstate/graph paths through the image-attach machine replayed on a live actor (C-API-44, C-API-45, C-API-46).

import { describe, expect, it } from "vitest";
import { fromCallback } from "xstate";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { IoWriteRequest } from "../../src/contracts/events.js";
import { imageAttachMachine, type ImageAttachInput } from "../../machines/image-attach.js";
import { ElwoodError, isElwoodError } from "../../src/contracts/errors.js";
import { hostChild } from "../support/machine-host.js";
import { edgePaths } from "../support/edge-paths.js";
import { modelEvents, modelSerializer, replayPath, type TransactionModel } from "../support/transaction-model.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

const chips = (n: number): ScreenFacts => ({ ...EMPTY_FACTS, composer: true, imageChips: n });
const pasteFailed = (n: number, chipCount = 0): ScreenFacts => ({ ...chips(chipCount), imagePasteFailures: n });
const model: TransactionModel = {
  frames: [
    { name: "chips0", facts: chips(0) },
    { name: "chips1", facts: chips(1) },
    { name: "chips2", facts: chips(2) },
    // A chip outside the composer (transcript) never counts.
    { name: "noComposer", facts: { ...EMPTY_FACTS, imageChips: 3 } },
    // Codex's `■ Failed to paste image:` row above an unchanged composer.
    { name: "pasteFailed", facts: pasteFailed(1) },
  ],
  keyFields: ["index", "baseline", "failureBaseline", "staged", "clipboardHeld", "rawInput"],
  delays: { confirm: 30, holdRetry: 2, clipboardSpacing: 3 },
  extra: (snap) => [
    { type: "transaction.cancel", error: new ElwoodError("session_not_running", "closed") },
    { type: "submission.rawInput" },
    // The materialiser's two answers (the model's stand-in never answers by itself: the path decides).
    ...(snap.value === "materialising"
      ? [
          { type: "images.ready", paths: snap.context["files"] as string[] },
          { type: "images.failed", error: new ElwoodError("invalid_image", "image 0 is not readable", { index: 0 }) },
        ]
      : []),
  ],
};

/** The materialiser in the model: silent, so each path's own images.ready / images.failed step answers it. */
const silentFiles = imageAttachMachine.provide({ actors: { materialiseImages: fromCallback(() => undefined) } });
/** The materialiser in the step-by-step tests: the files are ready at once, with the input's paths. */
const readyFiles = imageAttachMachine.provide({
  actors: { materialiseImages: fromCallback(({ input, sendBack }) => sendBack({ type: "images.ready", paths: input as string[] })) },
});
const pathsOf = (input: ImageAttachInput): readonly string[] => input.files as string[];

const INPUTS: readonly ImageAttachInput[] = [
  { opId: "op", files: ["/tmp/a.png", "/tmp/b.png"], via: "paste", facts: chips(0), confirmMs: 30, holdRetryMs: 2 },
  { opId: "op", files: ["/tmp/a.png"], via: "clipboard", facts: chips(0), confirmMs: 30, holdRetryMs: 2 },
  // Two clipboard images: the second Ctrl+V waits out Codex 0.171's drop window (the spacing state).
  { opId: "op", files: ["/tmp/a.png", "/tmp/b.png"], via: "clipboard", facts: chips(0), confirmMs: 30, holdRetryMs: 2, clipboardSpacingMs: 3 },
];

type Requested = { readonly type: string; readonly requestId?: string; readonly effect?: { readonly kind: string } };

/**
 * The clipboard lock invariant (review finding 2): the machine never reaches done while clipboard.begin is
 * unanswered (a late grant would be held forever), and every ok clipboard.begin answer is followed by a
 * clipboard.end request before done (the restore that releases the lock).
 */
function expectClipboardLockReleased(
  host: { readonly received: readonly unknown[] },
  steps: ReadonlyArray<{ readonly event: { readonly type: string } }>,
  finished: boolean,
): void {
  if (!finished) return;
  const requests = (host.received as Requested[]).filter((e) => e.type === "effect.request");
  const begin = requests.find((r) => r.effect?.kind === "clipboard.begin");
  if (begin === undefined) return;
  const answers = steps.map((s) => s.event as { type: string; requestId?: string; ok?: boolean }).filter((e) => e.type === "effect.result" && e.requestId === begin.requestId);
  expect(answers.length, "done with clipboard.begin pending").toBeGreaterThan(0);
  if (answers.some((a) => a.ok === true)) {
    const kinds = requests.map((r) => r.effect?.kind);
    expect(kinds.lastIndexOf("clipboard.end"), "an ok clipboard.begin never followed by clipboard.end").toBeGreaterThan(kinds.indexOf("clipboard.begin"));
  }
}

describe("image attach model (xstate/graph)", () => {
  for (const input of INPUTS) {
    const logic = silentFiles.provide({ actions: { toParent: () => {} } });
    // Shortest paths to every state, plus one path per remaining graph edge (held retries, repeated cancels).
    const paths = edgePaths(logic, { input, events: modelEvents(model) as never, serializeState: modelSerializer(model) as never }, "step");

    it(`C-API-44 C-API-${input.via === "paste" ? "45" : "46"} via ${input.via} (${pathsOf(input).length} image${pathsOf(input).length > 1 ? "s" : ""}): replays ${paths.length} paths (shortest, plus one per state step off them); success only after every chip, no text on failure`, () => {
      expect(paths.length).toBeGreaterThan(10);
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      for (const v of ['"materialising"', '"done"', '"confirming"', '{"clearing":"requesting"}']) expect(reached, v).toContain(v);
      if (input.via === "clipboard") for (const v of ['"restoringClipboard"', '"cancellingLock"']) expect(reached, v).toContain(v);
      if (input.via === "clipboard" && pathsOf(input).length > 1) expect(reached).toContain('"spacing"');
      let pasteFailures = 0;
      let filesFailed = 0;
      for (const path of paths) {
        const host = replayPath(silentFiles, input, model, path.steps);
        const out = host.output() as { ok: boolean } | undefined;
        const writes = host.received.filter((e): e is IoWriteRequest => e.type === "io.write");
        for (const w of writes) expect(w.guardDialog).toBe(true);
        // One image key per image at most (no re-sends): a held request wrote nothing and is re-requested.
        const keys = writes.filter((w) => w.data !== "\x15\x0b" && host.writtenIds.has(w.requestId));
        expect(keys.length).toBeLessThanOrEqual(pathsOf(input).length);
        if (input.via === "paste") for (const [i, w] of keys.entries()) expect(w.data).toBe(`\x1b[200~${pathsOf(input)[i]}\x1b[201~`);
        else for (const w of keys) expect(w.data).toBe("\x16");
        if (out?.ok) {
          const seen = path.steps.filter((s) => s.event.type === "frame").length;
          expect(seen).toBeGreaterThanOrEqual(pathsOf(input).length);
          expect(writes.some((w) => w.data === "\x15\x0b")).toBe(false);
        }
        if (input.via === "clipboard") expectClipboardLockReleased(host, path.steps, out !== undefined);
        if (path.steps.some((s) => s.event.type === "images.failed")) {
          // Unusable files fail the call with the materialiser's own error, before any key, lock or clipboard.
          expect(isElwoodError((out as { error?: ElwoodError } | undefined)?.error, "invalid_image")).toBe(true);
          expect(host.received.filter((e) => e.type === "io.write" || e.type === "effect.request")).toEqual([]);
          filesFailed += 1;
        }
        const error = (out as { error?: ElwoodError } | undefined)?.error;
        if (error?.message.includes("Failed to paste image") === true) {
          pasteFailures += 1;
          expect(isElwoodError(error, "image_attach_failed")).toBe(true);
          expect(error.details).toHaveProperty("index");
          // Failing after a key clears the staged draft, exactly like the timeout (unless raw input owns it).
          if (!path.steps.some((s) => s.event.type === "submission.rawInput")) expect(writes.at(-1)?.data).toBe("\x15\x0b");
        }
        host.stop();
      }
      // A new failure row ends the attach at once on some path (no confirm timer involved).
      expect(pasteFailures).toBeGreaterThan(0);
      expect(filesFailed).toBeGreaterThan(0);
    });
  }
});

describe("image attach: the clipboard lock and the chip baseline, step by step", () => {
  const input: ImageAttachInput = { opId: "op", files: ["/tmp/a.png", "/tmp/b.png"], via: "clipboard", facts: chips(0), confirmMs: 30, holdRetryMs: 2, clipboardSpacingMs: 3 };
  const pending = (host: ReturnType<typeof hostChild>): string => (host.context() as { pendingRequestId: string | null }).pendingRequestId ?? "none";
  const effectKinds = (host: ReturnType<typeof hostChild>): string[] =>
    host.received.filter((e) => e.type === "effect.request").map((e) => (e as unknown as { effect: { kind: string } }).effect.kind);

  it("C-API-46 (review finding 2): a cancel while clipboard.begin is pending waits for it; a granted lock is handed back through clipboard.end", () => {
    const host = hostChild(readyFiles, input);
    const begin = pending(host);
    host.send({ type: "transaction.cancel", error: new ElwoodError("session_not_running", "closed") });
    expect(host.value()).toBe("cancellingLock");
    // A stale answer to some other request changes nothing.
    host.send({ type: "effect.result", requestId: "other", ok: true });
    expect(host.value()).toBe("cancellingLock");
    host.send({ type: "effect.result", requestId: begin, ok: true });
    expect(host.value()).toBe("restoringClipboard");
    expect(effectKinds(host)).toEqual(["clipboard.begin", "clipboard.end"]);
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    const out = host.output() as { ok: boolean; error?: ElwoodError };
    expect(out.ok).toBe(false);
    expect(isElwoodError(out.error, "session_not_running")).toBe(true);
    expect(host.writes()).toEqual([]);
    host.stop();
  });

  it("C-API-46 (review finding 2): a cancel while clipboard.begin is pending ends with the cancel's error when the begin fails", () => {
    const host = hostChild(readyFiles, input);
    const begin = pending(host);
    host.send({ type: "transaction.cancel", error: new ElwoodError("session_not_running", "closed") });
    host.send({ type: "effect.result", requestId: begin, ok: false, error: new ElwoodError("image_attach_failed", "lock", { reason: "clipboard_busy" }) });
    expect(isElwoodError((host.output() as { error?: ElwoodError }).error, "session_not_running")).toBe(true);
    expect(effectKinds(host)).toEqual(["clipboard.begin"]);
    host.stop();
  });

  it("C-API-44 (review finding 8): the chip baseline is read right before the key, after the spacing and the clipboard write", () => {
    const host = hostChild(readyFiles, input);
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    host.answer("written");
    host.send({ type: "frame", seq: 0, facts: chips(1), oscState: [] });
    expect(host.value()).toBe("spacing");
    host.advance(3);
    expect(host.value()).toBe("settingClipboard");
    // Something else adds a chip while the second image goes on the clipboard: that chip is not ours.
    host.send({ type: "frame", seq: 0, facts: chips(2), oscState: [] });
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    expect((host.context() as { baseline: number }).baseline).toBe(2);
    host.answer("written");
    host.send({ type: "frame", seq: 0, facts: chips(2), oscState: [] });
    expect(host.value()).toBe("confirming");
    host.send({ type: "frame", seq: 0, facts: chips(3), oscState: [] });
    expect(host.value()).toBe("restoringClipboard");
    host.stop();
  });

  it("C-API-44 C-API-46: a `Failed to paste image` row already on screen is baseline; a new one fails image_attach_failed at once, clears the draft and restores the clipboard", () => {
    const host = hostChild(readyFiles, { ...input, files: ["/tmp/a.png"], confirmMs: 10_000 });
    // An earlier failure is still in the transcript when this attach starts.
    host.send({ type: "frame", seq: 0, facts: pasteFailed(1), oscState: [] });
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    expect((host.context() as { failureBaseline: number }).failureBaseline).toBe(1);
    host.answer("written");
    host.send({ type: "frame", seq: 0, facts: pasteFailed(1), oscState: [] });
    expect(host.value()).toBe("confirming");
    host.send({ type: "frame", seq: 0, facts: pasteFailed(2), oscState: [] });
    expect(host.value()).toEqual({ clearing: "requesting" });
    expect(host.writes().at(-1)?.data).toBe("\x15\x0b");
    host.answer("written");
    expect(host.value()).toBe("restoringClipboard");
    expect(effectKinds(host)).toEqual(["clipboard.begin", "clipboard.setImage", "clipboard.end"]);
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    const out = host.output() as { ok: boolean; error?: ElwoodError };
    expect(out.ok).toBe(false);
    expect(isElwoodError(out.error, "image_attach_failed")).toBe(true);
    expect(out.error?.details).toEqual({ index: 0, reason: "cli_rejected_paste" });
    host.stop();
  });

  it("C-API-44: a chip or a failure row painted while the key's write is still being acknowledged counts (no later repaint needed)", () => {
    for (const [facts, expected] of [
      [chips(1), "restoringClipboard"],
      [pasteFailed(1), { clearing: "requesting" }],
    ] as const) {
      const host = hostChild(readyFiles, { ...input, files: ["/tmp/a.png"], confirmMs: 10_000 });
      host.send({ type: "effect.result", requestId: pending(host), ok: true });
      host.send({ type: "effect.result", requestId: pending(host), ok: true });
      expect(host.value()).toEqual({ sending: "requesting" });
      // The answer is painted before the write's acknowledgement, then the screen stays still (no further frame).
      host.send({ type: "frame", seq: 0, facts, oscState: [] });
      host.answer("written");
      expect(host.value()).toEqual(expected);
      host.stop();
    }
  });

  it("C-API-44: a new chip wins over a failure row in the same frame (the paste did attach)", () => {
    const host = hostChild(readyFiles, { ...input, files: ["/tmp/a.png"] });
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    host.answer("written");
    host.send({ type: "frame", seq: 0, facts: pasteFailed(1, 1), oscState: [] });
    expect(host.value()).toBe("restoringClipboard");
    host.send({ type: "effect.result", requestId: pending(host), ok: true });
    expect((host.output() as { ok: boolean }).ok).toBe(true);
    host.stop();
  });
});
