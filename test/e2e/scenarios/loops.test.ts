// E2E: a recurring loop on the real Claude Code (2.1.215): its prompt reaches the model as a turn of its own, twice,
// through the readiness queue, under the test-only cadence override (production loops wait at least a minute).
import { afterEach, describe, expect, it } from "vitest";
import type { ElwoodLoopEvent } from "../../../src/contracts/loop.js";
import type { ActivityEvent } from "../../../src/contracts/public-types.js";
import { overrideLoopCadenceForTests } from "../../../src/loop-test-timing.js";
import { FAKE_REPLY_PREFIX } from "../model-server/script.js";
import { agentsOf } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

const AGENTS = agentsOf("claude").filter((a) => a.version === "2.1.215");
const MESSAGE = "loop e2e ping";

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
});
