// Unit tests of what callers see of loops: admission against the limit, listLoops snapshots and redacted event snapshots.

import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { newLoopDefinition } from "../../src/contracts/loop-sidecar.js";
import { admitLoop, loopSnapshot, redactLoopSnapshot, sortLoopSnapshots } from "../../src/contracts/loop-snapshot.js";

const T0 = 1_800_000_000_000;
const idle = (id: string, at = T0) => newLoopDefinition(id, { mode: "idle", message: "secret prompt" }, at);

describe("loop admission and snapshots", () => {
  it("B §6.4: admits a valid request as a new definition; a bad one is invalid_loop", () => {
    expect(admitLoop([], { mode: "fixed", intervalMs: 60_000, message: "m" }, "x", T0)).toEqual(newLoopDefinition("x", { mode: "fixed", intervalMs: 60_000, message: "m" }, T0));
    expect(isElwoodError(admitLoop([], { mode: "fixed", intervalMs: 1, message: "m" }, "x", T0), "invalid_loop")).toBe(true);
  });

  it("B §6.4, C-LOOP-04: the 51st unexpired loop is loop_limit_reached; expired ones do not count", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => idle(`l${i}`));
    const refused = admitLoop(fifty, { mode: "idle", message: "m" }, "l50", T0);
    expect(isElwoodError(refused, "loop_limit_reached")).toBe(true);
    expect((refused as { details: unknown }).details).toEqual({ limit: 50 });
    const afterExpiry = fifty[0]!.expiresAt;
    expect(isElwoodError(admitLoop(fifty, { mode: "idle", message: "m" }, "l50", afterExpiry), "loop_limit_reached")).toBe(false);
  });

  it("B §6.2, C-LOOP-15: intervalMs only for fixed loops, nextDueAt only while scheduled; snapshots are immutable", () => {
    const fixed = newLoopDefinition("f", { mode: "fixed", intervalMs: 90_000, message: "m" }, T0);
    expect(loopSnapshot(fixed, "scheduled", T0 + 95_000)).toMatchObject({ intervalMs: 90_000, nextDueAt: T0 + 95_000, state: "scheduled" });
    expect(loopSnapshot(fixed, "due", T0 + 95_000)).not.toHaveProperty("nextDueAt");
    expect(loopSnapshot(idle("i"), "scheduled", T0)).not.toHaveProperty("intervalMs");
    expect(Object.isFrozen(loopSnapshot(fixed, "waiting"))).toBe(true);
  });

  it("B §6.10, C-LOOP-16: an event's snapshot never carries the prompt", () => {
    const redacted = redactLoopSnapshot(loopSnapshot(idle("i"), "submitted"));
    expect(redacted).not.toHaveProperty("message");
    expect(JSON.stringify(redacted)).not.toContain("secret prompt");
    expect(redacted).toMatchObject({ id: "i", mode: "idle", state: "submitted" });
  });

  it("B §6.2, C-LOOP-15: listLoops order is creation time, then id", () => {
    const snaps = [idle("b", T0 + 1), idle("c", T0), idle("a", T0 + 1)].map((d) => loopSnapshot(d, "waiting"));
    expect(sortLoopSnapshots(snaps).map((s) => s.id)).toEqual(["c", "a", "b"]);
  });
});
