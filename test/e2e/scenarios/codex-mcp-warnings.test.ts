// E2E (real Codex 0.144.6 / 0.171.0): two session-scoped MCP servers, one stdio command that exits at once and one
// loopback streamable-HTTP server answering 401. 0.144.6 prints its not-logged-in and startup-incomplete rows in the
// welcome region and Elwood warns once per server; 0.171.0 folds them behind F2 (never pressed), so it warns nothing.
// Either way the session reaches `ready`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

interface Unauthorized {
  readonly url: string;
  readonly requests: () => number;
  close(): Promise<void>;
}

/** A loopback MCP endpoint that refuses every request with 401 and an OAuth challenge, so Codex asks for a login. */
async function unauthorizedMcp(): Promise<Unauthorized> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    const { port } = server.address() as AddressInfo;
    res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource"`, "content-type": "application/json" });
    res.end('{"error":"unauthorized"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(CODEX_AGENTS)("$label: MCP startup warnings", (agent) => {
  it(`${agent.label}: a failing stdio server and a 401 HTTP server (B-4.3 mcp_server_not_logged_in / mcp_startup_incomplete, C-4.2 MCP rows)`, async (ctx) => {
    const mcp = await unauthorizedMcp();
    ctx.onTestFinished(() => mcp.close());
    const fx = await openSession(ctx, agent, {
      configOverrides: ['mcp_servers.broken.command="false"', `mcp_servers.locked.url=${JSON.stringify(mcp.url)}`],
    });
    await fx.session.waitForStatus((s) => s === "ready", 30_000);
    const mcpWarnings = () => fx.activities.filter((a) => a.kind === "warning" && a.label.startsWith("mcp_"));
    if (agent.version === "0.144.6") {
      await fx.waitForActivity("the MCP startup-incomplete warning", (a) => a.kind === "warning" && a.label === "mcp_startup_incomplete", 30_000);
      // A turn repaints the welcome rows: still one warning per server and code.
      await fx.session.sendMessage("hello");
      await fx.waitForHook("Stop", () => true, 30_000);
      await fx.session.waitForStatus((s) => s === "ready", 30_000);
      expect(mcpWarnings().map((a) => [a.label, a.text, a.raw])).toEqual([
        ["mcp_server_not_logged_in", "the locked MCP server is not logged in; run `codex mcp login locked`", "mcp_server_not_logged_in mcpServerName=locked"],
        ["mcp_startup_incomplete", "MCP startup incomplete (failed: broken, locked)", "mcp_startup_incomplete"],
      ]);
      expect(mcpWarnings().every((a) => a.source === "terminal")).toBe(true);
    } else {
      // Both servers failed (the 401 endpoint was called) and their warnings sit behind the footer's F2 count, which
      // counts at least those two (the sandbox's bubblewrap notice may be a third).
      const count = (text: string): number => Number(/⚠ (\d+) warnings? · f2 to view/.exec(text)?.[1] ?? 0);
      await fx.waitForScreen("two or more collapsed warnings", (text) => count(text) >= 2, 30_000);
      await expect.poll(() => mcp.requests(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(mcpWarnings()).toEqual([]);
    }
    expect(fx.session.status).toBe("ready");
  });
});
