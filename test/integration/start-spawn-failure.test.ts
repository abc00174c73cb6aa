// startClaude when node-pty cannot fork the CLI (the io actor's spawn throws): the start rejects start_failed, as it did
// when the launcher spawned the PTY itself, and the fresh session directory is removed.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { startClaude } from "../../src/start-claude.js";
import { simEnv } from "../sim/sim-control.js";
import { simDir, TEST_LOGIN_SHELL, writeSimWrapper } from "./claude-sim-start.js";

vi.mock("@lydell/node-pty", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@lydell/node-pty")>()),
  spawn: () => {
    throw new Error("forkpty(3) failed");
  },
}));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("startClaude: a PTY that cannot be spawned", () => {
  it("rejects start_failed and leaves no session directory behind", async () => {
    const dir = simDir();
    dirs.push(dir);
    const error = await startClaude({ cwd: dir, shell: TEST_LOGIN_SHELL, executable: writeSimWrapper(dir), env: simEnv({ log: join(dir, "sim.jsonl") }) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isElwoodError(error, "start_failed")).toBe(true);
    expect((error as { message: string }).message).toBe("Could not spawn the agent PTY");
    const sessions = join(dir, ".elwood", "sessions");
    expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
  });
});
