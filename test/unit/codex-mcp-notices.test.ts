// The Codex MCP startup warning rows read from real 0.144.6 / 0.171.0 screens: only the welcome region counts, names
// are bounded and cleaned, and 0.171.0 (rows folded behind F2) yields none.

import { describe, expect, it } from "vitest";
import { readCodexScreen } from "../../adapters/codex/read-screen.js";
import { captureToSnapshot, ownCapture, syntheticSnapshot } from "../fixtures/capture-snapshot.js";

const read = (file: string) => readCodexScreen(captureToSnapshot(ownCapture("codex", file)));
const rowsOf = (file: string): string[] => captureToSnapshot(ownCapture("codex", file)).lines.map((l) => l.trimEnd());
const COMPOSER = ["› Implement {feature}", "", "  gpt-5.6-sol low · /srv/repo"];

describe("Codex MCP notices: real captures (spec B §4.3 mcp_server_not_logged_in / mcp_startup_incomplete, spec C §4.2 MCP rows)", () => {
  it("B-4.3-mcp: 0.144.6 with a failing stdio server and a 401 HTTP server reads one not-logged-in notice and one startup-incomplete notice", () => {
    const facts = read("v144-mcp-failed-and-not-logged-in-120.txt");
    expect(facts.mcpNotices).toEqual([
      { kind: "not_logged_in", server: "locked", recoveryCommand: "codex mcp login locked" },
      { kind: "startup_incomplete", servers: ["broken", "locked"], recoveryCommands: ["codex mcp login broken", "codex mcp login locked"] },
    ]);
    expect(facts.ruleIds).toEqual(expect.arrayContaining(["codex-mcp-not-logged-in", "codex-mcp-startup-incomplete", "codex-composer-footer"]));
    expect(facts.composer).toBe(true);
  });

  it("B-4.3-mcp: 0.144.6 with only the 401 server / only the failing server reads just those servers", () => {
    expect(read("v144-mcp-not-logged-in-120.txt").mcpNotices).toEqual([
      { kind: "not_logged_in", server: "locked", recoveryCommand: "codex mcp login locked" },
      { kind: "startup_incomplete", servers: ["locked"], recoveryCommands: ["codex mcp login locked"] },
    ]);
    // The `MCP client for `broken` failed to start: …` cell is not one of the two rows.
    expect(read("v144-mcp-startup-failed-120.txt").mcpNotices).toEqual([
      { kind: "startup_incomplete", servers: ["broken"], recoveryCommands: ["codex mcp login broken"] },
    ]);
  });

  it("B-4.3-mcp: 0.171.0 folds the same warnings into `⚠ 3 warnings · f2 to view`: no notice, only the collapsed rule", () => {
    const facts = read("v171-mcp-warnings-collapsed-120.txt");
    expect(facts.mcpNotices).toBeUndefined();
    expect(facts.ruleIds).toContain("codex-startup-warnings-collapsed");
    expect(facts.composer).toBe(true);
  });

  it("C-4.2-mcp-region: a conversation row quoting the warning text is not read; the welcome rows above it still are", () => {
    const welcome = rowsOf("v144-mcp-failed-and-not-logged-in-120.txt");
    const composerRow = welcome.findIndex((l) => l.startsWith("› "));
    const quoted = [
      ...welcome.slice(0, composerRow),
      "› what does this mean?",
      "",
      "• It printed:",
      "⚠ The quoted MCP server is not logged in. Run `codex mcp login quoted`.",
      "⚠ MCP startup incomplete (failed: quoted)",
      "",
      ...COMPOSER,
    ];
    const facts = readCodexScreen(syntheticSnapshot(quoted, { cols: 120, rows: quoted.length }));
    expect(facts.mcpNotices?.flatMap((n) => (n.kind === "not_logged_in" ? [n.server] : n.servers))).toEqual(["locked", "broken", "locked"]);
    // Without the welcome rows, the quote alone is nothing.
    const onlyQuote = ["› what does this mean?", "", "⚠ The quoted MCP server is not logged in. Run `codex mcp login quoted`.", "", ...COMPOSER];
    expect(readCodexScreen(syntheticSnapshot(onlyQuote)).mcpNotices).toBeUndefined();
  });

  it("C-4.2-mcp-region: rows wrapped at a narrow width are joined; a command naming another server is not a notice", () => {
    const wrapped = ["⚠ The locked MCP server is not logged in. Run", "  `codex mcp login locked`.", "⚠ MCP startup incomplete (failed: broken,", "  locked)", "", ...COMPOSER];
    expect(readCodexScreen(syntheticSnapshot(wrapped, { cols: 50 })).mcpNotices).toEqual([
      { kind: "not_logged_in", server: "locked", recoveryCommand: "codex mcp login locked" },
      { kind: "startup_incomplete", servers: ["broken", "locked"], recoveryCommands: ["codex mcp login broken", "codex mcp login locked"] },
    ]);
    const mismatched = ["⚠ The locked MCP server is not logged in. Run `codex mcp login other`.", "", ...COMPOSER];
    expect(readCodexScreen(syntheticSnapshot(mismatched)).mcpNotices).toBeUndefined();
  });

  it("B-4.1-content-free: server names lose control characters and are cut to 64 characters; duplicates are listed once", () => {
    const long = "s".repeat(80);
    const rows = [`⚠ MCP startup incomplete (failed: a\u0007b, ${long}, a\u0007b)`, "", ...COMPOSER];
    const notice = readCodexScreen(syntheticSnapshot(rows, { cols: 200 })).mcpNotices?.[0];
    expect(notice).toEqual({
      kind: "startup_incomplete",
      servers: ["ab", "s".repeat(64)],
      recoveryCommands: ["codex mcp login ab", `codex mcp login ${"s".repeat(64)}`],
    });
  });
});
