// E2E runner configuration: real Claude Code / Codex CLIs against the scripted local model server (run via run-in-netns.sh).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two CLIs at a time on a 2-core machine: each scenario file gets its own worker process.
    maxWorkers: 2,
    fileParallelism: true,
    // Within a file the two pinned versions run one after the other; a flaky real CLI is not retried.
    retry: 0,
    // XState's dev warning for events routed to an already-finished child actor is noise here (reported upstream).
    onConsoleLog: (log) => !log.includes("was sent to stopped actor"),
  },
});
