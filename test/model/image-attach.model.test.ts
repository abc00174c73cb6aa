// Model-based test: xstate/graph paths through the image-attach machine replayed on a live actor (C-API-44, C-API-45, C-API-46).

import { describe, expect, it } from "vitest";
import { getShortestPaths } from "xstate/graph";
import { EMPTY_FACTS, type ScreenFacts } from "../../adapters/screen-facts.js";
import type { IoWriteRequest } from "../../machines/events.js";
import { imageAttachMachine, type ImageAttachInput } from "../../machines/image-attach.js";
import { ElwoodError } from "../../src/errors.js";
import { modelEvents, modelSerializer, replayPath, type TransactionModel } from "../support/transaction-model.js";

const chips = (n: number): ScreenFacts => ({ ...EMPTY_FACTS, composer: true, imageChips: n });
const model: TransactionModel = {
  frames: [
    { name: "chips0", facts: chips(0) },
    { name: "chips1", facts: chips(1) },
    { name: "chips2", facts: chips(2) },
    // A chip outside the composer (transcript) never counts.
    { name: "noComposer", facts: { ...EMPTY_FACTS, imageChips: 3 } },
  ],
  keyFields: ["index", "baseline", "staged", "clipboardHeld", "rawInput"],
  delays: { confirm: 30, holdRetry: 2, clipboardSpacing: 3 },
  extra: () => [{ type: "transaction.cancel", error: new ElwoodError("session_not_running", "closed") }, { type: "submission.rawInput" }],
};

const INPUTS: readonly ImageAttachInput[] = [
  { opId: "op", paths: ["/tmp/a.png", "/tmp/b.png"], via: "paste", facts: chips(0), confirmMs: 30, holdRetryMs: 2 },
  { opId: "op", paths: ["/tmp/a.png"], via: "clipboard", facts: chips(0), confirmMs: 30, holdRetryMs: 2 },
  // Two clipboard images: the second Ctrl+V waits out Codex 0.171's drop window (the spacing state).
  { opId: "op", paths: ["/tmp/a.png", "/tmp/b.png"], via: "clipboard", facts: chips(0), confirmMs: 30, holdRetryMs: 2, clipboardSpacingMs: 3 },
];

describe("image attach model (xstate/graph)", () => {
  for (const input of INPUTS) {
    const logic = imageAttachMachine.provide({ actions: { toParent: () => {} } });
    const paths = getShortestPaths(logic, { input, events: modelEvents(model) as never, serializeState: modelSerializer(model) as never });

    it(`C-API-44 C-API-${input.via === "paste" ? "45" : "46"} via ${input.via} (${input.paths.length} image${input.paths.length > 1 ? "s" : ""}): replays ${paths.length} shortest paths; success only after every chip, no text on failure`, () => {
      expect(paths.length).toBeGreaterThan(10);
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      for (const v of ['"done"', '"confirming"', '{"clearing":"requesting"}']) expect(reached, v).toContain(v);
      if (input.via === "clipboard") expect(reached).toContain('"restoringClipboard"');
      if (input.via === "clipboard" && input.paths.length > 1) expect(reached).toContain('"spacing"');
      for (const path of paths) {
        const host = replayPath(imageAttachMachine, input, model, path.steps);
        const out = host.output() as { ok: boolean } | undefined;
        const writes = host.received.filter((e): e is IoWriteRequest => e.type === "io.write");
        // One image key per image at most (no re-sends), always through the dialog guard.
        const keys = writes.filter((w) => w.data !== "\x15\x0b");
        expect(keys.length).toBeLessThanOrEqual(input.paths.length);
        for (const w of writes) expect(w.guardDialog).toBe(true);
        if (input.via === "paste") for (const [i, w] of keys.entries()) expect(w.data).toBe(`\x1b[200~${input.paths[i]}\x1b[201~`);
        else for (const w of keys) expect(w.data).toBe("\x16");
        if (out?.ok) {
          const seen = path.steps.filter((s) => s.event.type === "frame").length;
          expect(seen).toBeGreaterThanOrEqual(input.paths.length);
          expect(writes.some((w) => w.data === "\x15\x0b")).toBe(false);
        }
        // The clipboard lock taken at the start is always released before the machine finishes.
        if (input.via === "clipboard" && out !== undefined) {
          const effects = host.received.filter((e) => e.type === "effect.request").map((e) => (e as unknown as { effect: { kind: string } }).effect.kind);
          if (effects[0] === "clipboard.begin" && (host.context() as { clipboardHeld: boolean }).clipboardHeld === false && effects.length > 1) {
            expect(effects.at(-1)).toBe("clipboard.end");
          }
        }
        host.stop();
      }
    });
  }
});
