// `autoupdate` through startClaude/startCodex against a fake CLI whose `update` and `--version` the test scripts: re-read, best-effort warning, once per process, the lease.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearClaudeVersionCache } from "../../adapters/claude/version-probe.js";
import { clearCodexProbeCache } from "../../adapters/codex/version-probe.js";
import { forgetUpdateAttempts } from "../../adapters/update-coordinator.js";
import { posixQuote } from "../../effects/hook-bridge/bridge-command.js";
import type { ElwoodError } from "../../src/contracts/errors.js";
import type { ActivityEvent, WarningEvent } from "../../src/contracts/public-types.js";
import type { AgentSession } from "../../src/session-api.js";
import { startClaude } from "../../src/start-claude.js";
import { startCodex } from "../../src/start-codex.js";
import { simAgentPath, simEnv } from "../sim/sim-control.js";
import { TEST_LOGIN_SHELL } from "./claude-sim-start.js";

type Agent = "claude" | "codex";

interface FakeCli {
  readonly dir: string;
  readonly executable: string;
  /** `update` runs so far (the fake appends a line per run). */
  updates(): number;
  /** What the next `update` does: "ok" installs `next`, "fail" exits 3 with a line on stderr. */
  setUpdate(mode: "ok" | "fail", next?: string): void;
}

