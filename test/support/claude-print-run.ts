// A one-shot real `claude -p` run with only a settings file of ours: a private home, offline env, and its output.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ClaudePrintHome {
  readonly dir: string;
  readonly settingsPath: string;
  readonly env: Readonly<Record<string, string>>;
}

/** A fresh project dir with its own home, temp dir and 0600 settings file; the model URL points at a closed port. */
export function claudePrintHome(prefix: string, settings: unknown, cleanups: (() => void)[]): ClaudePrintHome {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "home/.claude"), { recursive: true });
  mkdirSync(join(dir, "tmp"));
  const settingsPath = join(dir, "settings.json");
  writeFileSync(settingsPath, JSON.stringify(settings), { mode: 0o600 });
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    CLAUDE_CONFIG_DIR: join(dir, "home/.claude"),
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
    ANTHROPIC_API_KEY: "sk-ant-api03-elwood-print-run-test-FAKEAA",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_TMPDIR: join(dir, "tmp"),
    TMPDIR: join(dir, "tmp"),
  };
  return { dir, settingsPath, env };
}

/** Runs `<bin> -p <prompt> --settings <file>` in the home's dir; SIGKILLed after 60 s. */
export function runClaudePrint(bin: string, prompt: string, home: ClaudePrintHome): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["-p", prompt, "--settings", home.settingsPath], { env: home.env, cwd: home.dir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
    const kill = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (c) => {
      clearTimeout(kill);
      resolve({ code: c, output });
    });
  });
}

/** The pinned Claude CLIs, by version and the binary a print run spawns. */
export const CLAUDE_PRINT_CLIS = [
  { version: "2.1.215", bin: "node_modules/claude215/bin/claude.exe" },
  { version: "2.1.332", bin: "node_modules/claude332/bin/claude.exe" },
] as const;
