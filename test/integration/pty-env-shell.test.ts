// Agent environment and login-shell launch: nested-instance stripping, POSIX quoting round trip, startup files.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { spawnAgentPty, type AgentPty } from "../../effects/pty/agent-pty.js";
import { defaultLoginShell, loginShellCommand, shellQuote } from "../../effects/pty/login-shell.js";
import { nestingEnv } from "../../src/nesting-env.js";

const tmp = mkdtempSync(join(tmpdir(), "elwood-pty-env-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs a child through spawnAgentPty and returns everything it printed once it exited. */
async function run(opts: Parameters<typeof spawnAgentPty>[0]): Promise<string> {
  const p: AgentPty = spawnAgentPty(opts);
  let text = "";
  p.onData((d) => {
    text += d;
  });
  await new Promise<void>((resolve) => p.onExit(() => resolve()));
  await p.kill();
  return text;
}

const printJson = (expr: string): string[] => ["-e", `console.log('JSON>' + JSON.stringify(${expr}) + '<JSON')`];
function parseJson(text: string): unknown {
  const match = /JSON>(.*)<JSON/.exec(text);
  if (match?.[1] === undefined) throw new Error(`no JSON marker in output: ${JSON.stringify(text)}`);
  return JSON.parse(match[1]);
}

describe("buildAgentEnv", () => {
  it("C-PTY-02: inherits the parent env, strips CLAUDECODE/CLAUDE_CODE_* and applies caller env", () => {
    const env = buildAgentEnv(
      {
        PATH: "/usr/bin",
        HOME: "/home/u",
        CLAUDECODE: "1",
        CLAUDE_CODE_ENTRYPOINT: "cli",
        CLAUDE_CODE_SSE_PORT: "1234",
        CLAUDE_CONFIG_DIR: "/keep",
        TERM: "dumb",
        UNSET: undefined,
      },
      { ELWOOD_SESSION_ID: "s-1", CLAUDE_CODE_USE_BEDROCK: "1" },
      nestingEnv(),
    );
    expect(env).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/u",
      CLAUDE_CONFIG_DIR: "/keep",
      ELWOOD_SESSION_ID: "s-1",
      CLAUDE_CODE_USE_BEDROCK: "1",
      TERM: "xterm-256color",
      COLORTERM: "truecolor",
    });
  });

  it("C-PTY-02: the stripped env is what the child in the PTY actually sees", async () => {
    const env = buildAgentEnv(
      { ...process.env, CLAUDECODE: "1", CLAUDE_CODE_ENTRYPOINT: "cli" },
      { ELWOOD_SESSION_ID: "sess-42", CLAUDE_CODE_KEEP: "yes" },
      nestingEnv(),
    );
    const text = await run({
      executable: process.execPath,
      args: printJson(
        "['CLAUDECODE','CLAUDE_CODE_ENTRYPOINT','CLAUDE_CODE_KEEP','ELWOOD_SESSION_ID','TERM','COLORTERM'].map((k) => process.env[k] ?? null)",
      ),
      cwd: tmp,
      env,
      cols: 80,
      rows: 24,
      viaLoginShell: false,
    });
    expect(parseJson(text)).toEqual([null, null, "yes", "sess-42", "xterm-256color", "truecolor"]);
  });
});

describe("login shell command (C-PTY-08)", () => {
  const tricky = ["", "plain", "two words", "it's", "'", "''", "a\"b", "$HOME", "`id`", "$(id)", "back\\slash", "line\nbreak", "*", "~", "=eq", "%job", "-l", "tab\there", "中文 😀", "!bang", ";&|<>", "#hash"];

  it("quotes POSIX words with single quotes, '\\'' for embedded quotes and '' for empty args", () => {
    expect(shellQuote("")).toBe("''");
    expect(shellQuote("plain-word_1.2/x:y@z,+")).toBe("plain-word_1.2/x:y@z,+");
    expect(shellQuote("two words")).toBe("'two words'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("=eq")).toBe("'=eq'");
    expect(loginShellCommand("/bin/zsh", "/opt/my tools/claude", ["--settings", ""])).toEqual({
      file: "/bin/zsh",
      args: ["-l", "-i", "-c", "exec '/opt/my tools/claude' --settings ''"],
    });
  });

  it("defaults to $SHELL, else /bin/sh", () => {
    expect(defaultLoginShell({ SHELL: "/bin/zsh" })).toBe("/bin/zsh");
    expect(defaultLoginShell({})).toBe("/bin/sh");
    expect(defaultLoginShell({ SHELL: "" })).toBe("/bin/sh");
  });

  for (const shell of ["/bin/bash", "/bin/sh"]) {
    it(`C-PTY-08: args round-trip byte-exact through ${shell} -l -i -c 'exec …'`, async () => {
      const env = buildAgentEnv(process.env, { HOME: tmp }, nestingEnv());
      const text = await run({
        executable: process.execPath,
        args: [...printJson("process.argv.slice(1)"), "--", ...tricky],
        cwd: tmp,
        env,
        cols: 200,
        rows: 24,
        shell,
      });
      expect(parseJson(text)).toEqual(tricky);
    });
  }

  it("C-PTY-02: variables exported by login startup files reach the agent", async () => {
    const home = mkdtempSync(join(tmp, "home-"));
    writeFileSync(join(home, ".bash_profile"), "export ELWOOD_FROM_PROFILE=profile-ok\n");
    const env = buildAgentEnv(process.env, { HOME: home }, nestingEnv());
    delete env.ELWOOD_FROM_PROFILE;
    const text = await run({
      executable: process.execPath,
      args: printJson("[process.env.ELWOOD_FROM_PROFILE ?? null, process.cwd()]"),
      cwd: home,
      env,
      cols: 100,
      rows: 24,
      shell: "/bin/bash",
    });
    expect(parseJson(text)).toEqual(["profile-ok", home]);
  });
});
