// Integration: a `/model` typed but never entered (its Enter held by a dialog past the deadline) is cleared, so
// the next sendMessage submits exactly the caller's text (a failed op keeps and clears its own staged draft; C-API-23, C-API-55).

import { afterEach, describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { waitForLog } from "../support/sim-probe.js";

const open: SimSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cleanup()));
});

describe("a staged /model left by a failed picker transaction", () => {
  it("C-API-55: the deadline hits with `/model` typed and its Enter held; the draft is cleared before the next message", async () => {
    // The dialog outlives the deadline (Enter held) but is gone within cleanup, so the clear can go out.
    const sim = startSimSession({ script: { dialogOnSlashModelMs: 1800 } });
    open.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    let sawDraftUnderDialog = false;
    let sawDraft = false;
    const sub = sim.session.frames$.subscribe((f) => {
      if (f.facts.dialog?.kind === "permission") sawDraftUnderDialog = true;
      if (f.facts.composerText.startsWith("/model")) sawDraft = true;
    });

    const error = await sim.session.listModels({ timeoutMs: 1000 }).then(() => null, (e: unknown) => e);
    expect(isElwoodError(error) && error.name).toBe("model_automation_failed");
    expect(sawDraftUnderDialog).toBe(true); // the scenario happened: `/model` typed, the dialog held its Enter

    // The caller's next message right away: it waits for the picker's cleanup, which clears the draft first.
    await sim.session.sendMessage("exactly the caller's text");
    await waitForLog(sim.log, (r) => simRecords(r, "submit").length > 0, "the next submission", 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["exactly the caller's text"]);
    expect(sawDraft).toBe(true); // the draft did show once the dialog was gone
    expect(simRecords(sim.log(), "model")).toEqual([]); // the picker never opened
    expect(simRecords(sim.log(), "key").map((k) => k.key)).toEqual(expect.arrayContaining(["ctrl+u"]));
    sub.unsubscribe();
  });
});
