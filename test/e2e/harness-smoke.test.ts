// Proves the e2e harness against the real CLIs: isolated homes + scripted model server + PTY + headless xterm, loopback only.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLAUDE_VERSIONS, CODEX_VERSIONS } from "./harness/cli-paths.js";
import { createClaudeHome, type ClaudeHome } from "./harness/claude-home.js";
import { createCodexHome, type CodexHome } from "./harness/codex-home.js";
import { assertLoopbackOnly } from "./harness/netns.js";
import { startModelServer, type ModelServer } from "./model-server/index.js";

const { Terminal } = xterm;
const COLS = 120;
const ROWS = 40;

/** A real CLI in a real PTY rendered by a real headless xterm that also answers the CLI's terminal queries. */
class CliUnderTest {
  readonly term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 1000 });
  readonly proc: pty.IPty;
  readonly spawnedAt = Date.now();
  exited = false;
  readonly #exit: Promise<void>;

  constructor(file: string, args: string[], cwd: string, env: Record<string, string>) {
    this.proc = pty.spawn(file, args, { name: "xterm-256color", cols: COLS, rows: ROWS, cwd, env });
    this.proc.onData((d) => this.term.write(d));
    // Replies to DA1/CPR/OSC colour queries go back to the CLI, as a real terminal would send them.
    this.term.onData((d) => {
      if (!this.exited) this.proc.write(d);
    });
    this.#exit = new Promise((resolve) =>
      this.proc.onExit(() => {
        this.exited = true;
        resolve();
      }),
    );
  }

  /** Visible screen lines (the alternate buffer when the CLI uses it). */
  lines(): string[] {
    const buf = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < ROWS; i++) out.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? "");
    return out;
  }

  screen(): string {
    return this.lines().join("\n");
  }

  async waitFor(what: string, pred: (lines: string[]) => boolean, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (pred(this.lines())) return Date.now();
      if (this.exited) throw new Error(`CLI exited while waiting for ${what}\n----- last screen -----\n${this.screen()}`);
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n----- last screen -----\n${this.screen()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Bracketed paste, wait until the composer echoes it, then Enter as a separate write ~100 ms later
   * (Codex treats a fast Enter after text as a newline; an Enter racing the paste's processing can be lost).
   */
  async submit(text: string, composerGlyph: string): Promise<number> {
    this.proc.write(`\x1b[200~${text}\x1b[201~`);
    await this.waitFor(`composer echo of ${JSON.stringify(text)}`, (ls) => ls.some((l) => l.startsWith(`${composerGlyph}`) && l.includes(text)), 10_000);
    await new Promise((r) => setTimeout(r, 100));
    this.proc.write("\r");
    return Date.now();
  }

  async kill(): Promise<void> {
    if (!this.exited) {
      this.proc.kill("SIGTERM");
      const killer = setTimeout(() => {
        if (!this.exited) this.proc.kill("SIGKILL");
      }, 3000);
      await this.#exit;
      clearTimeout(killer);
    }
    this.term.dispose();
  }
}

/** Adds the CLI's last screen to any failure, so a broken e2e run explains itself. */
async function withScreen<T>(run: CliUnderTest, p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw new Error(`${(e as Error).message}\n----- last screen -----\n${run.screen()}`);
  }
}

const isRule = (l: string | undefined): boolean => l !== undefined && /─{20,}/.test(l);

/** Claude idle composer: `❯` + U+00A0 between two `─` rules, and nothing busy on screen. */
export function claudeComposerReady(lines: string[]): boolean {
  if (lines.some((l) => l.includes("esc to interrupt"))) return false;
  return lines.some((l, i) => l.startsWith("❯\u00a0") && isRule(lines[i - 1]) && isRule(lines[i + 1]));
}

/** Codex ready composer: a `› ` line plus the model · cwd footer (the composer alone can show before startup ends). */
export function codexComposerReady(lines: string[], cwd: string): boolean {
  const composer = lines.some((l) => l.startsWith("› "));
  const footer = lines.some((l) => /^ {2}\S.* · /.test(l) && l.includes(cwd));
  return composer && footer && !lines.some((l) => l.includes("esc to interrupt"));
}

const fmt = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

let server: ModelServer;

beforeAll(() => {
  assertLoopbackOnly();
});

beforeEach(async () => {
  server = await startModelServer();
});

afterEach(async () => {
  await server.close();
});

describe.each(CLAUDE_VERSIONS)("harness smoke: real Claude Code $version (C-E2E-02)", (cli) => {
  let home: ClaudeHome | undefined;
  let run: CliUnderTest | undefined;

  afterEach(async () => {
    await run?.kill();
    await home?.cleanup();
    run = undefined;
    home = undefined;
  });

  it("reaches the composer offline, sends a pasted prompt to the scripted server and shows the reply", async () => {
    expect(execFileSync(cli.executable, ["--version"], { encoding: "utf8" })).toContain(cli.version);
    home = await createClaudeHome({
      modelServerUrl: server.url,
      userSettings: { cleanupPeriodDays: 30 },
      projectSettings: { permissions: { allow: [] } },
      claudeMd: "# Smoke project\n",
    });
    const settings = path.join(home.root, "settings.json");
    await writeFile(settings, JSON.stringify({ hooks: {} }));
    const before = await home.userFiles();

    run = new CliUnderTest(cli.executable, ["--permission-mode", "default", "--settings", settings], home.project, home.env);
    const readyAt = await run.waitFor("Claude composer", claudeComposerReady, 30_000);
    const sentAt = await run.submit("hello", "❯");
    const req = await withScreen(run, server.waitForRequest((r) => r.kind === "main" && r.userText.includes("hello"), 15_000));
    const shownAt = await run.waitFor("FAKE-REPLY on screen", (ls) => ls.some((l) => l.includes("FAKE-REPLY: hello")), 15_000);
    const idleAt = await run.waitFor("idle composer after the turn", claudeComposerReady, 15_000);

    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/messages");
    expect(req.headers["x-api-key"]).toBe("[redacted]");
    expect(req.replySource).toBe("echo");
    expect(server.requests.filter((r) => r.api === "other")).toEqual([]);
    // The harness keeps every user/project settings file byte-identical across a real session.
    expect(before.size).toBeGreaterThan(0);
    expect(await home.userFiles()).toEqual(before);
    console.log(
      `[harness-smoke] claude ${cli.version}: spawn→composer ${fmt(readyAt - run.spawnedAt)}, ` +
        `Enter→reply shown ${fmt(shownAt - sentAt)}, Enter→idle ${fmt(idleAt - sentAt)}, ` +
        `requests: ${server.requests.map((r) => `${r.kind}/${r.replySource}`).join(", ")}`,
    );
  });
});

describe.each(CODEX_VERSIONS)("harness smoke: real Codex $version (C-E2E-03)", (cli) => {
  let home: CodexHome | undefined;
  let run: CliUnderTest | undefined;

  afterEach(async () => {
    await run?.kill();
    await home?.cleanup();
    run = undefined;
    home = undefined;
  });

  it("reaches the composer offline, sends a pasted prompt to the scripted server and shows the reply", async () => {
    expect(execFileSync(cli.executable, ["--version"], { encoding: "utf8" })).toContain(cli.version);
    home = await createCodexHome({ modelServerUrl: server.url, version: cli.version, agentsMd: "# Smoke project\n" });
    const before = await home.userFiles();
    const project = home.project;

    run = new CliUnderTest(cli.executable, ["--strict-config"], project, home.env);
    const readyAt = await run.waitFor("Codex composer", (ls) => codexComposerReady(ls, project), 30_000);
    const sentAt = await run.submit("hello", "›");
    const req = await withScreen(run, server.waitForRequest((r) => r.kind === "main" && r.userText.includes("hello"), 15_000));
    const shownAt = await run.waitFor("FAKE-REPLY on screen", (ls) => ls.some((l) => l.includes("FAKE-REPLY: hello")), 15_000);
    const idleAt = await run.waitFor("idle composer after the turn", (ls) => codexComposerReady(ls, project), 15_000);

    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/responses");
    expect(req.headers["authorization"]).toBe("[redacted]");
    expect(req.replySource).toBe("echo");
    expect(server.requests.filter((r) => r.api === "other")).toEqual([]);
    // The harness keeps every user/project settings file byte-identical across a real session.
    expect(before.size).toBeGreaterThan(0);
    expect(await home.userFiles()).toEqual(before);
    console.log(
      `[harness-smoke] codex ${cli.version}: spawn→composer ${fmt(readyAt - run.spawnedAt)}, ` +
        `Enter→reply shown ${fmt(shownAt - sentAt)}, Enter→idle ${fmt(idleAt - sentAt)}, ` +
        `requests: ${server.requests.map((r) => `${r.kind}/${r.replySource}`).join(", ")}`,
    );
  });
});
