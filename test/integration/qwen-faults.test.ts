// Qwen Code start faults through the generic path (issue 34, issue 33 §3): not installed, too old, a broken user settings
// file, a CLI that exits at start — each a typed agent error (or a typed session error), nothing left running.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentConversation, isAgentError, isElwoodError, startAgentSession } from "../../src/index.js";
import { processesWithEnv } from "../e2e/support/processes.js";

const tmp = mkdtempSync(join(tmpdir(), "elwood-qwen-faults-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const path = join(tmp, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A fresh project and user home for one start; HOME has the user's ~/.qwen. */
function sandbox(name: string, settings?: string): { cwd: string; env: Record<string, string> } {
  const root = join(tmp, name);
  const cwd = join(root, "project");
  const home = join(root, "home");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(join(home, ".qwen"), { recursive: true });
  if (settings !== undefined) writeFileSync(join(home, ".qwen", "settings.json"), settings);
  return { cwd, env: { HOME: home } };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

describe("Qwen Code start faults (issue 34)", () => {
  it("not installed: qwen_not_found, an agent error of category not_found naming the agent", async () => {
    const box = sandbox("missing");
    const error = await rejection(startAgentSession("qwen", { ...box, executable: join(tmp, "no-such-qwen") }));
    expect(isElwoodError(error, "qwen_not_found")).toBe(true);
    expect(isAgentError(error, "not_found")).toBe(true);
    expect((error as { details: Record<string, unknown> }).details).toMatchObject({ agent: "qwen", category: "not_found" });
  });

  it("too old: qwen_version_unsupported with both versions", async () => {
    const box = sandbox("old");
    const old = script("qwen-old", 'if [ "$1" = "--version" ]; then echo 0.23.5; exit 0; fi\nexit 3');
    const error = await rejection(startAgentSession("qwen", { ...box, executable: old }));
    expect(isElwoodError(error, "qwen_version_unsupported")).toBe(true);
    expect((error as { details: Record<string, unknown> }).details).toMatchObject({ agent: "qwen", category: "version_unsupported", version: "0.23.5", minimum: "0.24.4" });
  });

  it("a user settings file that is not JSON: qwen_start_failed naming the file, nothing written to it, nothing left running", async () => {
    const box = sandbox("broken-settings", "{ not json");
    const fake = script("qwen-never-runs", 'if [ "$1" = "--version" ]; then echo 0.24.4; exit 0; fi\nsleep 30');
    const error = await rejection(startAgentSession("qwen", { ...box, executable: fake }));
    expect(isElwoodError(error, "qwen_start_failed")).toBe(true);
    expect((error as Error).message).toContain(join(box.env.HOME ?? "", ".qwen", "settings.json"));
  });

  it("a CLI that exits during start: the send rejects with a typed error and no process of the session stays", async () => {
    const box = sandbox("exits");
    const dies = script("qwen-dies", 'if [ "$1" = "--version" ]; then echo 0.24.4; exit 0; fi\necho "fatal: cannot start" >&2\nexit 7');
    const conversation = new AgentConversation("qwen", { ...box, executable: dies });
    const error = await rejection(conversation.send("hello"));
    expect(isElwoodError(error)).toBe(true);
    const id = conversation.session?.elwoodSessionId;
    if (id !== undefined) expect(processesWithEnv("ELWOOD_SESSION_ID", id)).toEqual([]);
    await conversation.close().catch(() => undefined);
  });

  it("bad options are typed before anything starts: an unknown approval mode, highTrust with an approval mode", async () => {
    const box = sandbox("options");
    const mode = await rejection(startAgentSession("qwen", { ...box, approvalMode: "sometimes" } as never));
    expect(isElwoodError(mode, "invalid_argument")).toBe(true);
    const conflict = await rejection(startAgentSession("qwen", { ...box, highTrust: true, approvalMode: "plan" } as never));
    expect(isElwoodError(conflict, "qwen_high_trust_conflict")).toBe(true);
    expect((conflict as { details: Record<string, unknown> }).details).toMatchObject({ agent: "qwen", category: "high_trust_conflict", approvalMode: "plan" });
  });
});
