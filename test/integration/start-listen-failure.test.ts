// startClaude when the hook bridge cannot listen (the tree's listen actor fails): the start rejects start_failed with
// the bridge's error, nothing is spawned, and the fresh session directory is removed.
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
  it("rejects start_failed with the bridge's error, spawns no CLI and leaves no session directory behind", async () => {
    const refused = new ElwoodError("start_failed", "could not start the hook bridge server", { cause: "EACCES" });
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
    expect(isElwoodError(error, "start_failed")).toBe(true);
    // The simulated CLI logs its start: it never ran.
    expect(existsSync(log)).toBe(false);
    const sessions = join(dir, ".elwood", "sessions");
    expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
  });
});
