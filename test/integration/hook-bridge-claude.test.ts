// The real Claude CLIs (2.1.215, 2.1.332) run Elwood's generated hook settings through bridge.mjs and obey a typed decision.
//
// Offline: `claude -p` with a loopback API URL that nobody serves; the UserPromptSubmit hook blocks the prompt,
// so the CLI never makes a model request.
import { join } from "node:path";
import { CLAUDE_PRINT_CLIS, claudePrintHome, runClaudePrint } from "../support/claude-print-run.js";
import { afterEach, describe, expect, it } from "vitest";
import { createClaudeHookDispatcher, type ClaudeHookError } from "../../adapters/claude/hook-dispatch.js";
import { ALL_CLAUDE_HOOK_EVENTS, claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec } from "../../adapters/claude/hook-events.js";
import type { ClaudeHookPayloads } from "../../adapters/claude/hook-types.js";
import { bridgeCommand } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeError } from "../../effects/hook-bridge/server.js";

const CLIS = CLAUDE_PRINT_CLIS;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe("hook bridge with the real Claude CLI", () => {
  for (const cli of CLIS) {
    it(`C-HOOK-01 C-HOOK-02 C-HRESP-06: claude ${cli.version} routes hooks through the bridge and obeys a UserPromptSubmit block`, async () => {
      const events: string[] = [];
      const prompts: string[] = [];
      const hookErrors: ClaudeHookError[] = [];
      const bridgeErrors: HookBridgeError[] = [];
      let sessionStart: ClaudeHookPayloads["SessionStart"] | undefined;
      const timeoutMs = 10_000;
      const handler = createClaudeHookDispatcher({
        handlers: {
          SessionStart: (p) => void (sessionStart = p),
          UserPromptSubmit: (p) => (prompts.push(p.prompt), { decision: "block", reason: "ELWOOD-TEST-BLOCK" }),
        },
        timeoutMs,
        onHookError: (e) => hookErrors.push(e),
        onHookResult: () => undefined,
        onEvent: (e) => events.push(e),
      });
      const server = await HookBridgeServer.start({ knownEvents: ALL_CLAUDE_HOOK_EVENTS, handler, timeoutMs });
      server.onError((e) => bridgeErrors.push(e));
      cleanups.push(() => server.close());

      const hooks = claudeHookSettings(claudeHookEventsFor(cli.version), (ev) => bridgeCommand(ev, server.configPath), claudeHookTimeoutSec(timeoutMs));
      const home = claudePrintHome("elwood-hb-claude-", { hooks }, cleanups);
      const dir = home.dir;
      const { code, output } = await runClaudePrint(join(process.cwd(), cli.bin), "hello from elwood", home);

      expect(output).toContain("ELWOOD-TEST-BLOCK");
      expect(code).toBe(0);
      expect(prompts).toEqual(["hello from elwood"]);
      expect(events.slice(0, 2)).toEqual(["SessionStart", "UserPromptSubmit"]);
      expect(sessionStart?.source).toBe("startup");
      expect(sessionStart?.cwd).toBe(dir);
      expect(hookErrors).toEqual([]);
      expect(bridgeErrors).toEqual([]);
    }, 90_000);
  }
});
