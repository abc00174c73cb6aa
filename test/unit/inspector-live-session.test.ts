// The inspector's live session: any agent starts in its interactive posture, resumes in the recorded one, hinted by its name.

import { describe, expect, it, vi } from "vitest";

const calls: Array<{ readonly how: string; readonly kind: string; readonly options: Record<string, unknown> }> = [];
vi.mock("../../src/agent-registry.js", async (original) => {
  const actual = await original<typeof import("../../src/agent-registry.js")>();
  const record = (how: string) => async (kind: string, options: Record<string, unknown>) => (calls.push({ how, kind, options }), {});
  return { ...actual, startAgentSession: record("start"), resumeAgentSession: record("resume") };
});

const { startLive } = await import("../../inspector/live-session.js");

describe("inspector live session", () => {
  it("starts each agent in its interactive posture and resumes in the recorded one", async () => {
    const claude = await startLive("claude", "/w", { resumeCommand: "x" });
    await startLive("codex", "/w", { resumeCommand: "x", executable: "/bin/codex" });
    await startLive("claude", "/w", { resumeCommand: "x", resume: "s-1" });
    expect(calls).toEqual([
      { how: "start", kind: "claude", options: { cwd: "/w", permissionMode: "default", initialSize: { cols: 120, rows: 32 } } },
      { how: "start", kind: "codex", options: { cwd: "/w", initialSize: { cols: 120, rows: 32 }, executable: "/bin/codex" } },
      { how: "resume", kind: "claude", options: { elwoodSessionId: "s-1", cwd: "/w", initialSize: { cols: 120, rows: 32 } } },
    ]);
    expect(claude.hints).toEqual(["Your installed Claude Code in /w (uses your account; messages go to the real model)."]);
  });
});
