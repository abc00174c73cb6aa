// Warnings carry their common fields (source, severity, content-free raw; spec B §4.2), reach `warning` listeners and are projected into `activity` (spec B §4.1), never recursively.
import { describe, expect, it } from "vitest";
import type { ActivityEvent } from "../../src/contracts/public-types.js";
import { SessionEvents } from "../../src/session-events.js";

describe("warning projection into activity (B §4.1)", () => {
  it("spec B §4.1 §4.2: a warning is delivered on `warning` and as a `warning` activity, frozen, with its source, code, severity, message and raw line", () => {
    const events = new SessionEvents("s1", "claude");
    const warnings: unknown[] = [];
    const activities: ActivityEvent[] = [];
    events.emitter.on("warning", (w) => warnings.push(w));
    events.emitter.on("activity", (a) => activities.push(a));
    events.warning("state_write_failed", "the session record could not be written", { errno: "ENOSPC" });
    expect(warnings).toEqual([
      {
        elwoodSessionId: "s1",
        agent: "claude",
        source: "lifecycle",
        code: "state_write_failed",
        severity: "warning",
        message: "the session record could not be written",
        raw: "state_write_failed errno=ENOSPC",
        details: { errno: "ENOSPC" },
      },
    ]);
    expect(Object.isFrozen(warnings[0])).toBe(true);
    expect(activities).toEqual([
      { elwoodSessionId: "s1", agent: "claude", source: "lifecycle", kind: "warning", label: "state_write_failed", text: "the session record could not be written", raw: "state_write_failed errno=ENOSPC" },
    ]);
  });

  it("spec B §4.2 §4.3: each code has its spec source (terminal for what the CLI showed), also in its activity projection", () => {
    const events = new SessionEvents("s1", "codex");
    const seen: Array<[string, string, string]> = [];
    events.emitter.on("warning", (w) => seen.push([w.code, w.source, w.severity]));
    const sources: string[] = [];
    events.emitter.on("activity", (a) => sources.push(a.source));
    events.warning("transcript_read_error", "reading the transcript failed (EACCES)", { lastErrorCode: "EACCES", transcriptPath: "/home/u/.codex/r.jsonl" });
    events.warning("version_unparseable", "could not parse `codex --version` output; continuing");
    events.warning("dialog_keys_no_effect", "keys written to the permission dialog left it unchanged", { dialog: "permission" });
    events.warning("clipboard_restore_failed", "the clipboard could not be restored after an image attach");
    expect(seen).toEqual([
      ["transcript_read_error", "terminal", "warning"],
      ["version_unparseable", "lifecycle", "warning"],
      ["dialog_keys_no_effect", "terminal", "warning"],
      ["clipboard_restore_failed", "lifecycle", "warning"],
    ]);
    expect(sources).toEqual(["terminal", "lifecycle", "terminal", "lifecycle"]);
  });

  it("spec B §4.1: raw stays content-free — only the code's allowlisted short fields, never a path, free text or an unlisted field", () => {
    const events = new SessionEvents("s1", "claude");
    const raws: string[] = [];
    events.emitter.on("warning", (w) => raws.push(w.raw));
    events.warning("transcript_records_dropped", "transcript records were dropped (oversized)", { cause: "oversized", transcriptPath: "/home/alice/secret-project/t.jsonl" });
    events.warning("transcript_poll_stopped", "the transcript watcher stopped after a failure", { reason: "EIO", phase: "final_flush" });
    events.warning("resize_restore_failed", "restoring the requested terminal size after the 100-column bootstrap failed", { requestedCols: 120, requestedRows: 40, errorCode: "resize_failed" });
    // A value that is not a short token (spaces, quotes) and a field the code does not list never reach raw.
    events.warning("codex_default_model_persisted", "m", { reason: "the user typed: my password", prompt: "hello" });
    expect(raws).toEqual([
      "transcript_records_dropped cause=oversized",
      "transcript_poll_stopped reason=EIO phase=final_flush",
      "resize_restore_failed requestedCols=120 requestedRows=40 errorCode=resize_failed",
      "codex_default_model_persisted",
    ]);
  });

  it("spec B §4.3: a throwing listener's hook_observer_failed carries its phase, and raw is `hook_observer_failed phase=<phase>`", () => {
    const events = new SessionEvents("s1", "claude");
    const got: Array<[unknown, string]> = [];
    events.emitter.on("warning", (w) => got.push([w.details?.["phase"], w.raw]));
    for (const event of ["hook:Stop", "hookError", "status"] as const) {
      events.emitter.on(event, () => {
        throw new Error("listener fails");
      });
    }
    events.emitter.emit("hook:Stop", {});
    events.hookError({ category: "timeout", message: "m" });
    events.emitter.emit("status", { status: "ready", previous: "running" });
    expect(got).toEqual([
      ["hook", "hook_observer_failed phase=hook"],
      ["hook_error", "hook_observer_failed phase=hook_error"],
      ["lifecycle", "hook_observer_failed phase=lifecycle"],
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
