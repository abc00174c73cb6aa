// Codex's MCP startup warning rows (rules codex-mcp-*), read only from the welcome region above the conversation.

import type { McpNoticeFact } from "../../src/contracts/screen-facts.js";

/**
 * The welcome region ends at the first row that starts with a conversation or composer glyph: a reply or prompt
 * that quotes a warning row is never read as one.
 */
const REGION_END = /^[›❯●•>]/;
/** A warning cell's continuation rows are indented by two spaces. */
const CONTINUATION = /^ {2}\S/;
/** Server names are caller config: bounded and stripped of control characters before they leave the adapter. */
const MAX_NAME_CHARS = 64;
/** More failed servers than this in one row are not listed (the row is still one warning). */
const MAX_SERVERS = 32;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export interface McpNoticePatterns {
  readonly notLoggedIn: RegExp;
  readonly startupIncomplete: RegExp;
}

function cleanName(raw: string): string {
  return raw.replace(CONTROL, "").slice(0, MAX_NAME_CHARS);
}

function loginCommand(server: string): string {
  return `codex mcp login ${server}`;
}

/** One `⚠` cell read as a notice, or undefined when it is another warning. */
function readCell(text: string, patterns: McpNoticePatterns, matched: Set<string>): McpNoticeFact | undefined {
  const login = patterns.notLoggedIn.exec(text);
  if (login !== null) {
    const raw = login[1] ?? "";
    const server = cleanName(raw);
    // The printed command must name the same server; anything else is not this row.
    if (server === "" || login[2] !== loginCommand(raw)) return undefined;
    matched.add("codex-mcp-not-logged-in");
    return { kind: "not_logged_in", server, recoveryCommand: loginCommand(server) };
  }
  const failed = patterns.startupIncomplete.exec(text);
  if (failed === null) return undefined;
  const servers = [...new Set((failed[1] ?? "").split(",").map((name) => cleanName(name.trim())))].filter((name) => name !== "").slice(0, MAX_SERVERS);
  if (servers.length === 0) return undefined;
  matched.add("codex-mcp-startup-incomplete");
  return { kind: "startup_incomplete", servers, recoveryCommands: servers.map(loginCommand) };
}

/** The MCP notices in rows `[0, bound)` of the welcome region, in screen order; undefined when there are none. */
export function readMcpNotices(
  rows: readonly string[],
  bound: number,
  patterns: McpNoticePatterns,
  matched: Set<string>,
): readonly McpNoticeFact[] | undefined {
  const notices: McpNoticeFact[] = [];
  for (let r = 0; r < bound; r += 1) {
    const row = rows[r] ?? "";
    if (REGION_END.test(row)) break;
    if (!row.startsWith("⚠ ")) continue;
    // A cell wrapped at a narrow width is joined back into one line.
    let text = row;
    while (r + 1 < bound && CONTINUATION.test(rows[r + 1] ?? "")) {
      r += 1;
      text += ` ${(rows[r] ?? "").trim()}`;
    }
    const notice = readCell(text, patterns, matched);
    if (notice !== undefined) notices.push(notice);
  }
  return notices.length > 0 ? notices : undefined;
}
