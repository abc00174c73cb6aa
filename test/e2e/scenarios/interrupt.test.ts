// E2E scenario 4: interrupt() during a slow stream returns to ready from the screen alone, at full and at narrow width.
import { describe, expect, it } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

const WIDTHS = [
  { cols: 189, rows: 48 },
  { cols: 50, rows: 40 },
];

describe.each(E2E_AGENTS)("$label: interrupt", (agent) => {
  it.for(WIDTHS)(
    `${agent.label}: interrupt() during a slow stream → ready with no stop hook at $cols columns; 50 boots at 100 and restores 50 at initial ready (C-API-38, C-TURN-02, C-TURN-04, C-API-36, C-API-16)`,
    async (size, ctx) => {
      const fx = await openSession(ctx, agent, { initialSize: size });
      const { session, server } = fx;
      expect(fx.sizeAtStart).toEqual({ cols: Math.max(100, size.cols), rows: size.rows });
      await session.waitForStatus((s) => s === "ready", 30_000);
      expect(session.terminal.size).toEqual(size);

      server.enqueue({ kind: "slow", totalMs: 30_000 });
      await session.sendMessage("please stream slowly");
      const request = await server.waitForRequest((r) => r.kind === "main", 30_000);
      // The turn machine saw the turn start on screen (footer or title spinner): the CLI is streaming.
      await fx.waitForActivity("turn_started", (a) => a.kind === "turn_started", 30_000);
      expect(session.status).toBe("running");

      const readyBefore = fx.transitionsTo("ready");
      await session.interrupt({ timeoutMs: 30_000 });
      expect(session.status).toBe("ready");
      expect(fx.transitionsTo("ready")).toBe(readyBefore + 1);
      expect(request.completed).toBe(false);
      expect(fx.hooksNamed(agent.stopHook)).toEqual([]);
      expect(session.terminal.size).toEqual(size);
    },
  );
});
