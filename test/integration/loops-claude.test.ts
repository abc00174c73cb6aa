// Loops on the simulated Claude (B §6): created, listed and cancelled through the session, spawned as children of the
// session root, delivered through the control queue as their own turns, persisted in the sidecar and restored on resume.

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyActorRef } from "xstate";
import { readActorTree } from "../../inspector/actor-tree.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { LOOP_LIMIT } from "../../src/contracts/loop.js";
import { overrideLoopCadenceForTests } from "../../src/loop-test-timing.js";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readClaudeTurnHook } from "../../adapters/claude/turn-hooks.js";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import type { ClaudeAgentSession } from "../../src/session-api.js";
import type { StartClaudeOptions } from "../../src/start-claude.js";
import { resumeClaude } from "../../src/resume-claude.js";
import { simEnv } from "../sim/sim-control.js";
import { LoopEvents } from "../support/loop-events.js";
import { recordedConversation } from "../support/recorded-conversation.js";
import { simDir, startClaudeSim, TEST_LOGIN_SHELL, type ClaudeSim } from "./claude-sim-start.js";

const sims: ClaudeSim[] = [];
afterEach(async () => {
  overrideLoopCadenceForTests(undefined);
  for (const sim of sims.splice(0)) await sim.cleanup();
});

async function sim(options: Parameters<typeof startClaudeSim>[0] = {}): Promise<ClaudeSim> {
  const s = await startClaudeSim(options);
  sims.push(s);
  return s;
}

const rejection = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (error: unknown) => error);

