// Warnings reach `warning` listeners and are projected into `activity` (spec B §4.1), never recursively.
import { describe, expect, it } from "vitest";
import type { ActivityEvent } from "../../src/contracts/public-types.js";
import { SessionEvents } from "../../src/session-events.js";

describe("warning projection into activity (B §4.1)", () => {
  it("a warning is delivered on `warning` and as a `warning` activity, frozen, with its code and message", () => {
    const events = new SessionEvents("s1", "claude");
    const warnings: unknown[] = [];
    const activities: ActivityEvent[] = [];
    events.emitter.on("warning", (w) => warnings.push(w));
    events.emitter.on("activity", (a) => activities.push(a));
    events.warning("state_write_failed", "the session record could not be written", { errno: "ENOSPC" });
    expect(warnings).toEqual([{ elwoodSessionId: "s1", agent: "claude", code: "state_write_failed", message: "the session record could not be written", details: { errno: "ENOSPC" } }]);
    expect(Object.isFrozen(warnings[0])).toBe(true);
    expect(activities).toEqual([
      { elwoodSessionId: "s1", agent: "claude", source: "lifecycle", kind: "warning", label: "state_write_failed", text: "the session record could not be written", raw: { errno: "ENOSPC" } },
    ]);
  });

  it("a warning listener that mutates or throws changes nothing in the activity, and an activity listener that throws on the projection raises no further warning", () => {
    const events = new SessionEvents("s1", "codex");
    const codes: string[] = [];
    const activities: ActivityEvent[] = [];
    events.emitter.on("warning", (w) => {
      codes.push(w.code);
      throw new Error("warning listener fails");
    });
    events.emitter.on("activity", (a) => {
      activities.push(a);
      if (a.kind === "warning") throw new Error("activity listener fails on warnings");
    });
    events.emitter.on("activity", () => {
      throw new Error("activity listener fails on everything");
    });
    events.activity({ source: "hook", kind: "hook", label: "Stop" });
    // The throwing activity listener is reported once as hook_observer_failed; its own projection throws again, silently.
    expect(codes).toEqual(["hook_observer_failed"]);
    expect(activities.map((a) => `${a.kind}:${a.label}`)).toEqual(["hook:Stop", "warning:hook_observer_failed"]);
  });
});
