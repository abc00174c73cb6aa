// Issue 16 item 1: the real Claude CLIs (2.1.215, 2.1.332) send Elwood's routed hooks: http to the loopback listener, SessionStart as a command.
//
// Offline: `claude -p` with a loopback API URL nobody serves; the http UserPromptSubmit hook blocks the prompt, so the
// CLI never makes a model request.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec } from "../../adapters/claude/hook-events.js";
import { claudeHookRoute, claudeHookTransportFor } from "../../adapters/claude/hook-transport.js";
import { bridgeCommand } from "../../effects/hook-bridge/bridge-command.js";
import { httpHarness } from "../support/hook-http.js";

const CLIS = [
  { version: "2.1.215", bin: "node_modules/claude215/bin/claude.exe" },
  { version: "2.1.332", bin: "node_modules/claude332/bin/claude.exe" },
] as const;

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

      const dir = mkdtempSync(join(tmpdir(), "elwood-hh-claude-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      mkdirSync(join(dir, "home/.claude"), { recursive: true });
      mkdirSync(join(dir, "tmp"));
      const settingsPath = join(dir, "settings.json");
      writeFileSync(settingsPath, JSON.stringify({ hooks: withHttpStart }), { mode: 0o600 });
      const env = {
        PATH: process.env.PATH ?? "",
        HOME: join(dir, "home"),
        CLAUDE_CONFIG_DIR: join(dir, "home/.claude"),
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
        ANTHROPIC_API_KEY: "sk-ant-api03-elwood-hook-http-test-FAKEAA",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_TMPDIR: join(dir, "tmp"),
        TMPDIR: join(dir, "tmp"),
      };
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(join(process.cwd(), cli.bin), ["-p", "hello over http", "--settings", settingsPath], { env, cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
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