describe("loops on the session (B §6, issue 18)", () => {
  it("C-LOOP-01, C-LOOP-04, C-LOOP-15, C-LOOP-16, C-LOOP-18, C-LOOP-19, C-LOOP-20: createLoop returns a snapshot, listLoops sorts by creation then id, cancelLoop removes one; bad input and the limit are typed errors", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-loops-"));
    const { session } = await sim({ stateDir });
    const events = new LoopEvents(session);
    await session.waitForStatus((s) => s === "ready", 30_000);
    // Nothing runs that is not on disk: a sidecar write that cannot complete fails the create and leaves no loop.
    const sidecar = join(stateDir, "sessions", session.elwoodSessionId, "loops.json");
    mkdirSync(sidecar);
    expect(isElwoodError(await rejection(session.createLoop({ mode: "idle", message: "unsaved" })), "loop_persistence_failed")).toBe(true);
    expect(await session.listLoops()).toEqual([]);
    expect(events.seen).toEqual([]);
    rmdirSync(sidecar);

    const fixed = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: "check the build" });
    expect(fixed).toMatchObject({ mode: "fixed", intervalMs: 60_000, message: "check the build", state: "scheduled" });
    expect(fixed.expiresAt - fixed.createdAt).toBe(604_800_000);
    expect(fixed.nextDueAt).toBeGreaterThanOrEqual(fixed.createdAt + 60_000);
    const idle = await session.createLoop({ mode: "idle", message: "anything new?" });
    expect(idle).not.toHaveProperty("intervalMs");
    const created = await events.next("created", fixed.id);
    expect(created.snapshot).not.toHaveProperty("message");
    expect(JSON.stringify(events.seen)).not.toContain("check the build");

    const listed = await session.listLoops();
    const expected = [fixed, idle].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((l) => l.id);
    expect(listed.map((l) => l.id)).toEqual(expected);
    expect(Object.isFrozen(listed)).toBe(true);

    // The sidecar holds the definitions, private to this user.
    expect(statSync(sidecar).mode & 0o777).toBe(0o600);
    expect((JSON.parse(readFileSync(sidecar, "utf8")) as { loops: { id: string }[] }).loops.map((l) => l.id).sort()).toEqual([fixed.id, idle.id].sort());

    for (const bad of [{ mode: "fixed", intervalMs: 59_999, message: "x" }, { mode: "idle", message: "" }, { mode: "weekly", message: "x" }, null]) {
      const error = await rejection(session.createLoop(bad as never));
      expect(isElwoodError(error, "invalid_loop"), JSON.stringify(bad)).toBe(true);
    }

    await session.cancelLoop(fixed.id);
    expect((await events.next("cancelled", fixed.id)).reason).toBe("caller");
    expect((await session.listLoops()).map((l) => l.id)).toEqual([idle.id]);
    expect(isElwoodError(await rejection(session.cancelLoop(fixed.id)), "loop_not_found")).toBe(true);

    for (let i = (await session.listLoops()).length; i < LOOP_LIMIT; i++) await session.createLoop({ mode: "idle", message: `loop ${i}` });
    const over = await rejection(session.createLoop({ mode: "idle", message: "one too many" }));
    expect(isElwoodError(over, "loop_limit_reached")).toBe(true);
    expect(await session.listLoops()).toHaveLength(LOOP_LIMIT);

    // A stopped session still lists and cancels; it creates nothing.
    await session.stop();
    expect(await session.listLoops()).toHaveLength(LOOP_LIMIT);
    expect((await session.listLoops()).every((l) => l.state === "waiting" && l.nextDueAt === undefined)).toBe(true);
    expect(isElwoodError(await rejection(session.createLoop({ mode: "idle", message: "late" })), "session_not_running")).toBe(true);
    await session.cancelLoop(idle.id);
    expect((await session.listLoops()).map((l) => l.id)).not.toContain(idle.id);
    expect(existsSync(sidecar)).toBe(true);
    // Teardown removes them with the session directory, each announced.
    const before = events.count("cancelled");
    await session.teardown();
    expect(events.seen.slice(-(LOOP_LIMIT - 1)).every((e) => e.kind === "cancelled" && e.reason === "teardown")).toBe(true);
    expect(events.count("cancelled") - before).toBe(LOOP_LIMIT - 1);
    expect(existsSync(sidecar)).toBe(false);
    expect(await session.listLoops()).toEqual([]);
  }, 120_000);

  it("C-LOOP-05, C-LOOP-08, C-LOOP-09, C-LOOP-16, C-LOOP-17: a due loop submits its prompt through the control queue as its own turn, fires again from the submission, and stops once cancelled", async () => {
    overrideLoopCadenceForTests(300);
    const { session } = await sim();
    const events = new LoopEvents(session);
    const replies: string[] = [];
    session.on("activity", (a) => {
      if (a.kind === "assistant_message" && typeof a.text === "string") replies.push(a.text);
    });
    await session.waitForStatus((s) => s === "ready", 30_000);
    const loop = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: "loop ping" });
    // The loop is a machine spawned under the session root: the inspector reads it (and its graph) from the tree.
    const root = (session as unknown as { runtime: { actor: AnyActorRef } }).runtime.actor;
    expect(readActorTree(root).find((a) => a.path === `session/${loop.id}`)).toMatchObject({ machineId: "loop", depth: 1 });

    const first = await events.next("fired", loop.id);
    expect(first.snapshot).toMatchObject({ id: loop.id, state: "submitted" });
    expect(first.snapshot).not.toHaveProperty("message");
    // The nominal due time (the test override shortens only the delay the machine waits, not what it reports).
    expect(first.scheduledDueAt).toBe(loop.nextDueAt);
    const reply = await session.waitForActivity((a) => a.kind === "assistant_message" && a.text === "FAKE-REPLY: loop ping", 60_000);
    expect(reply.turnId).toMatch(/^loop:/u);
    // The next cadence starts from the submission: it fires again, each time as a turn of its own.
    await events.next("fired", loop.id, events.seen.indexOf(first) + 1);
    await session.cancelLoop(loop.id);
    const firedBeforeCancel = events.count("fired");
    // A caller turn after the cancel runs alone: the cancelled loop never submits again.
    await session.sendMessage("after cancel");
    await session.waitForActivity((a) => a.kind === "assistant_message" && a.text === "FAKE-REPLY: after cancel", 60_000);
    await session.waitForStatus((s) => s === "ready", 30_000);
    expect(events.count("fired")).toBe(firedBeforeCancel);
    expect(replies.filter((r) => r === "FAKE-REPLY: loop ping").length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("C-LOOP-09, B §6.7: a loop due during send turns is held from each turn's reservation through its real boundary, never slipping in between queued turns", async () => {
    overrideLoopCadenceForTests(200);
    const dir = simDir("elwood-loops-hold-");
    const c = new ConversationSession<ClaudeAgentSession, StartClaudeOptions>(
      { cwd: dir },
      { start: async () => (await sim({ dir, script: { slowMs: 1500 } })).session, readRecord: readClaudeTranscriptRecord, readHook: readClaudeTurnHook },
    );
    try {
      const session = await c.start();
      const events = new LoopEvents(session);
      const order: string[] = [];
      session.on("loop", (e) => {
        if (e.kind === "fired") order.push("fired");
      });
      await session.waitForStatus((s) => s === "ready", 30_000);
      const first = c.send("SLOW and steady").then((text) => (order.push("first"), text));
      const second = c.send("queued second").then((text) => (order.push("second"), text));
      await session.waitForStatus((s) => s === "running", 30_000);
      // Created through the conversation class while the first turn runs: due long before it ends.
      const loop = await c.createLoop({ mode: "fixed", intervalMs: 60_000, message: "loop after turns" });
      expect(await first).toBe("This is a slow streamed reply from the fake model.");
      expect(await second).toBe("FAKE-REPLY: queued second");
      await events.next("fired", loop.id);
      expect(order.slice(0, 3)).toEqual(["first", "second", "fired"]);
      await session.waitForActivity((a) => a.kind === "assistant_message" && a.text === "FAKE-REPLY: loop after turns", 60_000);
      expect((await c.listLoops()).map((l) => l.id)).toEqual([loop.id]);
      await c.cancelLoop(loop.id);
    } finally {
      await c.close();
    }
  }, 120_000);

  it("C-LOOP-14, C-LOOP-18: concurrent creates and cancels each land in the sidecar (none is written out by another), the limit holds across them, and a create racing kill leaves nothing on disk", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-loops-race-"));
    const { session } = await sim({ stateDir });
    await session.waitForStatus((s) => s === "ready", 30_000);
    const sidecar = join(stateDir, "sessions", session.elwoodSessionId, "loops.json");
    const onDisk = (): string[] => (JSON.parse(readFileSync(sidecar, "utf8")) as { loops: { id: string }[] }).loops.map((l) => l.id).sort();

    const created = await Promise.all(Array.from({ length: 6 }, (_, i) => session.createLoop({ mode: "idle", message: `together ${i}` })));
    const ids = created.map((l) => l.id).sort();
    expect(onDisk()).toEqual(ids);
    expect((await session.listLoops()).map((l) => l.id).sort()).toEqual(ids);

    // A cancel and a create at once: the sidecar ends with exactly the surviving set.
    const [, added] = await Promise.all([session.cancelLoop(ids[0] ?? ""), session.createLoop({ mode: "idle", message: "with a cancel" })]);
    expect(onDisk()).toEqual([...ids.slice(1), added.id].sort());

    // Creates past the limit at once: exactly the limit is admitted, on disk as in memory.
    const free = LOOP_LIMIT - (await session.listLoops()).length;
    const results = await Promise.allSettled(Array.from({ length: free + 3 }, (_, i) => session.createLoop({ mode: "idle", message: `burst ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(free);
    expect(results.filter((r) => r.status === "rejected").every((r) => isElwoodError((r as PromiseRejectedResult).reason, "loop_limit_reached"))).toBe(true);
    expect(onDisk()).toHaveLength(LOOP_LIMIT);

    // A create still being written when kill runs: it rejects or is cleared, and nothing is left behind.
    await session.cancelLoop((await session.listLoops())[0]?.id ?? "");
    const racing = rejection(session.createLoop({ mode: "idle", message: "racing kill" }));
    await session.kill();
    await racing;
    expect(existsSync(sidecar)).toBe(false);
    expect(await session.listLoops()).toEqual([]);
  }, 120_000);

  it("C-LOOP-11, C-LOOP-12, C-LOOP-14, C-LOOP-20, C-LOOP-21: stop keeps the sidecar; a resume restores the same loops with fresh clocks and they fire, and the superseded object can no longer change them; a bad sidecar fails the resume; kill clears them for good", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-loops-resume-"));
    const first = await sim({ stateDir });
    const location = { stateDir, cwd: first.dir, elwoodSessionId: first.session.elwoodSessionId };
    await first.session.waitForStatus((s) => s === "ready", 30_000);
    await recordedConversation(location);
    const fixed = await first.session.createLoop({ mode: "fixed", intervalMs: 60_000, message: "after resume" });
    const idle = await first.session.createLoop({ mode: "idle", message: "idle after resume" });
    await first.session.stop();
    const sidecar = join(stateDir, "sessions", location.elwoodSessionId, "loops.json");
    const stored = JSON.parse(readFileSync(sidecar, "utf8")) as { version: number; loops: Record<string, unknown>[] };
    expect(stored.version).toBe(1);
    // Exactly the definition: no state, due time or phase.
    expect(stored.loops.map((l) => Object.keys(l).sort())).toEqual([
      ["createdAt", "expiresAt", "id", "intervalMs", "jitterMs", "message", "mode"],
      ["createdAt", "expiresAt", "id", "jitterMs", "message", "mode"],
    ]);

    const resumeOptions = {
      elwoodSessionId: location.elwoodSessionId,
      stateDir,
      cwd: first.dir,
      executable: join(first.dir, "claude-wrapper.sh"),
      env: simEnv({ log: first.logFile }),
      shell: TEST_LOGIN_SHELL,
    };
    // A sidecar readable by others is refused before anything launches.
    chmodSync(sidecar, 0o644);
    expect(isElwoodError(await rejection(resumeClaude(resumeOptions)), "state_corrupt")).toBe(true);
    chmodSync(sidecar, 0o600);

    overrideLoopCadenceForTests(300);
    const resumed = await resumeClaude(resumeOptions);
    try {
      const events = new LoopEvents(resumed);
      // The stopped object the resume superseded can no longer change the session's loops.
      expect(isElwoodError(await rejection(first.session.cancelLoop(fixed.id)), "session_not_running")).toBe(true);
      expect(isElwoodError(await rejection(first.session.createLoop({ mode: "idle", message: "stale" })), "session_not_running")).toBe(true);
      // Nor can its kill or teardown clear them, reap the resumed CLI (same session tag) or remove the directory.
      await first.session.kill().catch(() => undefined);
      await first.session.teardown().catch(() => undefined);
      expect(existsSync(sidecar)).toBe(true);
      const restored = await resumed.listLoops();
      const strip = (l: (typeof restored)[number]) => ({ id: l.id, message: l.message, jitterMs: l.jitterMs, createdAt: l.createdAt, expiresAt: l.expiresAt });
      expect(restored.map(strip).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([fixed, idle].map(strip).sort((a, b) => (a.id < b.id ? -1 : 1)));
      // Its clock starts fresh at the resumed session's readiness: it fires, as a turn of its own.
      await events.next("fired", fixed.id);
      await resumed.waitForActivity((a) => a.kind === "assistant_message" && a.text === "FAKE-REPLY: after resume", 60_000);

      await resumed.kill();
      expect(events.seen.filter((e) => e.kind === "cancelled").map((e) => [e.loopId, e.kind === "cancelled" && e.reason]).sort()).toEqual(
        [
          [fixed.id, "kill"],
          [idle.id, "kill"],
        ].sort(),
      );
      expect(existsSync(sidecar)).toBe(false);
      expect(await resumed.listLoops()).toEqual([]);
    } finally {
      await resumed.stop().catch(() => undefined);
    }
    const again = await resumeClaude(resumeOptions);
    try {
      expect(await again.listLoops()).toEqual([]);
    } finally {
      await again.stop();
    }
  }, 180_000);

  it("C-LOOP-06, C-LOOP-09: an idle loop fires after its quiet period as its own turn, and its next quiet period starts from the ready that ends that turn", async () => {
    overrideLoopCadenceForTests(300);
    const { session } = await sim();
    const events = new LoopEvents(session);
    await session.waitForStatus((s) => s === "ready", 30_000);
    const loop = await session.createLoop({ mode: "idle", message: "idle ping" });
    const first = await events.next("fired", loop.id);
    await session.waitForActivity((a) => a.kind === "assistant_message" && a.text === "FAKE-REPLY: idle ping", 60_000);
    // Re-armed only by its own turn's end: it fires again, as a later turn.
    const second = await events.next("fired", loop.id, events.seen.indexOf(first) + 1);
    expect(second.submittedAt).toBeGreaterThanOrEqual(first.submittedAt);
    await session.cancelLoop(loop.id);
  }, 120_000);
});
