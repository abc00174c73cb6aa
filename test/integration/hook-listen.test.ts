// Integration test of the listen edge actor (effects/hook-listen) and the root's `listening` state around it: the hook
// bridge server starts on a real socket, the args are built from it and the server lands in its slot; a failure closes
// the server it started and fails the start; a root that left `listening` meanwhile gets a closed server, never a live one.
import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { createActor, toPromise } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { HookBridgeServer, HookBridgeServerOptions } from "../../effects/hook-bridge/server.js";
import { HookServerSlot } from "../../effects/hook-bridge/server-slot.js";
import { hookListenLogic, type HookListenInput } from "../../effects/hook-listen.js";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { FAIL_OPEN_REPLY } from "../../effects/hook-bridge/protocol.js";
import { launchSession, whenSpawned } from "../../src/launch-session.js";
import { eventually } from "../support/eventually.js";
import { nestingEnv } from "../../src/nesting-env.js";

const options: HookBridgeServerOptions = { knownEvents: new Set(["Stop"]), handler: async () => FAIL_OPEN_REPLY, timeoutMs: 1000 };

describe("listen actor: the hook bridge listens before the CLI's args exist", () => {
  it("starts the server, builds the args from its config path and fills the slot, whose close closes the server", async () => {
    const slot = new HookServerSlot();
    let started: HookBridgeServer | undefined;
    const input: HookListenInput = {
      bridge: {
        options,
        slot,
        args: async (server) => {
          started = server;
          return ["--bridge", server.configPath];
        },
      },
    };
    const output = await toPromise(createActor(hookListenLogic, { input }).start());
    expect(output).toEqual({ args: ["--bridge", started?.configPath] });
    expect(existsSync(started?.configPath ?? "")).toBe(true);
    await slot.close();
    expect(existsSync(started?.configPath ?? "")).toBe(false);
  });

  it("args that cannot be built fail the actor with their error, and the server it started is closed", async () => {
    let started: HookBridgeServer | undefined;
    const failure = new Error("no settings file");
    const input: HookListenInput = {
      bridge: {
        options,
        slot: new HookServerSlot(),
        args: (server) => {
          started = server;
          return Promise.reject(failure);
        },
      },
    };
    await expect(toPromise(createActor(hookListenLogic, { input }).start())).rejects.toBe(failure);
    expect(started).toBeDefined();
    expect(existsSync(started?.configPath ?? "")).toBe(false);
  });

  it("stopped while the args are built (the root left `listening`): the server is closed and never reaches the slot", async () => {
    let started: HookBridgeServer | undefined;
    let finish: (args: readonly string[]) => void = () => undefined;
    const slot = new HookServerSlot();
    const errors: unknown[] = [];
    slot.onError((e) => errors.push(e));
    const actor = createActor(hookListenLogic, {
      input: {
        bridge: {
          options,
          slot,
          args: (server) => {
            started = server;
            return new Promise((resolve) => (finish = resolve));
          },
        },
      },
    }).start();
    await eventually(() => started !== undefined, 5000, "the server started");
    actor.stop();
    finish(["--late"]);
    await eventually(() => !existsSync(started?.configPath ?? ""), 5000, "the late server closed");
  });

  it("a session launched without a bridge gets its fixed args back at once", async () => {
    await expect(toPromise(createActor(hookListenLogic, { input: { args: ["-e", "0"] } }).start())).resolves.toEqual({ args: ["-e", "0"] });
  });

  it("through the root: a listen that fails announces public.startFailed with its error, spawns nothing and ends the session", async () => {
    const failure = new Error("args refused");
    const slot = new HookServerSlot();
    const runtime = launchSession({
      elwoodSessionId: randomUUID(),
      cwd: tmpdir(),
      adapter: claudeAdapter,
      executable: process.execPath,
      env: buildAgentEnv(process.env, {}, nestingEnv()),
      viaLoginShell: false,
      spawnSize: { cols: 80, rows: 24 },
      requestedSize: { cols: 80, rows: 24 },
      autotrust: false,
      resumed: false,
      stopGraceMs: 1000,
      release: async () => {},
      hookServer: { options, slot, args: () => Promise.reject(failure), isHookEventName: (name) => name === "Stop" },
    });
    const spawned = whenSpawned(runtime.actor);
    runtime.actor.start();
    expect(runtime.actor.getSnapshot().value).toEqual({ open: { starting: "listening" } });
    await expect(spawned).rejects.toBe(failure);
    expect(runtime.actor.getSnapshot().value).toEqual({ over: "ended" });
    expect(runtime.pty.pid).toBeUndefined();
    runtime.actor.stop();
    runtime.terminal.dispose();
  });
});
