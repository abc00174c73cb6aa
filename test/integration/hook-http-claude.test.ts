// Issue 16 item 1: the real Claude CLIs (2.1.215, 2.1.332) send Elwood's routed hooks: http to the loopback listener, SessionStart as a command.
//
// Offline: `claude -p` with a loopback API URL nobody serves; the http UserPromptSubmit hook blocks the prompt, so the
// CLI never makes a model request.
import { join } from "node:path";
import { CLAUDE_PRINT_CLIS, claudePrintHome, runClaudePrint } from "../support/claude-print-run.js";
import { afterEach, describe, expect, it } from "vitest";
import { claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec } from "../../adapters/claude/hook-events.js";
import { claudeHookRoute, claudeHookTransportFor } from "../../adapters/claude/hook-transport.js";
import { bridgeCommand } from "../../effects/hook-bridge/bridge-command.js";
import { httpHarness } from "../support/hook-http.js";

const CLIS = CLAUDE_PRINT_CLIS;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe("routed hooks with the real Claude CLI (issue 16 item 1)", () => {
  for (const cli of CLIS) {
    it(`issue 16 item 1 C-HRESP-06: claude ${cli.version} POSTs the http UserPromptSubmit with the literal token header and obeys its block; SessionStart stays a command and an http SessionStart is never sent`, async () => {
      const prompts: string[] = [];
      const timeoutMs = 10_000;
      const h = await httpHarness({ UserPromptSubmit: (p) => (prompts.push(p.prompt), { decision: "block", reason: "ELWOOD-HTTP-BLOCK" }) }, timeoutMs);
      cleanups.push(() => h.server.close());
      const http = h.server.http!;
      const facts = claudeHookTransportFor(cli.version);
      const handled = new Set(["UserPromptSubmit"]);
      const hooks = claudeHookSettings(claudeHookEventsFor(cli.version), (ev) => bridgeCommand(ev, h.server.configPath), claudeHookTimeoutSec(timeoutMs), {
        routeOf: (ev) => claudeHookRoute(ev, { facts, handled, httpAvailable: true }),
        http,
      });
      expect(hooks["UserPromptSubmit"]?.[0]?.hooks[0]?.type).toBe("http");
      expect(hooks["SessionStart"]?.[0]?.hooks[0]?.type).toBe("command");
      // A second, http SessionStart group: the CLI must skip it (the fact SessionStart stays a command rests on).
      const withHttpStart = { ...hooks, SessionStart: [...(hooks["SessionStart"] ?? []), { matcher: "*", hooks: [{ type: "http", url: http.url("SessionStart"), headers: http.headers, timeout: 10 }] }] };

      const home = claudePrintHome("elwood-hh-claude-", { hooks: withHttpStart }, cleanups);
      const { code, output } = await runClaudePrint(join(process.cwd(), cli.bin), "hello over http", home);

      expect(output).toContain("ELWOOD-HTTP-BLOCK");
      expect(code).toBe(0);
      expect(prompts).toEqual(["hello over http"]);
      expect(h.events.filter((e) => e === "SessionStart")).toEqual(["SessionStart"]);
      expect(h.events).toContain("UserPromptSubmit");
      expect(h.hookErrors).toEqual([]);
      expect(h.bridgeErrors).toEqual([]);
    }, 90_000);
  }
});
