// Which MCP notices on a frame are new this session: each server is warned about once per kind, however often the
// rows repaint (they stay on screen), so the warnings are edge-triggered.

import type { McpNoticeFact } from "../src/contracts/screen-facts.js";
import type { McpServerNotLoggedInDetails, McpStartupIncompleteDetails } from "../src/contracts/public-types.js";

export type McpWarning =
  | { readonly code: "mcp_server_not_logged_in"; readonly message: string; readonly details: McpServerNotLoggedInDetails }
  | { readonly code: "mcp_startup_incomplete"; readonly message: string; readonly details: McpStartupIncompleteDetails };

/** Keys of what was already warned about (`<kind>:<server>`). Bounded: a session does not configure more servers. */
export const MAX_WARNED_KEYS = 256;

export interface McpWarningStep {
  readonly warnings: readonly McpWarning[];
  /** The keys warned about so far, this frame's included. */
  readonly warned: readonly string[];
}

/** The warnings a frame's notices add to those already given (`warned`); an unchanged repaint adds none. */
export function newMcpWarnings(notices: readonly McpNoticeFact[], warned: readonly string[]): McpWarningStep {
  const seen = new Set(warned);
  const warnings: McpWarning[] = [];
  const fresh = (key: string): boolean => {
    if (seen.has(key) || seen.size >= MAX_WARNED_KEYS) return false;
    seen.add(key);
    return true;
  };
  for (const notice of notices) {
    if (notice.kind === "not_logged_in") {
      if (!fresh(`not_logged_in:${notice.server}`)) continue;
      warnings.push({
        code: "mcp_server_not_logged_in",
        message: `the ${notice.server} MCP server is not logged in; run \`${notice.recoveryCommand}\``,
        details: { mcpServerName: notice.server, recoveryCommand: notice.recoveryCommand },
      });
      continue;
    }
    // Only the servers not reported as failed before; the commands stay paired with their servers.
    const indexes = notice.servers.map((_, i) => i).filter((i) => fresh(`startup_incomplete:${notice.servers[i] ?? ""}`));
    if (indexes.length === 0) continue;
    const failedServers = indexes.map((i) => notice.servers[i] ?? "");
    const recoveryCommands = indexes.map((i) => notice.recoveryCommands[i] ?? "");
    warnings.push({
      code: "mcp_startup_incomplete",
      message: `MCP startup incomplete (failed: ${failedServers.join(", ")})`,
      details: { failedServers, recoveryCommands },
    });
  }
  return { warnings, warned: warnings.length === 0 ? warned : [...seen] };
}
