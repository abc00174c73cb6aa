// Integration (simulated Claude): spec A §10.11 — a `send` whose first paste the CLI swallowed is replayed at the idle composer and returns the reply, with one turn at the model.

import { afterEach, describe, expect, it } from "vitest";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readClaudeTurnHook } from "../../adapters/claude/turn-hooks.js";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import type { ClaudeAgentSession } from "../../src/session-api.js";
import type { StartClaudeOptions } from "../../src/start-claude.js";
import type { SimScript } from "../sim/sim-control.js";
import { simDir, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const sims: ClaudeSim[] = [];
afterEach(async () => {
  for (const sim of sims.splice(0)) await sim.cleanup();
});

function conversation(script: SimScript) {
  const dir = simDir("elwood-acceptance-");
  const c = new ConversationSession<ClaudeAgentSession, StartClaudeOptions>(
    { cwd: dir },
    {
      start: async () => {
        const sim = await startClaudeSim({ dir, script });
        sims.push(sim);
        return sim.session;
      },
      readRecord: readClaudeTranscriptRecord,
      readHook: readClaudeTurnHook,
    },
  );
  return c;
}

describe("positive acceptance on Claude (spec A §10.11)", () => {
  it("spec A §10.11 / C-CLAUDE-PASTE-04: a swallowed first paste is replayed once at the idle composer; send returns the reply and the model saw one turn", async () => {
    const c = conversation({ swallowFirstPaste: true, swallowWindowMs: 600_000, transcript: { records: 1 } });
    try {
      const reply = await c.send("hello after a swallowed paste", { timeoutMs: 60_000 });
      expect(reply).toBe("FAKE-REPLY: hello after a swallowed paste");
      const log = sims[0]?.log() ?? [];
      expect(log.filter((r) => r.kind === "paste-swallowed")).toHaveLength(1);
      expect(log.filter((r) => r.kind === "paste").map((r) => (r as { text: string }).text)).toEqual([
        "hello after a swallowed paste",
        "hello after a swallowed paste",
      ]);
      expect(log.filter((r) => r.kind === "submit").map((r) => (r as { text: string }).text)).toEqual(["hello after a swallowed paste"]);
    } finally {
      await c.close();
    }
  });
});
