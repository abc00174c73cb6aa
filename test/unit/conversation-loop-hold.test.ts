// Unit test of the primary API's loop hold (B §6.7) at the unit edge (a fake low-level session): turns queued before
// the session is live each take their hold the moment it goes live, so no loop slips in between them.

import { describe, expect, it } from "vitest";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import type { AgentSession } from "../../src/session-api.js";
import { TypedEmitter } from "../../src/typed-emitter.js";

/** A session that never finishes a turn (the test only looks at the holds) and counts the loop holds taken. */
function fakeSession() {
  const emitter = new TypedEmitter<{ status: unknown; hook: unknown; activity: unknown; warning: unknown }>();
  const holds = { taken: 0, released: 0 };
  const session = {
    status: "ready",
    on: (event: "status" | "hook" | "activity" | "warning", listener: (payload: unknown) => void) => emitter.on(event, listener),
    sendMessage: () => new Promise<string>(() => {}),
    holdLoops: () => {
      holds.taken += 1;
      return () => {
        holds.released += 1;
      };
    },
  } as unknown as AgentSession;
  return { session, holds };
}

describe("ConversationSession loop hold (B §6.7)", () => {
  it("C-LOOP-09: every turn queued before the session is live holds loop delivery from the moment it goes live", async () => {
    const fake = fakeSession();
    let goLive!: () => void;
    const live = new Promise<void>((resolve) => (goLive = resolve));
    const conversation = new ConversationSession<AgentSession, { cwd: string }>(
      { cwd: "/tmp" },
      { start: async () => (await live, fake.session), readRecord: () => [], readHook: () => undefined },
    );
    conversation.stream("first");
    conversation.stream("second");
    conversation.stream("third");
    expect(fake.holds.taken).toBe(0);
    goLive();
    await conversation.start();
    // The first turn is running and never ends here: the two queued behind it already hold, as it does.
    expect(fake.holds.taken).toBe(3);
    expect(fake.holds.released).toBe(0);
  });
});
