// E2E (every pinned Claude and Codex): a recurring loop's prompt reaches the model as a turn of its own, twice, through
// the readiness queue, under the test-only cadence override (production loops wait at least a minute); a loop survives
// stop and resume and is gone after kill.
import { afterEach, describe, expect, it } from "vitest";
import type { ElwoodLoopEvent } from "../../../src/contracts/loop.js";
import type { ActivityEvent } from "../../../src/contracts/public-types.js";
import { overrideLoopCadenceForTests } from "../../../src/loop-test-timing.js";
import { resumeClaude, resumeCodex, type AgentSession } from "../../../src/index.js";
import { FAKE_REPLY_PREFIX } from "../model-server/script.js";
import { CLAUDE_AGENTS, type E2EAgent } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { recordedConversation } from "../../support/recorded-conversation.js";
import { openSession } from "../support/session-fixture.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS];

/** Resumes the stored session on its own CLI (Claude with the posture it was started with). */
function resumeAgent(agent: E2EAgent, common: { cwd: string; executable: string; env: Readonly<Record<string, string>>; elwoodSessionId: string }): Promise<AgentSession> {
  return agent.kind === "claude" ? resumeClaude({ ...common, permissionMode: "default" }) : resumeCodex(common);
}
const MESSAGE = "loop e2e ping";
const RESUMED_MESSAGE = "loop after resume ping";

afterEach(() => overrideLoopCadenceForTests(undefined));

describe.each(AGENTS)("$label: loops", (agent) => {
  it(`${agent.label}: a fixed loop fires twice, each time its own turn whose reply arrives, and stops once cancelled (C-LOOP-05, C-LOOP-08, C-LOOP-09, C-LOOP-17)`, async (ctx) => {
    overrideLoopCadenceForTests(1_500);
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    const fired: ElwoodLoopEvent[] = [];
    let wake: () => void = () => {};
    session.on("loop", (e) => {
      if (e.kind === "fired") fired.push(e);
      wake();
    });
    const firedTimes = (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => fired.length >= n && resolve();
        wake();
      });
    await session.waitForStatus((s) => s === "ready", 30_000);
    const loop = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: MESSAGE });

    await firedTimes(2);
    await session.cancelLoop(loop.id);
    // Both runs reached the model as user turns and their replies came back through the transcript.
    const isReply = (a: ActivityEvent): boolean => a.kind === "assistant_message" && a.text === `${FAKE_REPLY_PREFIX}${MESSAGE}`;
    await fx.waitForActivity("the second loop reply", (a) => isReply(a) && fx.activities.filter(isReply).length >= 2, 60_000);
    await session.waitForStatus((s) => s === "ready", 30_000);
    expect(fx.mainRequests().filter((r) => r.userText.includes(MESSAGE))).toHaveLength(2);
    expect(fx.hooksNamed(agent.promptHook).filter((h) => h.payload["prompt"] === MESSAGE)).toHaveLength(2);
    expect(fired).toHaveLength(2);
    expect(await session.listLoops()).toEqual([]);
  });

  it(`${agent.label}: a loop survives stop and resume (same id, fresh clock, its prompt reaches the model) and is gone after kill (C-LOOP-12, C-LOOP-14, issue 18)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, home } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    await session.sendMessage("hello before the loop");
    await fx.waitForHook(agent.stopHook, undefined, 60_000);
    await session.waitForStatus((s) => s === "ready", 60_000);
    const location = { cwd: home.project, elwoodSessionId: session.elwoodSessionId };
    await recordedConversation(location, 600);
    // Created at the real cadence (at least a minute): it cannot fire before the stop.
    const loop = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: RESUMED_MESSAGE });
    await session.stop();

    overrideLoopCadenceForTests(1_500);
    const options = { cwd: home.project, executable: agent.executable, env: home.env, elwoodSessionId: session.elwoodSessionId };
    const resumed = await resumeAgent(agent, options);
    try {
      expect((await resumed.listLoops()).map((l) => [l.id, l.jitterMs, l.createdAt])).toEqual([[loop.id, loop.jitterMs, loop.createdAt]]);
      const fired = new Promise<void>((resolve) => resumed.on("loop", (e) => e.kind === "fired" && e.loopId === loop.id && resolve()));
      // Its turn ends with the model's reply to the loop's prompt (the request reached the model server).
      const answered = new Promise<void>(
        (resolve) => resumed.on("hook", (h) => h.name === agent.stopHook && h.payload[agent.stopReplyField] === `${FAKE_REPLY_PREFIX}${RESUMED_MESSAGE}` && resolve()),
      );
      await fired;
      await answered;
      const cancelled: string[] = [];
      resumed.on("loop", (e) => e.kind === "cancelled" && cancelled.push(`${e.loopId}:${e.reason}`));
      await resumed.kill();
      expect(cancelled).toEqual([`${loop.id}:kill`]);
    } finally {
      await resumed.stop().catch(() => undefined);
    }
    expect(fx.mainRequests().some((r) => r.userText.includes(RESUMED_MESSAGE))).toBe(true);
    overrideLoopCadenceForTests(undefined);
    const again = await resumeAgent(agent, options);
    try {
      expect(await again.listLoops()).toEqual([]);
    } finally {
      await again.teardown();
    }
  });
});
