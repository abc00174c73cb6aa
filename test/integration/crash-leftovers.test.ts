// Issue 14 items 5 and 8: what a SIGKILLed embedder leaves (hook socket dir, a picker-changed config.toml) is swept and
// restored by the next start, a resumable session's record kept; stop() keeps its directory on purpose.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configJournalFile } from "../../effects/config-journal.js";
import { OWNER_FILE } from "../../effects/session-owner.js";
import { readSessionRecord } from "../../effects/session-record.js";
import { startCrashEmbedder } from "../support/crash-embedder-process.js";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";
import { startCodexSim, until, type CodexSim } from "./codex-sim-support.js";
import { recordPostures } from "../../src/record-postures.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("crash leftovers are swept by the next start (issue 14 items 5, 8)", () => {
  it("issue 14 item 5, C-STATE-04: a SIGKILLed embedder's hook socket dir is removed by the next start, its resumable session dir kept; stop() keeps its dir", async () => {
    const stateDir = temp("elwood-store-");
    const crashed = await startCrashEmbedder(["claude", stateDir]);
    cleanups.push(() => crashed.sigkill());
    const { child, info } = crashed;
    cleanups.push(() => rmSync(info.cwd!, { recursive: true, force: true }));
    const deadDir = join(stateDir, "sessions", info.sid!);
    const owner = JSON.parse(readFileSync(join(deadDir, OWNER_FILE), "utf8")) as { pid: number; startTime?: string };
    expect(owner.pid).toBe(child.pid);
    expect(existsSync(join(info.hookDir!, "hook.sock"))).toBe(true);
    await crashed.sigkill();
    // The crash left both behind.
    expect(existsSync(deadDir)).toBe(true);
    expect(existsSync(info.hookDir!)).toBe(true);

    const next: ClaudeSim = await startClaudeSim({ stateDir });
    cleanups.push(() => next.cleanup());
    // The CLI had named its conversation, so the crashed session stays resumable: its record is kept intact.
    expect((await readSessionRecord({ stateDir, cwd: info.cwd!, elwoodSessionId: info.sid! }, recordPostures())).resume.conversationId).toEqual(expect.any(String));
    expect(existsSync(info.hookDir!)).toBe(false);
    const liveDir = join(stateDir, "sessions", next.session.elwoodSessionId);
    expect(JSON.parse(readFileSync(join(liveDir, OWNER_FILE), "utf8"))).toMatchObject({ pid: process.pid });

    // stop() keeps the directory (for a resume) and releases it, so a later start does not sweep it.
    await next.session.waitForStatus((s) => s === "ready", 10_000);
    await next.session.stop();
    expect(existsSync(liveDir)).toBe(true);
    expect(existsSync(join(liveDir, OWNER_FILE))).toBe(false);
    const third = await startClaudeSim({ stateDir });
    cleanups.push(() => third.cleanup());
    expect(existsSync(liveDir)).toBe(true);
  }, 90_000);

  it("issue 14 item 8: an embedder killed mid-setModel leaves config.toml byte-identical after the next start", async () => {
    const stateDir = temp("elwood-store-");
    const home = temp("elwood-codex-home-");
    const configFile = join(home, "config.toml");
    const original = 'model = "gpt-5.6-sol"\nmodel_reasoning_effort = "low"\napproval_policy = "on-request"\n\n[tui]\nshow_tooltips = false\n';
    writeFileSync(configFile, original, { mode: 0o600 });
    const crashed = await startCrashEmbedder(["codex-picker", stateDir, home]);
    cleanups.push(() => crashed.sigkill());
    const { info } = crashed;
    cleanups.push(() => rmSync(info.cwd!, { recursive: true, force: true }));
    // The on-disk name older versions wrote: a journal their crash left must still be found.
    expect(configJournalFile("codex")).toBe("codex-config.journal.json");
    const journal = join(stateDir, "sessions", info.sid!, "codex-config.journal.json");
    // The snapshot is journalled before the picker runs.
    await until("the config journal", () => existsSync(journal), 20_000);
    expect(JSON.parse(readFileSync(journal, "utf8"))).toMatchObject({ path: configFile, content: original });
    // What Codex does on the picker's Enter: it saves the chosen model as the default. Then the embedder dies.
    writeFileSync(configFile, original.replace('"gpt-5.6-sol"', '"gpt-5.5"').replace('"low"', '"high"'));
    await crashed.sigkill();
    expect(readFileSync(configFile, "utf8")).not.toBe(original);

    const next: CodexSim = await startCodexSim({ version: "0.144.6", stateDir, env: { CODEX_HOME: home } });
    cleanups.push(() => next.cleanup());
    expect(readFileSync(configFile, "utf8")).toBe(original);
    expect(existsSync(join(stateDir, "sessions", info.sid!))).toBe(false);
  }, 90_000);
});
