// Unit test of the primary API's close() at the unit edge (a fake low-level session): stop, falling back to kill, and
// termination_failed naming both failures when neither ends the session (C-API-51).

import { describe, expect, it } from "vitest";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { AgentSession } from "../../src/session-api.js";
import { TypedEmitter } from "../../src/typed-emitter.js";

function conversationOver(stop: () => Promise<void>, kill: () => Promise<void>) {
  const emitter = new TypedEmitter<{ status: unknown; hook: unknown; activity: unknown; warning: unknown }>();
  const calls: string[] = [];
  const session = {
    status: "ready",
    on: (event: "status" | "hook" | "activity" | "warning", listener: (payload: unknown) => void) => emitter.on(event, listener),
    stop: () => (calls.push("stop"), stop()),
    kill: () => (calls.push("kill"), kill()),
  } as unknown as AgentSession;
  const conversation = new ConversationSession<AgentSession, { cwd: string }>({ cwd: "/tmp" }, { start: async () => session, readRecord: () => [], readHook: () => undefined });
  return { conversation, calls };
}

describe("ConversationSession.close (C-API-51)", () => {
  it("C-API-51: a close before any start does nothing", async () => {
    const { conversation, calls } = conversationOver(async () => {}, async () => {});
    await conversation.close();
    expect(calls).toEqual([]);
  });

  it("C-API-51: a stop that works is the whole close; a failing stop falls back to kill", async () => {
    const ok = conversationOver(async () => {}, async () => {});
    await ok.conversation.start();
    await ok.conversation.close();
    expect(ok.calls).toEqual(["stop"]);
    const fallback = conversationOver(() => Promise.reject(new ElwoodError("termination_failed", "group survived")), async () => {});
    await fallback.conversation.start();
    await fallback.conversation.close();
    expect(fallback.calls).toEqual(["stop", "kill"]);
  });

  it("C-API-51: when stop and kill both fail, close rejects termination_failed with both causes (names only) and the group", async () => {
    const { conversation } = conversationOver(
      () => Promise.reject(new Error("secret text never shown")),
      () => Promise.reject(new ElwoodError("termination_failed", "group survived", { processGroupId: 31 })),
    );
    await conversation.start();
    const error = await conversation.close().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ElwoodError);
    expect(error).toMatchObject({ code: "termination_failed", details: { processGroupId: 31, cause: "Error", killCause: "termination_failed" } });
    expect(JSON.stringify((error as ElwoodError).details)).not.toContain("secret");
  });
});
