// The elwood command's config: path order, strict version-1 documents, private atomic writes, precedence and sources.

import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configPath } from "../../cli/config-file.js";
import { runCli } from "../../cli/main.js";
import { parseInvocation } from "../../cli/parse-invocation.js";
import { defaultStateDir, resolveSettings } from "../../cli/settings.js";
import { fakeIo } from "../support/fake-cli-io.js";

async function cli(argv: string[], env: Record<string, string>) {
  const { io, stdout, stderr } = fakeIo({ env });
  const status = await runCli(argv, io);
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

describe("elwood config (issue 19, C-CLI-13, C-CLI-14, C-CLI-15, C-CLI-16)", () => {
  it("C-CLI-13, C-CLI-16: config path is $ELWOOD_CONFIG, else absolute $XDG_CONFIG_HOME, else ~/.config; state likewise", () => {
    expect(configPath({ ELWOOD_CONFIG: "/x/c.json", XDG_CONFIG_HOME: "/xdg", HOME: "/h" })).toBe("/x/c.json");
    expect(configPath({ XDG_CONFIG_HOME: "/xdg", HOME: "/h" })).toBe("/xdg/elwood/config.json");
    expect(configPath({ XDG_CONFIG_HOME: "relative", HOME: "/h" })).toBe("/h/.config/elwood/config.json");
    expect(defaultStateDir({ XDG_STATE_HOME: "/st", HOME: "/h" })).toBe("/st/elwood");
    expect(defaultStateDir({ XDG_STATE_HOME: "rel", HOME: "/h" })).toBe("/h/.local/state/elwood");
  });

  it("C-CLI-14, C-CLI-15: set/get/unset/show keep a private version-1 file; unknown keys and bad values are usage errors", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elwood-config-"));
    const env = { ELWOOD_CONFIG: join(dir, "sub", "config.json") };
    expect(await cli(["config", "set", "agent", "codex"], env)).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(await cli(["config", "set", "claude.permissionMode", "plan"], env)).toMatchObject({ status: 0 });
    expect(await cli(["config", "set", "verbose", "true"], env)).toMatchObject({ status: 0 });
    expect(statSync(env.ELWOOD_CONFIG).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(env.ELWOOD_CONFIG, "utf8"))).toEqual({ schemaVersion: 1, agent: "codex", verbose: true, claude: { permissionMode: "plan" } });
    expect(await cli(["config", "get", "agent"], env)).toMatchObject({ status: 0, stdout: "codex\n" });
    expect(await cli(["config", "path"], env)).toMatchObject({ stdout: `${env.ELWOOD_CONFIG}\n` });
    expect(await cli(["config", "unset", "agent"], env)).toMatchObject({ status: 0 });
    expect(JSON.parse((await cli(["config", "show"], env)).stdout)).toEqual({ schemaVersion: 1, verbose: true, claude: { permissionMode: "plan" } });
    expect(await cli(["config", "set", "prompt", "x"], env)).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown config key 'prompt'") });
    expect(await cli(["config", "set", "agent", "gemini"], env)).toMatchObject({ status: 2 });
  });

  it("C-CLI-15: a config that is a symlink, not private, unknown-keyed or another schema version fails with status 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elwood-config-bad-"));
    const file = join(dir, "config.json");
    const cases: Array<[() => void, string]> = [
      [() => writeFileSync(file, JSON.stringify({ schemaVersion: 2 }), { mode: 0o600 }), "schemaVersion must be 1"],
      [() => writeFileSync(file, JSON.stringify({ schemaVersion: 1, cwd: "/" }), { mode: 0o600 }), "unknown key 'cwd'"],
      [() => chmodSync(file, 0o644), "must be private"],
    ];
    for (const [prepare, message] of cases) {
      prepare();
      expect(await cli(["config", "show"], { ELWOOD_CONFIG: file }), message).toMatchObject({ status: 2, stderr: expect.stringContaining(message) });
    }
    const link = join(dir, "link.json");
    symlinkSync(file, link);
    expect(await cli(["config", "show"], { ELWOOD_CONFIG: link })).toMatchObject({ status: 2, stderr: expect.stringContaining("symlink") });
  });

  it("C-CLI-14: flags beat ELWOOD_* which beat the config which beats built-ins; --no-defaults drops env and config; each value names its source", () => {
    const config = { output: "json", verbose: true, "claude.model": "opus", "codex.model": "gpt" } as const;
    const resolve = (argv: string[], env: Record<string, string>) => resolveSettings(parseInvocation(argv).values, { HOME: "/h", ...env }, config, "/c.json", "/w");
    const fromConfig = resolve(["x"], {});
    expect(fromConfig.output).toEqual({ value: "json", source: "/c.json:output" });
    expect(fromConfig.verbose).toEqual({ value: true, source: "/c.json:verbose" });
    expect(fromConfig.model("claude")).toEqual({ value: "opus", source: "/c.json:claude.model" });
    expect(fromConfig.model("codex")).toEqual({ value: "gpt", source: "/c.json:codex.model" });
    expect(fromConfig.trust).toEqual({ value: true, source: "built-in" });
    const fromEnv = resolve(["x"], { ELWOOD_OUTPUT: "jsonl", ELWOOD_VERBOSE: "false", ELWOOD_MODEL: "m" });
    expect([fromEnv.output.source, fromEnv.verbose.value, fromEnv.model("codex").value]).toEqual(["ELWOOD_OUTPUT", false, "m"]);
    const fromFlags = resolve(["--output", "text", "--no-verbose", "--model", "f"], { ELWOOD_OUTPUT: "jsonl", ELWOOD_VERBOSE: "true" });
    expect([fromFlags.output, fromFlags.verbose]).toEqual([{ value: "text", source: "--output" }, { value: false, source: "--no-verbose" }]);
    const noDefaults = resolve(["--no-defaults"], { ELWOOD_OUTPUT: "jsonl", ELWOOD_STATE_DIR: "/s" });
    expect([noDefaults.output, noDefaults.stateDir]).toEqual([{ value: "text", source: "built-in" }, { value: "/h/.local/state/elwood", source: "built-in" }]);
  });
});

describe("elwood sessions without agents (issue 19, C-CLI-24)", () => {
  it("C-CLI-24: a missing state dir is an empty listing; an unreadable record is skipped with one stderr warning, never fatal", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elwood-sessions-"));
    const stateDir = join(dir, "state");
    const empty = await cli(["sessions", "--state-dir", stateDir], {});
    expect(empty).toEqual({ status: 0, stdout: "", stderr: `elwood: no sessions in ${stateDir}\n` });
    expect(JSON.parse((await cli(["sessions", "--state-dir", stateDir, "--output", "json"], {})).stdout)).toEqual({ schemaVersion: 1, type: "sessions", stateDir, sessions: [] });
    const broken = join(stateDir, "sessions", "11111111-1111-4111-8111-111111111111");
    mkdirSync(broken, { recursive: true, mode: 0o700 });
    writeFileSync(join(broken, "session.json"), "{ not json", { mode: 0o600 });
    const listing = await cli(["sessions", "--state-dir", stateDir, "--output", "json"], {});
    expect(listing.status).toBe(0);
    expect(JSON.parse(listing.stdout).sessions).toEqual([]);
    expect(listing.stderr).toBe("elwood: skipped session 11111111-1111-4111-8111-111111111111: its record is missing, unreadable or invalid\n");
  });
});
