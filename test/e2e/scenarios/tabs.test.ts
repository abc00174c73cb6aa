// E2E (real Claude Code 2.1.215 / 2.1.332, Codex 0.144.6 / 0.171.0), issue 13 item 7: Elwood writes TABs exactly (the
// `input` observable shows every one); what the agent then receives is the CLI's own doing, asserted per version.
import { describe, expect, it } from "vitest";
import { E2E_AGENTS, type E2EAgent } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

const SMALL = "col1\tcol2\tcol3";
/** 24 lines (~420 characters): Claude collapses it into a `[Pasted text #N …]` chip. */
const LARGE = Array.from({ length: 24 }, (_, i) => `row${i}\tvalue${i}\tend`).join("\n");

const tabs = (s: string): number => [...s].filter((c) => c === "\t").length;

/** What the CLI hands its prompt hook and the model for a pasted text, as measured on each pinned version. */
function received(agent: E2EAgent, text: string): RegExp | string {
  if (agent.kind === "codex") return text; // both Codex versions keep every TAB
  const spaced = text.replaceAll("\t", "    "); // both Claude versions turn each TAB into 4 spaces
  if (agent.version === "2.1.332" && text === LARGE) {
    const escaped = spaced.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`^\\n\\n<pasted_content id="([0-9a-f]+)">\\n${escaped}\\n</pasted_content id="\\1">\\n$`);
  }
  return spaced;
}

describe.each([...E2E_AGENTS, ...CODEX_AGENTS])("$label: TABs in a message", (agent) => {
  it.for([
    ["one line", SMALL],
    ["24-line paste", LARGE],
  ] as const)(`${agent.label}: %s — Elwood writes every TAB; the agent receives what this CLI version makes of them (issue 13 item 7)`, async ([, text], ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const written: number[] = [];
    session.on("input", (e) => written.push(...e.bytes));
    await session.sendMessage(text);
    const prompt = String((await fx.waitForHook("UserPromptSubmit", () => true, 30_000)).payload["prompt"]);
    await fx.waitForHook("Stop", () => true, 30_000);

    expect(Buffer.from(written).toString("utf8")).toContain(`\x1b[200~${text}\x1b[201~`);
    expect(written.filter((b) => b === 9)).toHaveLength(tabs(text));
    const expected = received(agent, text);
    const model = fx.mainRequests()[0]?.userText ?? "";
    if (typeof expected === "string") {
      expect(prompt).toBe(expected);
      expect(model).toBe(expected);
    } else {
      expect(prompt).toMatch(expected);
      expect(model).toMatch(expected);
    }
  });
});
