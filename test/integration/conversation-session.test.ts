// Integration (simulated Claude): the primary API's lazy surface and its rxjs interop — stream$() as an Observable of one turn, subscriptions and lifecycle calls before start.

import { firstValueFrom, toArray } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readClaudeTurnHook } from "../../adapters/claude/turn-hooks.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import type { ClaudeAgentSession } from "../../src/session-api.js";
import type { StartClaudeOptions } from "../../src/start-claude.js";
import type { SimScript } from "../sim/sim-control.js";
import { simDir, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const sims: ClaudeSim[] = [];
afterEach(async () => {
  for (const sim of sims.splice(0)) await sim.cleanup();
});

/** A primary-API session whose CLI is the simulated Claude; `starts` counts how often the CLI was launched. */
function conversation(script: SimScript = {}) {
  const dir = simDir("elwood-conversation-");
  const counts = { starts: 0 };
  const c = new ConversationSession<ClaudeAgentSession, StartClaudeOptions>(
    { cwd: dir },
    {
      start: async () => {
        counts.starts += 1;
        const sim = await startClaudeSim({ dir, script });
        sims.push(sim);
        return sim.session;
      },
      readRecord: readClaudeTranscriptRecord,
      readHook: readClaudeTurnHook,
    },
  );
  return { c, counts };
}

describe("ClaudeSession / CodexSession primary API on the simulated CLI (issue 17)", () => {
  it("issue 17 (rxjs interop): stream$() is an Observable of exactly one turn — its transcript text in order, then one result, then complete", async () => {
    const { c } = conversation({ transcript: { records: 2 } });
    try {
      const events = await firstValueFrom(c.stream$("hello observable", { timeoutMs: 60_000 }).pipe(toArray()));
      const content = events.filter((e) => e.type !== "status" && e.type !== "warning");
      expect(content.map((e) => e.type)).toEqual(["text", "text", "result"]);
      expect(content[1]).toEqual({ type: "text", text: "FAKE-REPLY: hello observable" });
      expect(content[2]).toMatchObject({ type: "result", status: "completed", text: "sim line 1.1\n\nFAKE-REPLY: hello observable" });
    } finally {
      await c.close();
    }
  });

  it("spec B §5.2: on() before start is buffered and never starts; stop/kill/close before start are no-ops; concurrent starts share one launch", async () => {
    const { c, counts } = conversation();
    const statuses: SessionStatus[] = [];
    c.on("status", (e) => statuses.push(e.status));
    await c.stop();
    await c.kill();
    await c.close();
    expect(counts.starts).toBe(0);
    expect(c.status).toBe("starting");
    expect(c.session).toBeUndefined();
    try {
      const [a, b] = await Promise.all([c.start(), c.start()]);
      expect(a).toBe(b);
      expect(counts.starts).toBe(1);
      expect(c.session).toBe(a);
      await c.waitForStatus((s) => s === "ready", 60_000);
      // The listener attached before start saw the session's own status changes.
      expect(statuses).toContain("ready");
    } finally {
      await c.close();
    }
    expect(["stopped", "exited", "killed"]).toContain(c.status);
  });
});
