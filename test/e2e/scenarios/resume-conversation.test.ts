// E2E (every pinned Claude and Codex): the primary API on a resumed conversation (issue 33 §4). A conversation sends
// one turn and stops; a new ClaudeSession / CodexSession given `resume` reports resumed, and its send gets the reply
// with the earlier turn in the model's context.
import { describe, expect, it } from "vitest";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";
import { constructConversation, openConversation } from "../support/conversation-fixture.js";
import { recordedConversation } from "../../support/recorded-conversation.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS, ...QWEN_AGENTS];

describe.each(AGENTS)("$label: send on a resumed conversation", (agent) => {
  it(`${agent.label}: a conversation given resume reports resumed and sends on the recorded conversation (issue 33 §4, C-API-26)`, async (ctx) => {
    const { conversation, server, home } = await openConversation(ctx, agent);
    server.enqueue({ kind: "text", text: "Noted: the code word is pelican." });
    expect(await conversation.send("remember the code word pelican")).toBe("Noted: the code word is pelican.");
    expect(conversation.resumed).toBe(false);
    const elwoodSessionId = conversation.session?.elwoodSessionId ?? "";
    // The CLI's own conversation id reaches the record in the background after its first hook.
    await recordedConversation({ cwd: home.project, elwoodSessionId }, 600);
    await conversation.stop();

    const resumed = constructConversation(agent, home, { resume: elwoodSessionId });
    try {
      expect(resumed.resumed).toBeUndefined();
      server.enqueue({ kind: "text", text: "The code word was pelican." });
      const before = server.requests.length;
      expect(await resumed.send("what was the code word?")).toBe("The code word was pelican.");
      expect(resumed.resumed).toBe(true);
      expect(resumed.session?.elwoodSessionId).toBe(elwoodSessionId);
      const main = server.requests.slice(before).filter((r) => r.kind === "main");
      expect(main.map((r) => r.userText)).toEqual(["what was the code word?"]);
      // The earlier turn travels with the new one.
      expect(JSON.stringify(main[0]?.body)).toContain("remember the code word pelican");
    } finally {
      await resumed.teardown().catch(() => undefined);
    }
  });
});
