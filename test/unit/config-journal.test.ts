// The config journal names no CLI: its file is `<agent>-config.journal.json`, and a dead session's journal is recovered
// whichever agent's it is — a journal an older version left under its fixed name `codex-config.journal.json` too.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configJournal, configJournalFile, recoverConfigJournal } from "../../effects/config-journal.js";
import type { AgentKind } from "../../src/contracts/agent-kinds.js";

const ORIGINAL = 'model = "gpt-5.6-sol"\nmodel_reasoning_effort = "low"\n\n[tui]\nshow_tooltips = false\n';
/** What the picker leaves: its keys changed, nothing else. */
const PICKED = ORIGINAL.replace('"gpt-5.6-sol"', '"gpt-5.5"').replace('"low"', '"high"');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A session directory and the user's config file, which the picker has changed. */
function crashedSession(): { sessionDir: string; configFile: string } {
  const root = mkdtempSync(join(tmpdir(), "elwood-journal-"));
  dirs.push(root);
  const configFile = join(root, "config.toml");
  writeFileSync(configFile, PICKED);
  return { sessionDir: root, configFile };
}

describe("the config journal's file (issue 33 §7: effects name no agent)", () => {
  it("a journal an older version wrote under codex-config.journal.json is restored and removed", async () => {
    const { sessionDir, configFile } = crashedSession();
    const journal = join(sessionDir, "codex-config.journal.json");
    // The bytes an older version wrote: the snapshot's path and content (mode only when the file had one).
    writeFileSync(journal, JSON.stringify({ path: configFile, content: ORIGINAL }), { mode: 0o600 });
    expect(await recoverConfigJournal(sessionDir)).toEqual({ kind: "restored" });
    expect(readFileSync(configFile, "utf8")).toBe(ORIGINAL);
    expect(existsSync(journal)).toBe(false);
  });

  it("is named by the session's agent, the same name for Codex as before; any agent's is recovered, nothing else is read", async () => {
    expect(configJournalFile("codex")).toBe("codex-config.journal.json");
    const { sessionDir, configFile } = crashedSession();
    const other = "qwen" as string as AgentKind;
    await configJournal(sessionDir, other).record({ path: configFile, content: ORIGINAL });
    expect(existsSync(join(sessionDir, "qwen-config.journal.json"))).toBe(true);
    // Not journals: left alone, never parsed.
    for (const name of ["config.journal.json", "Qwen-config.journal.json", "qwen_x-config.journal.json", "session.json"]) writeFileSync(join(sessionDir, name), "{");
    expect(await recoverConfigJournal(sessionDir)).toEqual({ kind: "restored" });
    expect(readFileSync(configFile, "utf8")).toBe(ORIGINAL);
    expect(existsSync(join(sessionDir, "qwen-config.journal.json"))).toBe(false);
    expect(existsSync(join(sessionDir, "session.json"))).toBe(true);
  });

  it("a session without a journal (or without a directory) has nothing to recover", async () => {
    const { sessionDir } = crashedSession();
    expect(await recoverConfigJournal(sessionDir)).toBeUndefined();
    expect(await recoverConfigJournal(join(sessionDir, "gone"))).toBeUndefined();
  });
});
