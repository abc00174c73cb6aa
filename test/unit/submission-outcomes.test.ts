// Unit tests for the submission-outcome door a send/stream turn waits on (spec A §10.11): either order, session end, bounded memory.

import { describe, expect, it } from "vitest";
import { ElwoodError } from "../../src/contracts/errors.js";
import { SubmissionOutcomes } from "../../src/submission-outcomes.js";

describe("SubmissionOutcomes", () => {
  it("spec A §10.11: an outcome is delivered whether it settles before or after the turn asks, exactly once", async () => {
    const outcomes = new SubmissionOutcomes();
    const timeout = new ElwoodError("wait_timeout", "never accepted", { replays: 2 });
    outcomes.settle("early", timeout);
    await expect(outcomes.outcome("early")).resolves.toBe(timeout);
    const late = outcomes.outcome("late");
    outcomes.settle("late");
    await expect(late).resolves.toBeUndefined();
    // Already handed out: a second ask waits for a new settle rather than reusing the old one.
    let again = false;
    void outcomes.outcome("early").then(() => (again = true));
    await Promise.resolve();
    expect(again).toBe(false);
  });

  it("spec A §10.11: the session ending settles every waiting turn with its error", async () => {
    const outcomes = new SubmissionOutcomes();
    const waiting = outcomes.outcome("op");
    const ended = new ElwoodError("session_not_running", "gone");
    outcomes.closeAll(ended);
    await expect(waiting).resolves.toBe(ended);
  });

  it("spec A §10.11: a turn asking after the session ended gets the session's end at once (never a wait that cannot settle)", async () => {
    const outcomes = new SubmissionOutcomes();
    const delivered = outcomes.outcome("delivered-before");
    outcomes.settle("delivered-before");
    outcomes.settle("kept");
    const ended = new ElwoodError("session_not_running", "gone");
    outcomes.closeAll(ended);
    await expect(delivered).resolves.toBeUndefined();
    // An outcome settled before the end is still the op's own; an op never settled ends with the session.
    await expect(outcomes.outcome("kept")).resolves.toBeUndefined();
    await expect(outcomes.outcome("asked-late")).resolves.toBe(ended);
  });

  it("spec A §10.11: outcomes nobody asks for (raw sendMessage ops) are kept for at most 256 ops", async () => {
    const outcomes = new SubmissionOutcomes();
    const oldError = new ElwoodError("wait_timeout", "first");
    outcomes.settle("op-0", oldError);
    for (let i = 1; i <= 256; i++) outcomes.settle(`op-${i}`);
    let evicted = true;
    void outcomes.outcome("op-0").then(() => (evicted = false));
    await expect(outcomes.outcome("op-256")).resolves.toBeUndefined();
    await Promise.resolve();
    expect(evicted).toBe(true);
  });
});
