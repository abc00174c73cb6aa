// Unit tests of the loop sidecar's text form: a round trip keeps exactly the definition, bad files are state_corrupt.

import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { LOOP_LIFETIME_MS, loopJitterMs } from "../../src/contracts/loop.js";
import { newLoopDefinition, parseLoopSidecar, serializeLoopSidecar, unexpiredLoops, type LoopDefinition } from "../../src/contracts/loop-sidecar.js";

const T0 = 1_800_000_000_000;
const FIXED = newLoopDefinition("a1", { mode: "fixed", intervalMs: 120_000, message: "check CI" }, T0);
const IDLE = newLoopDefinition("b2", { mode: "idle", message: "tidy ✓" }, T0 + 5);

describe("loop sidecar (B §6.11, B §10.4, C-LOOP-11, C-LOOP-21)", () => {
  it("C-LOOP-07, C-LOOP-13: a new definition takes its jitter from its id and expires seven days after creation (B §6.5)", () => {
    expect(FIXED).toEqual({ mode: "fixed", intervalMs: 120_000, message: "check CI", id: "a1", jitterMs: loopJitterMs("a1", 120_000), createdAt: T0, expiresAt: T0 + LOOP_LIFETIME_MS });
    expect(IDLE.jitterMs).toBe(loopJitterMs("b2", 300_000));
  });

  it("round-trips exactly the definition fields, nothing of timers or phase, and keeps the stored jitter", () => {
    const text = serializeLoopSidecar([FIXED, IDLE]);
    const stored = JSON.parse(text) as { version: number; loops: Record<string, unknown>[] };
    expect(stored.version).toBe(1);
    expect(Object.keys(stored.loops[0] ?? {}).sort()).toEqual(["createdAt", "expiresAt", "id", "intervalMs", "jitterMs", "message", "mode"]);
    expect(Object.keys(stored.loops[1] ?? {}).sort()).toEqual(["createdAt", "expiresAt", "id", "jitterMs", "message", "mode"]);
    expect(parseLoopSidecar(text)).toEqual([FIXED, IDLE]);
    // A stored jitter differing from today's derivation is authoritative: never re-derived on restore.
    const odd = { ...IDLE, jitterMs: 17 };
    expect(parseLoopSidecar(serializeLoopSidecar([odd]))).toEqual([odd]);
  });

  it("refuses anything Elwood would not have written with state_corrupt, naming no prompt", () => {
    const withLoops = (loops: unknown[]): string => JSON.stringify({ version: 1, loops });
    const bad: string[] = [
      serializeLoopSidecar([FIXED]).slice(0, 30),
      "not json",
      "null",
      JSON.stringify({ version: 2, loops: [] }),
      JSON.stringify({ version: 1 }),
      JSON.stringify({ version: 1, loops: [], extra: true }),
      withLoops([{ ...FIXED, due: true }]),
      withLoops([{ ...IDLE, intervalMs: 60_000 }]),
      withLoops([{ ...FIXED, intervalMs: 1_000 }]),
      withLoops([{ ...FIXED, message: "" }]),
      withLoops([{ ...FIXED, id: "" }]),
      withLoops([{ ...FIXED, expiresAt: FIXED.expiresAt + 1 }]),
      withLoops([{ ...FIXED, createdAt: -1, expiresAt: LOOP_LIFETIME_MS - 1 }]),
      withLoops([{ ...FIXED, jitterMs: 12_001 }]),
      withLoops([{ ...IDLE, jitterMs: -1 }]),
      withLoops([FIXED, FIXED]),
      withLoops(Array.from({ length: 51 }, (_, i) => newLoopDefinition(`l${i}`, { mode: "idle", message: "m" }, T0))),
      withLoops(["x"]),
    ];
    for (const text of bad) {
      const result = parseLoopSidecar(text);
      expect(isElwoodError(result, "state_corrupt"), text.slice(0, 60)).toBe(true);
      expect(JSON.stringify((result as { details: unknown }).details)).not.toContain("check CI");
    }
    expect(parseLoopSidecar(withLoops([]))).toEqual([]);
  });

  it("C-LOOP-13: drops the definitions expired at the given time (resume prunes them silently, B §6.8)", () => {
    const defs: LoopDefinition[] = [FIXED, IDLE];
    expect(unexpiredLoops(defs, FIXED.expiresAt - 1)).toEqual(defs);
    expect(unexpiredLoops(defs, FIXED.expiresAt)).toEqual([IDLE]);
    expect(unexpiredLoops(defs, IDLE.expiresAt)).toEqual([]);
  });
});
