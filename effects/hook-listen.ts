// The listen edge actor: starts the session's hook bridge server and builds the CLI's command line from its socket,
// config file and HTTP endpoint (the command line must name them), so the root can have the io actor spawn the CLI.

import { fromPromise } from "xstate";
import type { HookListenOutput } from "../src/contracts/events.js";
import { HookBridgeServer, type HookBridgeServerOptions } from "./hook-bridge/server.js";
import type { HookServerSlot } from "./hook-bridge/server-slot.js";

/** A session with a hook bridge: the server to start, where it goes, and how its addresses become the command line. */
export interface HookListenBridge {
  readonly options: HookBridgeServerOptions;
  /** Filled once the command line is built: the hooks actor and the ending actor's release reach the server there. */
  readonly slot: HookServerSlot;
  readonly args: (server: HookBridgeServer) => Promise<readonly string[]>;
}

export interface HookListenInput {
  /** The command line of a session launched without a bridge (tests, benches): handed back as it is. */
  readonly args?: readonly string[];
  readonly bridge?: HookListenBridge;
}

/** Fails with the server's or the command line's error; a server it started is closed first. */
export const hookListenLogic = fromPromise<HookListenOutput, HookListenInput>(async ({ input, signal }) => {
  const { bridge } = input;
  if (bridge === undefined) return { args: input.args ?? [] };
  const server = await HookBridgeServer.start(bridge.options);
  // The root left `listening` meanwhile (a close, or the tree stopped): nobody will spawn a CLI to call this server.
  const left = (): void => {
    if (signal.aborted) throw new Error("the session ended while its hook bridge started");
  };
  try {
    left();
    const args = await bridge.args(server);
    left();
    bridge.slot.fill(server);
    return { args };
  } catch (error) {
    await server.close().catch(() => undefined);
    throw error;
  }
});
