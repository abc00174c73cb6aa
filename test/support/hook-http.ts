// Test support: a Claude dispatcher behind a HookBridgeServer with its HTTP listener, and a POST helper shaped like Claude's.
import http from "node:http";
import { createClaudeHookDispatcher, type ClaudeHookError, type ClaudeHookResult } from "../../adapters/claude/hook-dispatch.js";
import { ALL_CLAUDE_HOOK_EVENTS } from "../../adapters/claude/hook-events.js";
import type { ClaudeHookHandlers } from "../../adapters/claude/hook-types.js";
import { HookBridgeServer, type HookBridgeError } from "../../effects/hook-bridge/server.js";

export type HttpHarness = {
  readonly server: HookBridgeServer;
  readonly port: number;
  readonly token: string;
  readonly bridgeErrors: HookBridgeError[];
  readonly hookErrors: ClaudeHookError[];
  readonly results: ClaudeHookResult[];
  readonly events: string[];
};

export async function httpHarness(handlers: ClaudeHookHandlers, timeoutMs = 5000, maxBytes?: number): Promise<HttpHarness> {
  const bridgeErrors: HookBridgeError[] = [];
  const hookErrors: ClaudeHookError[] = [];
  const results: ClaudeHookResult[] = [];
  const events: string[] = [];
  const handler = createClaudeHookDispatcher({
    handlers,
    timeoutMs,
    onHookError: (e) => hookErrors.push(e),
    onHookResult: (r) => results.push(r),
    onEvent: (e) => events.push(e),
  });
  const server = await HookBridgeServer.start({ knownEvents: ALL_CLAUDE_HOOK_EVENTS, handler, timeoutMs, http: true, ...(maxBytes === undefined ? {} : { maxBytes }) });
  server.onError((e) => bridgeErrors.push(e));
  const endpoint = server.http;
  if (endpoint === undefined) throw new Error("the bridge started without its HTTP listener");
  const port = Number(new URL(endpoint.url("Stop")).port);
  const token = Object.values(endpoint.headers)[0] ?? "";
  return { server, port, token, bridgeErrors, hookErrors, results, events };
}

export type Posted = { readonly status: number; readonly body: string };

/** One POST as Claude sends it: JSON body, the token header, keep-alive off. */
export function post(url: string, body: string | Buffer, headers: Record<string, string> = {}, method = "POST"): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { "content-type": "application/json", ...headers }, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}
