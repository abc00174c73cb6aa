// Every timeout option is bounded by what a Node timer can hold (2^31 − 1 ms): a longer one would overflow to 1 ms and
// fire at once, so the library rejects it with a typed invalid_argument before anything starts (issue 38).

import { describe, expect, it } from "vitest";
import { validTimeout } from "../../src/call-checks.js";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { MAX_TIMER_MS } from "../../src/contracts/timer-limit.js";
import type { AgentSession } from "../../src/session-api.js";
import { waitForStatus } from "../../src/wait-for.js";

function unstartedConversation(): { conversation: ConversationSession<AgentSession, { cwd: string }>; starts: number[] } {
  const starts: number[] = [];
  const conversation = new ConversationSession<AgentSession, { cwd: string }>(
    { cwd: "/tmp" },
    {
      start: async () => {
        starts.push(1);
        throw new Error("never started by a refused turn");
      },
      readRecord: () => [],
      readHook: () => undefined,
    },
  );
  return { conversation, starts };
}

describe("timeout options are bounded by the Node timer limit (issue 38)", () => {
  it("send/stream: timeoutMs or catchUpMs above 2^31 − 1 ms rejects invalid_argument naming the option; the session is not started", async () => {
    const { conversation, starts } = unstartedConversation();
    for (const option of ["timeoutMs", "catchUpMs"] as const) {
      const error = await conversation.send("hello", { [option]: MAX_TIMER_MS + 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ElwoodError);
      expect(error).toMatchObject({ code: "invalid_argument", details: { option } });
    }
    expect(starts).toEqual([]);
  });

  it("interrupt/compact/model calls and waitForStatus: a timeout above the limit is invalid_argument; the limit itself is accepted", async () => {
    expect(validTimeout(MAX_TIMER_MS, 1)).toBe(MAX_TIMER_MS);
    expect(validTimeout(MAX_TIMER_MS + 1, 1)).toMatchObject({ code: "invalid_argument", details: { option: "timeoutMs" } });
    expect(validTimeout(2 ** 31, 1)).toBeInstanceOf(ElwoodError);
    const sources = { currentStatus: () => "running" as const, onStatus: () => () => {}, onActivity: () => () => {}, deadline: () => () => {} };
    const error = await waitForStatus(sources, (s) => s === "ready", MAX_TIMER_MS + 1).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid_argument", details: { option: "timeoutMs" } });
  });
});
