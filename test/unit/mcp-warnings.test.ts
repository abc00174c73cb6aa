// MCP startup warnings are edge-triggered: once per server per kind and session, through the root on every frame.

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type AnyActorLogic } from "xstate";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { newMcpWarnings } from "../../machines/mcp-warnings.js";
import { createSessionMachine, type SessionInput, type SessionPublicEvent } from "../../machines/session.js";
import type { McpNoticeFact } from "../../src/contracts/screen-facts.js";
import { frame } from "../support/facts.js";

const LOCKED: McpNoticeFact = { kind: "not_logged_in", server: "locked", recoveryCommand: "codex mcp login locked" };
const FAILED = (servers: string[]): McpNoticeFact => ({ kind: "startup_incomplete", servers, recoveryCommands: servers.map((s) => `codex mcp login ${s}`) });

describe("newMcpWarnings (spec B §4.3 mcp_server_not_logged_in / mcp_startup_incomplete)", () => {
  it("B-4.3-mcp: the first sight warns; the same notices again (a repaint) warn nothing", () => {
    const first = newMcpWarnings([LOCKED, FAILED(["broken", "locked"])], []);
    expect(first.warnings).toEqual([
      {
        code: "mcp_server_not_logged_in",
        message: "the locked MCP server is not logged in; run `codex mcp login locked`",
        details: { mcpServerName: "locked", recoveryCommand: "codex mcp login locked" },
      },
      {
        code: "mcp_startup_incomplete",
        message: "MCP startup incomplete (failed: broken, locked)",
        details: { failedServers: ["broken", "locked"], recoveryCommands: ["codex mcp login broken", "codex mcp login locked"] },
      },
    ]);
    const again = newMcpWarnings([LOCKED, FAILED(["broken", "locked"])], first.warned);
    expect(again.warnings).toEqual([]);
    expect(again.warned).toBe(first.warned);
  });

  it("B-4.3-mcp: a later row naming a new failed server warns for that server only", () => {
    const first = newMcpWarnings([FAILED(["broken"])], []);
    const later = newMcpWarnings([FAILED(["broken", "late"])], first.warned);
    expect(later.warnings).toEqual([
      { code: "mcp_startup_incomplete", message: "MCP startup incomplete (failed: late)", details: { failedServers: ["late"], recoveryCommands: ["codex mcp login late"] } },
    ]);
  });
});

const INPUT: SessionInput = { elwoodSessionId: "s1", adapter: codexAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {}, hooksInput: {}, endInput: {} };

describe("the session root warns about MCP notices on frames, once", () => {
  it("B-4.3-mcp: ten repaints of the same welcome rows give one warning per code; a frame without notices gives none", () => {
    const inert: AnyActorLogic = fromCallback(() => undefined);
    const machine = createSessionMachine({ io: inert, listen: inert, effects: inert, hooks: inert, end: inert }).provide({
      actors: { status: inert, turn: inert, queue: inert, interrupt: inert, trust: inert, waits: inert, keyWatch: inert } as never,
    });
    const actor = createActor(machine, { input: INPUT });
    const warnings: SessionPublicEvent[] = [];
    actor.on("public.warning", (e) => void warnings.push(e));
    actor.start();
    actor.send(frame({ composer: true }));
    for (let i = 0; i < 10; i += 1) actor.send(frame({ composer: true, mcpNotices: [LOCKED, FAILED(["broken", "locked"])] }));
    expect(warnings.map((w) => (w.type === "public.warning" ? [w.code, w.details] : []))).toEqual([
      ["mcp_server_not_logged_in", { mcpServerName: "locked", recoveryCommand: "codex mcp login locked" }],
      ["mcp_startup_incomplete", { failedServers: ["broken", "locked"], recoveryCommands: ["codex mcp login broken", "codex mcp login locked"] }],
    ]);
    actor.stop();
  });
});
