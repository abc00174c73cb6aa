// Unit tests of the loop vocabulary: parseLoopCommand, request validation and the stable jitter.

import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { LOOP_IDLE_MS, LOOP_MAX_JITTER_MS, loopJitterMs, validateLoopRequest } from "../../src/contracts/loop.js";
import { parseLoopCommand } from "../../src/index.js";

describe("parseLoopCommand (B §6.3, C-LOOP-02, C-LOOP-03)", () => {
  it("reads an interval token in s, m, h, d as a fixed loop and the rest as its message", () => {
    expect(parseLoopCommand("/loop 90s check the build")).toEqual({ mode: "fixed", intervalMs: 90_000, message: "check the build" });
    expect(parseLoopCommand("/loop 5m  run tests ")).toEqual({ mode: "fixed", intervalMs: 300_000, message: "run tests" });
    expect(parseLoopCommand("/loop 2h x")).toEqual({ mode: "fixed", intervalMs: 7_200_000, message: "x" });
    expect(parseLoopCommand("/loop\t6d summarize")).toEqual({ mode: "fixed", intervalMs: 518_400_000, message: "summarize" });
  });

  it("takes the whole remainder as an idle loop's message when the first token is not an interval", () => {
    expect(parseLoopCommand("/loop tidy up")).toEqual({ mode: "idle", message: "tidy up" });
    expect(parseLoopCommand("/loop 10M later")).toEqual({ mode: "idle", message: "10M later" });
    expect(parseLoopCommand("/loop 1.5h later")).toEqual({ mode: "idle", message: "1.5h later" });
    expect(parseLoopCommand("/loop 0m zero is not a positive integer")).toEqual({ mode: "idle", message: "0m zero is not a positive integer" });
    expect(parseLoopCommand("/loop 5mins")).toEqual({ mode: "idle", message: "5mins" });
  });

  it("returns undefined for anything that is not exactly a /loop command", () => {
    for (const text of ["", "loop 5m x", "/loopx 5m x", "/LOOP 5m x", " /loop 5m x", "hello /loop 5m x", "/looping"]) {
      expect(parseLoopCommand(text), text).toBeUndefined();
    }
    expect(parseLoopCommand(42 as unknown as string)).toBeUndefined();
  });

  it("C-LOOP-04, C-LOOP-19: returns (never throws) an invalid_loop error for a recognised command with an empty message, an out-of-range interval or an unsafe one", () => {
    const cases: [string, string][] = [
      ["/loop", "message"],
      ["/loop   ", "message"],
      ["/loop 5m", "message"],
      ["/loop 59s too short", "intervalMs"],
      ["/loop 7d too long", "intervalMs"],
      ["/loop 168h too long", "intervalMs"],
      ["/loop 99999999999999999999d huge", "intervalMs"],
      [`/loop ${"x".repeat(65_537)}`, "message"],
    ];
    for (const [text, field] of cases) {
      const error = parseLoopCommand(text);
      expect(isElwoodError(error, "invalid_loop"), text.slice(0, 30)).toBe(true);
      expect((error as { details: { field: string } }).details.field).toBe(field);
      // The error never carries the prompt.
      expect(JSON.stringify((error as { details: unknown }).details)).not.toContain("too");
    }
  });

  it("accepts the range's edges: one minute, and just under seven days", () => {
    expect(parseLoopCommand("/loop 60s a")).toEqual({ mode: "fixed", intervalMs: 60_000, message: "a" });
    expect(parseLoopCommand("/loop 1m a")).toEqual({ mode: "fixed", intervalMs: 60_000, message: "a" });
    expect(parseLoopCommand("/loop 604799s a")).toEqual({ mode: "fixed", intervalMs: 604_799_000, message: "a" });
  });
});

describe("createLoop request validation (B §6.4, C-LOOP-04, C-LOOP-19)", () => {
  it("accepts a fixed and an idle request and returns a clean copy", () => {
    expect(validateLoopRequest({ mode: "fixed", intervalMs: 60_000, message: "m", extra: 1 })).toEqual({ mode: "fixed", intervalMs: 60_000, message: "m" });
    expect(validateLoopRequest({ mode: "idle", message: "é".repeat(32_768) })).toEqual({ mode: "idle", message: "é".repeat(32_768) });
  });

  it("refuses every other shape or value with invalid_loop naming the field", () => {
    const cases: [unknown, string][] = [
      [null, "request"],
      ["/loop 5m x", "request"],
      [{ mode: "cron", message: "m" }, "mode"],
      [{ mode: "idle" }, "message"],
      [{ mode: "idle", message: "" }, "message"],
      [{ mode: "idle", message: "é".repeat(32_769) }, "message"],
      [{ mode: "idle", message: "m", intervalMs: 60_000 }, "intervalMs"],
      [{ mode: "fixed", message: "m" }, "intervalMs"],
      [{ mode: "fixed", message: "m", intervalMs: 59_999 }, "intervalMs"],
      [{ mode: "fixed", message: "m", intervalMs: 604_800_000 }, "intervalMs"],
      [{ mode: "fixed", message: "m", intervalMs: 60_000.5 }, "intervalMs"],
      [{ mode: "fixed", message: "m", intervalMs: Number.NaN }, "intervalMs"],
      [{ mode: "fixed", message: "m", intervalMs: "60000" }, "intervalMs"],
    ];
    for (const [request, field] of cases) {
      const result = validateLoopRequest(request);
      expect(isElwoodError(result, "invalid_loop"), JSON.stringify(request)?.slice(0, 40)).toBe(true);
      expect((result as { details: { field: string } }).details.field).toBe(field);
    }
  });
});

describe("loop jitter (B §6.5, C-LOOP-07)", () => {
  it("is stable per id, never negative, and within min(10 % of the cadence, 30 s)", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `loop-${i}`);
    for (const id of ids) {
      expect(loopJitterMs(id, 60_000)).toBe(loopJitterMs(id, 60_000));
      const fixed = loopJitterMs(id, 60_000);
      expect(fixed).toBeGreaterThanOrEqual(0);
      expect(fixed).toBeLessThanOrEqual(6_000);
      expect(loopJitterMs(id, LOOP_IDLE_MS)).toBeLessThanOrEqual(LOOP_MAX_JITTER_MS);
      expect(loopJitterMs(id, 86_400_000)).toBeLessThanOrEqual(LOOP_MAX_JITTER_MS);
    }
    // Spread: different ids land on different delays.
    expect(new Set(ids.map((id) => loopJitterMs(id, LOOP_IDLE_MS))).size).toBeGreaterThan(400);
  });
});
