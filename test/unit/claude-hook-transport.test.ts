// Issue 16 item 1: which way each Claude hook is installed, per version fact, handler and environment.
import { describe, expect, it } from "vitest";
import { claudeHookSettings } from "../../adapters/claude/hook-events.js";
import { CLAUDE_ANSWER_NEEDED_HOOKS, claudeCommandClient, claudeHookRoute, claudeHookTransportFor, loopbackBypassesProxy } from "../../adapters/claude/hook-transport.js";

const facts = claudeHookTransportFor("2.1.332");
const route = (event: string, handled: string[] = [], httpAvailable = true) => claudeHookRoute(event, { facts, handled: new Set(handled), httpAvailable });

describe("Claude hook routes (issue 16 item 1)", () => {
  it("issue 16 item 1: both pinned versions have http and async hooks and never send http for SessionStart/Setup; older ones get commands only", () => {
    for (const v of ["2.1.215", "2.1.332 (Claude Code)", "2.1.400"]) {
      expect(claudeHookTransportFor(v)).toEqual({ httpHooks: true, asyncCommandHooks: true, httpNeverSentFor: ["SessionStart", "Setup"] });
    }
    expect(claudeHookTransportFor("2.1.144")).toEqual({ httpHooks: false, asyncCommandHooks: false, httpNeverSentFor: [] });
  });

  it("issue 16 item 1: every event the version sends over http goes there, handled or not; SessionStart/Setup block as commands", () => {
    expect([...CLAUDE_ANSWER_NEEDED_HOOKS].sort()).toEqual(["InstructionsLoaded", "PermissionRequest", "PostCompact", "SessionEnd", "Stop", "StopFailure", "UserPromptSubmit"]);
    for (const e of CLAUDE_ANSWER_NEEDED_HOOKS) expect(route(e)).toBe("http");
    expect(route("PreToolUse")).toBe("http");
    expect(route("PostToolBatch")).toBe("http");
    expect(route("PreToolUse", ["PreToolUse"])).toBe("http");
    expect(route("SessionStart", ["SessionStart"])).toBe("command");
    expect(route("Setup")).toBe("command");
    expect(route("WorktreeCreate", ["WorktreeCreate"])).toBe("command");
    expect(route("WorktreeCreate")).toBe("http");
  });

  it("issue 16 item 1: without a reachable listener an answer-bearing hook is a blocking command and one nobody waits on runs async; a command-only version never goes async", () => {
    expect(route("Stop", [], false)).toBe("command");
    expect(route("PreToolUse", ["PreToolUse"], false)).toBe("command");
    expect(route("PreToolUse", [], false)).toBe("async");
    const old = claudeHookTransportFor("2.1.144");
    expect(claudeHookRoute("PostToolUse", { facts: old, handled: new Set(), httpAvailable: true })).toBe("command");
    expect(claudeHookRoute("Stop", { facts: old, handled: new Set(), httpAvailable: true })).toBe("command");
  });

  it("issue 16 item 1: command hooks run the bash client when the session has one, bridge.mjs otherwise and for a handled WorktreeCreate's bare-line answer", () => {
    expect(claudeCommandClient("SessionStart", { handled: new Set(), bashAvailable: true })).toBe("bash");
    expect(claudeCommandClient("SessionStart", { handled: new Set(), bashAvailable: false })).toBe("node");
    expect(claudeCommandClient("WorktreeCreate", { handled: new Set(["WorktreeCreate"]), bashAvailable: true })).toBe("node");
    expect(claudeCommandClient("WorktreeCreate", { handled: new Set(), bashAvailable: true })).toBe("bash");
  });

  it("issue 16 item 1: a proxy variable keeps hooks off http unless NO_PROXY covers 127.0.0.1", () => {
    expect(loopbackBypassesProxy({})).toBe(true);
    expect(loopbackBypassesProxy({ HTTPS_PROXY: "http://proxy:3128" })).toBe(false);
    expect(loopbackBypassesProxy({ http_proxy: "http://proxy:3128", no_proxy: "localhost, 127.0.0.1" })).toBe(true);
    expect(loopbackBypassesProxy({ ALL_PROXY: "socks5://p", NO_PROXY: "*" })).toBe(true);
    expect(loopbackBypassesProxy({ HTTP_PROXY: "http://p", NO_PROXY: "localhost" })).toBe(false);
    expect(loopbackBypassesProxy({ HTTP_PROXY: "" })).toBe(true);
  });

  it("issue 16 item 1: the settings entries carry the route: http with the literal header, async command, blocking command", () => {
    const hooks = claudeHookSettings(["Stop", "PostToolUse", "SessionStart"], (e) => `bridge ${e}`, 35, {
      routeOf: (e) => (e === "PostToolUse" ? route(e, [], false) : route(e)),
      http: { url: (e) => `http://127.0.0.1:1/hook/${e}`, headers: { "x-elwood-hook-token": "t" } },
    });
    expect(hooks).toEqual({
      Stop: [{ matcher: "*", hooks: [{ type: "http", url: "http://127.0.0.1:1/hook/Stop", headers: { "x-elwood-hook-token": "t" }, timeout: 35 }] }],
      PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "bridge PostToolUse", timeout: 35, async: true }] }],
      SessionStart: [{ matcher: "*", hooks: [{ type: "command", command: "bridge SessionStart", timeout: 35 }] }],
    });
    expect(claudeHookSettings(["Stop"], (e) => `bridge ${e}`, 35)).toEqual({ Stop: [{ matcher: "*", hooks: [{ type: "command", command: "bridge Stop", timeout: 35 }] }] });
  });
});
