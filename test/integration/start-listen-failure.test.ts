// startClaude when the hook bridge cannot listen (the tree's listen actor fails): the start rejects hook_bridge_failed
// with the bridge's error, nothing is spawned, and the fresh session directory is removed (C-ERR-06).
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HookBridgeServer } from "../../effects/hook-bridge/server.js";
import { ElwoodError, isElwoodError } from "../../src/contracts/errors.js";
import { startClaude } from "../../src/start-claude.js";
import { simEnv } from "../sim/sim-control.js";
import { simDir, TEST_LOGIN_SHELL, writeSimWrapper } from "./claude-sim-start.js";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("startClaude: a hook bridge that cannot listen", () => {
  it("C-ERR-06: rejects with the bridge's error, spawns no CLI and leaves no session directory behind", async () => {
    const refused = new ElwoodError("hook_bridge_failed", "could not start the hook bridge server", { cause: "EACCES" });
    const start = vi.spyOn(HookBridgeServer, "start").mockRejectedValue(refused);
    const dir = simDir();
    dirs.push(dir);
    const log = join(dir, "sim.jsonl");
    const error = await startClaude({ cwd: dir, shell: TEST_LOGIN_SHELL, executable: writeSimWrapper(dir), env: simEnv({ log }) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(start).toHaveBeenCalledTimes(1);
    expect(error).toBe(refused);
    expect(isElwoodError(error, "hook_bridge_failed")).toBe(true);
    // The simulated CLI logs its start: it never ran.
    expect(existsSync(log)).toBe(false);
    const sessions = join(dir, ".elwood", "sessions");
    expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
  });

  it("C-ERR-06 C-ERR-08: a bridge whose socket directory cannot be made is hook_bridge_failed with errno, syscall and path", async () => {
    const before = process.env["TMPDIR"];
    const missing = join(simDir(), "no-such-dir");
    dirs.push(join(missing, ".."));
    process.env["TMPDIR"] = missing;
    try {
      const error = await HookBridgeServer.start({ knownEvents: new Set(["Stop"]), timeoutMs: 1000, handler: async () => ({ stdout: "", exitCode: 0 }) }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isElwoodError(error, "hook_bridge_failed")).toBe(true);
      expect((error as ElwoodError).details).toMatchObject({ errno: "ENOENT", syscall: "mkdtemp", path: expect.stringContaining(missing) });
    } finally {
      if (before === undefined) delete process.env["TMPDIR"];
      else process.env["TMPDIR"] = before;
    }
  });
});
