// startClaude when node-pty cannot fork the CLI (the io actor's spawn throws): the start rejects pty_start_failed with
// the cause, and the fresh session directory is removed (C-ERR-05).
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
  it("C-ERR-05 C-ERR-08: rejects pty_start_failed with the underlying cause and leaves no session directory behind", async () => {
    const dir = simDir();
    dirs.push(dir);
    const error = await startClaude({ cwd: dir, shell: TEST_LOGIN_SHELL, executable: writeSimWrapper(dir), env: simEnv({ log: join(dir, "sim.jsonl") }) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isElwoodError(error, "pty_start_failed")).toBe(true);
    expect((error as { message: string }).message).toBe("Could not spawn the agent PTY");
    expect((error as { details: unknown }).details).toMatchObject({ cause: "forkpty(3) failed" });
    const sessions = join(dir, ".elwood", "sessions");
    expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
  });
});
