// The real Claude CLIs (2.1.215, 2.1.332) run Elwood's generated hook settings through bridge.mjs and obey a typed decision.
//
// Offline: `claude -p` with a loopback API URL that nobody serves; the UserPromptSubmit hook blocks the prompt,
// so the CLI never makes a model request.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClaudeHookDispatcher, type ClaudeHookError } from "../../adapters/claude/hook-dispatch.js";
import { ALL_CLAUDE_HOOK_EVENTS, claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec } from "../../adapters/claude/hook-events.js";
import type { ClaudeHookPayloads } from "../../adapters/claude/hook-types.js";
import { bridgeCommand } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeError } from "../../effects/hook-bridge/server.js";

const CLIS = [
  { version: "2.1.215", bin: "node_modules/claude215/bin/claude.exe" },
  { version: "2.1.332", bin: "node_modules/claude332/bin/claude.exe" },
] as const;

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

      const dir = mkdtempSync(join(tmpdir(), "elwood-hb-claude-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      mkdirSync(join(dir, "home/.claude"), { recursive: true });
      mkdirSync(join(dir, "tmp"));
      const settingsPath = join(dir, "settings.json");
      const hooks = claudeHookSettings(claudeHookEventsFor(cli.version), (ev) => bridgeCommand(ev, server.configPath), claudeHookTimeoutSec(timeoutMs));
      writeFileSync(settingsPath, JSON.stringify({ hooks }), { mode: 0o600 });

      const env = {
        PATH: process.env.PATH ?? "",
        HOME: join(dir, "home"),
        CLAUDE_CONFIG_DIR: join(dir, "home/.claude"),
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
        ANTHROPIC_API_KEY: "sk-ant-api03-elwood-hook-bridge-test-FAKEAA",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_TMPDIR: join(dir, "tmp"),
        TMPDIR: join(dir, "tmp"),
      };
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(join(process.cwd(), cli.bin), ["-p", "hello from elwood", "--settings", settingsPath], {
          env,
          cwd: dir,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
        child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
        const kill = setTimeout(() => child.kill("SIGKILL"), 60_000);
        child.on("error", reject);
        child.on("close", (c) => {
          clearTimeout(kill);
          resolve({ code: c, output });
        });
      });

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
