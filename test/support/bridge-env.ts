// Test support: the ELWOOD_HOOK_* variables for running bridge.mjs by hand against a server, read from its config file.
import { readFileSync } from "node:fs";
import type { HookBridgeServer } from "../../effects/hook-bridge/server.js";

export function bridgeEnv(server: HookBridgeServer): Record<string, string> {
  const config = JSON.parse(readFileSync(server.configPath, "utf8")) as { socket: string; token: string; timeoutMs: number };
  return { ELWOOD_HOOK_SOCKET: config.socket, ELWOOD_HOOK_TOKEN: config.token, ELWOOD_HOOK_TIMEOUT_MS: String(config.timeoutMs) };
}
