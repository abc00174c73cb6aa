// E2E scenario 2: a multi-line prompt is one user turn with its newlines, and paste-breaking bytes arrive as inert text.
import { describe, expect, it } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

/** 2.1.332 wraps a long paste in `<pasted_content id="…">` tags (and pads it with blank lines); unwrap to compare content. */
function unwrapPaste(text: string): string {
  return text.replace(/<\/?pasted_content(?: id="[^"]*")?>/g, "").replace(/^\n+|\n+$/g, "");
}

const TEN_LINES = Array.from({ length: 10 }, (_, i) => `line ${i + 1} of the multi-line prompt`).join("\n");

describe.each(E2E_AGENTS)("$label: prompt shape", (agent) => {
  it(`${agent.label}: a 10-line message is one user turn with newlines intact; ESC[201~ and an Enter byte arrive sanitized as text, no extra turn (C-API-06, C-API-31, C-API-40, C-E2E-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);

    await session.sendMessage(TEN_LINES);
    await fx.waitForHook(agent.stopHook);
    await fx.untilTransitions("ready", 2);
    expect(fx.mainRequests().map((r) => unwrapPaste(r.userText))).toEqual([TEN_LINES]);

    // Unsanitized, ESC[201~ would end the paste early and the CR after it would submit "breakout-a" on its own.
    await session.sendMessage("breakout-a\x1b[201~\rbreakout-b");
    await fx.untilTransitions("ready", 3);
    await fx.waitForHook(agent.stopHook, (h) => String(h.payload[agent.stopReplyField] ?? "").includes("breakout-b"));

    const turns = fx.mainRequests();
    expect(turns).toHaveLength(2);
    const text = unwrapPaste(turns[1]!.userText);
    expect(text).toContain("breakout-a");
    expect(text).toContain("breakout-b");
    expect(text).not.toContain("\x1b");
    expect(text).not.toContain("[201~");
    // The Enter byte stayed inside the paste: the CLI turned it into a line break, not a submission.
    expect(text.replace(/\r\n?/g, "\n")).toBe("breakout-a\nbreakout-b");
    expect(fx.hooksNamed(agent.promptHook)).toHaveLength(2);
  });
});