/** A CLI that answers `--version` from a file and `update` as scripted, and is the sim for everything else. */
function fakeCli(agent: Agent, version: string): FakeCli {
  const dir = mkdtempSync(join(tmpdir(), `elwood-autoupdate-${agent}-`));
  const d = posixQuote(dir);
  const versionLine = agent === "claude" ? `printf '%s (Claude Code)\\n' "$(cat ${d}/version)"` : `printf 'codex-cli %s\\n' "$(cat ${d}/version)"`;
  const executable = join(dir, agent);
  writeFileSync(join(dir, "version"), version);
  writeFileSync(join(dir, "mode"), "fail");
  writeFileSync(
    executable,
    [
      "#!/bin/sh",
      `if [ "$1" = "--version" ]; then ${versionLine}; exit 0; fi`,
      `if [ "$1" = "update" ]; then`,
      `  echo update >> ${d}/updates`,
      `  if [ "$(cat ${d}/mode)" = ok ]; then cp ${d}/next ${d}/version; echo updated; exit 0; fi`,
      `  echo 'update: could not reach the release server' >&2; exit 3`,
      "fi",
      `exec ${posixQuote(process.execPath)} ${posixQuote(simAgentPath)} "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(executable, 0o755);
  return {
    dir,
    executable,
    updates: () => (existsSync(join(dir, "updates")) ? readFileSync(join(dir, "updates"), "utf8").trim().split("\n").length : 0),
    setUpdate: (mode, next) => {
      writeFileSync(join(dir, "mode"), mode);
      if (next !== undefined) writeFileSync(join(dir, "next"), next);
    },
  };
}

interface Started {
  readonly session: AgentSession;
  readonly warnings: WarningEvent[];
  readonly activities: ActivityEvent[];
}

const opened: AgentSession[] = [];
const dirs: string[] = [];
let leaseRoot: string;
const saved = { dir: process.env["ELWOOD_UPDATE_LEASE_DIR"], wait: process.env["ELWOOD_UPDATE_LEASE_WAIT_MS"] };

beforeEach(() => {
  // Each case is a fresh parent process as far as the once-per-process state goes, with its own lease root.
  forgetUpdateAttempts();
  clearClaudeVersionCache();
  clearCodexProbeCache();
  leaseRoot = mkdtempSync(join(tmpdir(), "elwood-autoupdate-leases-"));
  dirs.push(leaseRoot);
  process.env["ELWOOD_UPDATE_LEASE_DIR"] = leaseRoot;
  process.env["ELWOOD_UPDATE_LEASE_WAIT_MS"] = "300";
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.teardown().catch(() => undefined)));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of [["ELWOOD_UPDATE_LEASE_DIR", saved.dir], ["ELWOOD_UPDATE_LEASE_WAIT_MS", saved.wait]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

async function start(agent: Agent, cli: FakeCli): Promise<Started> {
  const cwd = mkdtempSync(join(tmpdir(), "elwood-autoupdate-cwd-"));
  dirs.push(cwd);
  const common = {
    cwd,
    executable: cli.executable,
    shell: TEST_LOGIN_SHELL,
    autoupdate: true,
    initialSize: { cols: 120, rows: 40 },
  } as const;
  const env = { HOME: cwd, ...simEnv({ log: join(cwd, "sim.jsonl") }), ...(agent === "codex" ? { ELWOOD_SIM_FLAVOUR: "codex" } : {}) };
  const session: AgentSession = agent === "claude" ? await startClaude({ ...common, env }) : await startCodex({ ...common, env });
  opened.push(session);
  const warnings: WarningEvent[] = [];
  const activities: ActivityEvent[] = [];
  // Subscribed right after the start resolves: the preflight warnings arrive after that, never before.
  session.on("warning", (w) => warnings.push(w));
  session.on("activity", (a) => activities.push(a));
  // One turn of the event loop delivers the queued start warnings.
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  return { session, warnings, activities };
}

async function rejection(p: Promise<unknown>): Promise<ElwoodError> {
  const error: unknown = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as ElwoodError;
}

function updateWarnings(s: Started): WarningEvent[] {
  return s.warnings.filter((w) => w.code === "agent_update_failed");
}

describe("autoupdate with Claude (C-CLAUDE-07, C-LIFE-09, C-LIFE-11, C-PERF-02, C-PERF-04)", () => {
  it("C-CLAUDE-07: `claude update` runs before the spawn and the re-read version is the one gated: 2.1.100 → update → 2.1.332 starts, no warning", async () => {
    const cli = fakeCli("claude", "2.1.100");
    dirs.push(cli.dir);
    cli.setUpdate("ok", "2.1.332");
    const s = await start("claude", cli);
    expect(cli.updates()).toBe(1);
    expect(updateWarnings(s)).toEqual([]);
    expect(readFileSync(join(cli.dir, "version"), "utf8")).toBe("2.1.332");
  });

  it("C-LIFE-11 (a): a failed update with a compatible installed CLI starts and warns once (agent_update_failed, safe details, also as activity)", async () => {
    const cli = fakeCli("claude", "2.1.332");
    dirs.push(cli.dir);
    const s = await start("claude", cli);
    expect(cli.updates()).toBe(1);
    const [warning, ...more] = updateWarnings(s);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ agent: "claude", source: "lifecycle", severity: "warning", code: "agent_update_failed" });
    expect(warning?.details).toMatchObject({ installedVersion: "2.1.332", errorCode: "exit_nonzero", exitStatus: 3 });
    expect(String(warning?.details?.["stderr"])).toContain("could not reach the release server");
    expect(warning?.raw).toBe("agent_update_failed installedVersion=2.1.332 errorCode=exit_nonzero exitStatus=3");
    // Content-free: no path of the CLI, the cwd or the lease root in the message.
    expect(warning?.message).not.toContain(cli.dir);
    expect(s.activities.filter((a) => a.kind === "warning" && a.label === "agent_update_failed")).toHaveLength(1);
  });

  it("C-LIFE-11 (a): a failed update with a too-old installed CLI rejects claude_version_unsupported (nothing spawned)", async () => {
    const cli = fakeCli("claude", "2.1.100");
    dirs.push(cli.dir);
    const error = await rejection(start("claude", cli));
    expect(error.name).toBe("claude_version_unsupported");
    expect(cli.updates()).toBe(1);
  });

  it("C-LIFE-09 / C-PERF-02: two concurrent starts share one update and both validate the post-update version; a later start runs none", async () => {
    const cli = fakeCli("claude", "2.1.100");
    dirs.push(cli.dir);
    cli.setUpdate("ok", "2.1.332");
    const [a, b] = await Promise.all([start("claude", cli), start("claude", cli)]);
    expect(cli.updates()).toBe(1);
    expect(updateWarnings(a)).toEqual([]);
    expect(updateWarnings(b)).toEqual([]);
    await start("claude", cli);
    expect(cli.updates()).toBe(1);
  });

  it("C-LIFE-09 / C-LIFE-11: a failed shared update warns each start that shared it, is never retried, and never rejects a later compatible start", async () => {
    const cli = fakeCli("claude", "2.1.332");
    dirs.push(cli.dir);
    const [a, b] = await Promise.all([start("claude", cli), start("claude", cli)]);
    expect(updateWarnings(a)).toHaveLength(1);
    expect(updateWarnings(b)).toHaveLength(1);
    const later = await start("claude", cli);
    expect(cli.updates()).toBe(1);
    expect(updateWarnings(later)).toEqual([]);
  });

  it("C-PERF-04: a lease held by a live other process → after the (test-shortened) wait, no update runs and the warning says update_active; the lease stays", async () => {
    const cli = fakeCli("claude", "2.1.332");
    dirs.push(cli.dir);
    const lease = join(leaseRoot, "claude.lease");
    mkdirSync(lease);
    writeFileSync(join(lease, "owner.json"), JSON.stringify({ pid: process.ppid, generation: "peer" }));
    const s = await start("claude", cli);
    expect(cli.updates()).toBe(0);
    const [warning] = updateWarnings(s);
    expect(warning?.details).toEqual({ installedVersion: "2.1.332", errorCode: "update_active" });
    expect(existsSync(join(lease, "owner.json"))).toBe(true);
  });

  it("C-PERF-04: a dead owner's lease is recovered, the update runs, leftovers are swept (bounded) and no lease remains", async () => {
    const cli = fakeCli("claude", "2.1.100");
    dirs.push(cli.dir);
    cli.setUpdate("ok", "2.1.332");
    const dead = spawnSync("true").pid;
    const lease = join(leaseRoot, "claude.lease");
    mkdirSync(lease);
    writeFileSync(join(lease, "owner.json"), JSON.stringify({ pid: dead, generation: "dead" }));
    for (let i = 0; i < 10; i += 1) mkdirSync(join(leaseRoot, `claude.staging-${dead}-left${i}`));
    const s = await start("claude", cli);
    expect(cli.updates()).toBe(1);
    expect(updateWarnings(s)).toEqual([]);
    // Eight of the ten leftovers went with this holder; the next holder takes the rest.
    const left = readdirSync(leaseRoot);
    expect(left).toHaveLength(2);
    expect(left.every((n) => n.startsWith(`claude.staging-${dead}-left`))).toBe(true);
  });

  it("without autoupdate no update runs", async () => {
    const cli = fakeCli("claude", "2.1.332");
    dirs.push(cli.dir);
    const cwd = mkdtempSync(join(tmpdir(), "elwood-autoupdate-cwd-"));
    dirs.push(cwd);
    const session = await startClaude({ cwd, executable: cli.executable, shell: TEST_LOGIN_SHELL, env: { HOME: cwd, ...simEnv({ log: join(cwd, "sim.jsonl") }) } });
    opened.push(session);
    expect(cli.updates()).toBe(0);
  });
});

describe("autoupdate with Codex (C-CODEX-08, C-CODEX-10, C-LIFE-11)", () => {
  it("C-CODEX-08 / C-CODEX-10: `codex update` runs before the spawn and the version is checked again: 0.100.0 → update → 0.171.0 starts", async () => {
    const cli = fakeCli("codex", "0.100.0");
    dirs.push(cli.dir);
    cli.setUpdate("ok", "0.171.0");
    const s = await start("codex", cli);
    expect(cli.updates()).toBe(1);
    expect(updateWarnings(s)).toEqual([]);
  });

  it("C-LIFE-11 (a): a failed `codex update` with a compatible CLI starts with one agent_update_failed warning", async () => {
    const cli = fakeCli("codex", "0.171.0");
    dirs.push(cli.dir);
    const s = await start("codex", cli);
    expect(cli.updates()).toBe(1);
    const warnings = updateWarnings(s);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ agent: "codex", source: "lifecycle" });
    expect(warnings[0]?.details).toMatchObject({ installedVersion: "0.171.0", errorCode: "exit_nonzero", exitStatus: 3 });
  });

  it("C-CODEX-10: a failed `codex update` with a too-old CLI rejects codex_version_unsupported", async () => {
    const cli = fakeCli("codex", "0.100.0");
    dirs.push(cli.dir);
    expect((await rejection(start("codex", cli))).name).toBe("codex_version_unsupported");
    expect(cli.updates()).toBe(1);
  });
});
