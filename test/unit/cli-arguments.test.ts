// The elwood command's argument grammar, usage errors (status 2, the spec's messages) and input composition, run in-process.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDuration } from "../../cli/duration.js";
import { runCli } from "../../cli/main.js";
import { nearestOption } from "../../cli/nearest-option.js";
import { parseInvocation } from "../../cli/parse-invocation.js";
import { MAX_INPUT_BYTES, readPrompt } from "../../cli/read-prompt.js";
import { schemaProblems } from "../support/json-schema-check.js";
import { fakeIo, stdinOf } from "../support/fake-cli-io.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;

async function cli(argv: string[], options: Parameters<typeof fakeIo>[0] = {}) {
  const { io, stdout, stderr, stdin } = fakeIo(options);
  const status = await runCli(argv, io);
  return { status, stdout: stdout.text(), stderr: stderr.text(), stdinReads: stdin.reads };
}

describe("elwood grammar (issue 19, C-CLI-02, C-CLI-23)", () => {
  it("C-CLI-02: bare elwood at a terminal prints the top-level help and reads neither stdin nor config; --version and -V print the version", async () => {
    const bare = await cli([], { stdin: "tty", env: { ELWOOD_CONFIG: "/dev/null/not-a-file" } });
    expect(bare.status).toBe(0);
    expect(bare.stdout).toMatch(/^usage: elwood \[options\] \[prompt\.\.\.\]/);
    expect(bare.stdinReads).toBe(0);
    for (const flag of ["--version", "-V"]) {
      const v = await cli([flag], { env: { ELWOOD_CONFIG: "/dev/null/not-a-file" } });
      expect(v).toMatchObject({ status: 0, stdout: `${JSON.parse(readFileSync("package.json", "utf8")).version}\n`, stdinReads: 0 });
    }
    for (const argv of [["help"], ["-h"], ["run", "--help"]]) expect((await cli(argv)).stdout).toBe(bare.stdout);
    // Issue 38: a subcommand's --help is its own help (test/unit/cli-help.test.ts), never read from stdin.
    for (const argv of [["sessions", "--help"], ["models", "-h"], ["resume", "--help"]]) {
      const r = await cli(argv, { stdin: ["piped text"] });
      expect(r).toMatchObject({ status: 0, stdout: expect.stringMatching(new RegExp(`^usage: elwood ${argv[0]}`)), stdinReads: 0 });
    }
    expect((await cli(["config", "--help"])).stdout).toMatch(/^usage: elwood config path/);
    expect((await cli(["config", "help"])).stdout).toMatch(/^usage: elwood config path/);
  });

  it("C-CLI-02: run is the bare form; a reserved word is a command only first and before --", () => {
    expect(parseInvocation(["run", "fix", "it"])).toEqual({ ...parseInvocation(["fix", "it"]) });
    expect(parseInvocation(["say", "help", "--model", "m"])).toMatchObject({ command: "run", positionals: ["say", "help"], values: { model: "m" } });
    expect(parseInvocation(["--", "sessions"])).toMatchObject({ command: "run", positionals: ["sessions"] });
    expect(parseInvocation(["--image", "a.png", "--image", "b.png", "x"]).values.image).toEqual(["a.png", "b.png"]);
  });

  it("C-CLI-02 (issue 38): a command word after global options is still the command; an option's value or a word after -- is not", () => {
    expect(parseInvocation(["--agent", "claude", "sessions"])).toMatchObject({ command: "sessions", values: { agent: "claude" }, positionals: [] });
    expect(parseInvocation(["--agent", "claude", "run", "hi"])).toMatchObject({ command: "run", values: { agent: "claude" }, positionals: ["hi"] });
    expect(parseInvocation(["--output", "json", "models", "--agent", "codex"])).toMatchObject({ command: "models", values: { output: "json", agent: "codex" } });
    expect(parseInvocation(["-C", "/tmp", "resume", "abc", "go"])).toMatchObject({ command: "run", values: { cwd: "/tmp", resume: "abc" }, positionals: ["go"] });
    expect(parseInvocation(["--agent", "claude", "serve", "--port", "0"])).toMatchObject({ command: "serve", values: { agent: "claude", port: "0" } });
    expect(parseInvocation(["--persona", "sessions", "hi"])).toMatchObject({ command: "run", values: { persona: "sessions" }, positionals: ["hi"] });
    expect(parseInvocation(["--agent", "claude", "--", "sessions"])).toMatchObject({ command: "run", positionals: ["sessions"] });
    expect(parseInvocation(["--agent", "claude", "list", "sessions"])).toMatchObject({ command: "run", positionals: ["list", "sessions"] });
  });

  it("C-CLI-02, C-CLI-24 (issue 38): elwood --agent claude sessions lists sessions instead of sending 'sessions' as a prompt", async () => {
    const r = await cli(["--agent", "claude", "sessions", "--state-dir", "/nonexistent-home/state", "--output", "json"]);
    expect(r).toMatchObject({ status: 0, stdinReads: 0 });
    expect(JSON.parse(r.stdout)).toMatchObject({ type: "sessions", sessions: [] });
  });

  it("C-CLI-23: resume <id> is run --resume <id>; a missing id or an extra --resume is a usage error", async () => {
    expect(parseInvocation(["resume", "abc", "go", "on"])).toMatchObject({ command: "run", values: { resume: "abc" }, positionals: ["go", "on"] });
    expect(await cli(["resume"])).toMatchObject({ status: 2, stderr: expect.stringContaining("needs a session id") });
    expect(await cli(["resume", "a", "--resume", "b"])).toMatchObject({ status: 2, stderr: expect.stringContaining("cannot be used together") });
  });

  it("C-CLI-20: an unknown long option names the token and suggests the nearest documented one", async () => {
    expect(await cli(["--verbos", "hi"])).toMatchObject({ status: 2, stderr: "elwood: unknown option '--verbos' (did you mean --verbose?)\n", stdout: "" });
    expect(nearestOption("--zzzzzz", ["verbose", "output"])).toBeUndefined();
  });

  it("C-CLI-02, C-CLI-04: an explicit run with terminal stdin and no words, or whitespace-only input, is a usage error before launch", async () => {
    expect(await cli(["run"])).toMatchObject({ status: 2, stdinReads: 0, stderr: expect.stringContaining("no prompt") });
    expect(await cli(["run"], { stdin: ["  \n\t "] })).toMatchObject({ status: 2, stderr: expect.stringContaining("no prompt") });
  });

  it("C-CLI-02, C-CLI-04 (issue 38): bare elwood with piped stdin takes it as the prompt: empty or blank piped input is a usage error, never help on stdout", async () => {
    for (const stdin of [[], ["\n"], ["  \n\t "]]) {
      const r = await cli([], { stdin, env: { ELWOOD_AGENT: "claude" } });
      expect(r, JSON.stringify(stdin)).toMatchObject({ status: 2, stdout: "", stdinReads: 1, stderr: expect.stringContaining("elwood: no prompt") });
    }
  });

  it("C-CLI-08, C-CLI-03, C-CLI-14: conflicting options and strict env booleans are usage errors (status 2)", async () => {
    const cases: Array<[string[], Record<string, string>, string]> = [
      [["--keep", "--ephemeral", "hi"], {}, "--keep and --ephemeral cannot be used together"],
      [["--resume", "x", "--cwd", "/tmp", "hi"], {}, "--cwd cannot be used with a resume"],
      [["--output", "json", "--stream", "hi"], {}, "--stream works only with text output"],
      [["--stream", "--no-stream", "hi"], {}, "--stream and --no-stream cannot be used together"],
      [["hi"], { ELWOOD_STREAM: "yes" }, "ELWOOD_STREAM must be exactly true or false"],
      [["--agent", "gemini", "hi"], {}, "agent from --agent must be one of claude, codex"],
      [["--timeout", "0s", "hi"], {}, "positive whole number"],
      [["sessions", "--stream"], {}, "elwood sessions does not take --stream"],
      [["sessions", "--output", "jsonl"], {}, "not jsonl"],
      [["models", "extra"], {}, "takes no prompt words"],
      [["--agent", "claude", "--codex-sandbox", "read-only", "hi"], {}, "--codex-sandbox from --codex-sandbox applies to codex only"],
      [["--agent", "claude", "--high-trust", "--claude-permission-mode", "plan", "hi"], {}, "high trust from --high-trust conflicts with --claude-permission-mode"],
    ];
    for (const [argv, env, message] of cases) {
      const r = await cli(argv, { env, stdin: [] });
      expect(r.status, argv.join(" ")).toBe(2);
      // Every failure has its stderr line; an explicitly chosen json/jsonl output also carries it on stdout.
      expect(r.stderr, argv.join(" ")).toContain(message);
      const machine = argv.includes("json") || argv.includes("jsonl");
      if (machine) expect(JSON.parse(r.stdout).error.message, argv.join(" ")).toContain(message);
      else expect(r.stdout, argv.join(" ")).toBe("");
    }
  });

  it("C-CLI-04, C-CLI-20 (issue 38): a bad --image is a usage error before launch that names the path as typed", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "elwood-cli-image-"));
    try {
      mkdirSync(join(cwd, "shots"));
      writeFileSync(join(cwd, "notes.txt"), "not an image");
      const cases: Array<[string, string]> = [
        ["shots", "elwood: --image shots is not a regular file\n"],
        ["missing.png", "elwood: --image missing.png is not readable\n"],
        ["notes.txt", "elwood: --image notes.txt is not a png/jpeg/gif/webp image\n"],
      ];
      for (const [typed, stderr] of cases) {
        expect(await cli(["--agent", "claude", "--image", typed, "hello"], { cwd, stdin: [] })).toMatchObject({ status: 2, stdout: "", stderr });
      }
      const json = await cli(["--agent", "claude", "--output", "json", "--image", "shots", "hello"], { cwd, stdin: [] });
      expect(JSON.parse(json.stdout)).toMatchObject({ type: "error", error: { code: "invalid_image", message: "--image shots is not a regular file" } });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("C-CLI-11: with json or jsonl chosen, a usage error is one schema-valid error record with agent null before selection", async () => {
    const jsonl = await cli(["--output", "jsonl", "--timeout", "5x", "hi"]);
    expect(jsonl.status).toBe(2);
    const lines = jsonl.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] as string);
    expect(schemaProblems(SCHEMA, record)).toEqual([]);
    expect(record).toMatchObject({ type: "error", agent: null, error: { code: "usage_error" } });
    const json = await cli(["--output", "json", "--keep", "--ephemeral", "hi"], { stdin: [] });
    const doc = JSON.parse(json.stdout);
    expect(schemaProblems(SCHEMA, doc, (SCHEMA["$defs"] as Record<string, Record<string, unknown>>)["document"])).toEqual([]);
    expect(json.stderr).toBe("elwood: --keep and --ephemeral cannot be used together\n");
  });

  it("C-CLI-11 (issue 38): every error in json and jsonl is one error document on stdout and one line on stderr", async () => {
    const cases: Array<{ argv: string[]; env?: Record<string, string>; code: string }> = [
      { argv: ["--output", "FORMAT", "--bogus", "hi"], code: "usage_error" },
      { argv: ["--bogus", "--output=FORMAT", "hi"], code: "usage_error" },
      { argv: ["--output", "FORMAT", "--timeout", "5x", "hi"], code: "usage_error" },
      { argv: ["--timeout", "5x", "hi"], env: { ELWOOD_OUTPUT: "FORMAT" }, code: "usage_error" },
      { argv: ["sessions", "--output", "FORMAT", "extra"], code: "usage_error" },
      { argv: ["models", "--output", "FORMAT", "--persona", "p"], code: "usage_error" },
      { argv: ["interactive", "--output", "FORMAT"], code: "usage_error" },
      { argv: ["resume", "--output", "FORMAT"], code: "usage_error" },
    ];
    for (const format of ["json", "jsonl"]) {
      for (const c of cases) {
        const argv = c.argv.map((w) => w.replace("FORMAT", format));
        const env = Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, v.replace("FORMAT", format)]));
        const r = await cli(argv, { env });
        const label = `${format}: ${argv.join(" ")}`;
        expect(r.status, label).toBe(2);
        const lines = r.stdout.trim().split("\n");
        expect(lines, label).toHaveLength(1);
        expect(lines[0], label).toMatch(/^\{/);
        const doc = JSON.parse(lines[0] as string) as Record<string, unknown>;
        expect(doc, label).toMatchObject({ type: "error", error: { code: c.code } });
        expect(r.stderr, label).toMatch(/^elwood: [^\n]+\n$/);
        expect(r.stderr, label).toBe(`elwood: ${(doc["error"] as { message: string }).message}\n`);
      }
    }
  });
});

describe("input composition (issue 19, C-CLI-04)", () => {
  it("C-CLI-04: piped stdin follows the words after one blank line; terminal stdin is never read", async () => {
    expect(await readPrompt(["fix", "the", "bug"], stdinOf(["stack ", "trace\n"]))).toBe("fix the bug\n\nstack trace\n");
    expect(await readPrompt([], stdinOf(["only piped"]))).toBe("only piped");
    expect(await readPrompt(["words"], stdinOf([" \n"]))).toBe("words");
    const tty = stdinOf("tty");
    expect(await readPrompt(["just", "words"], tty)).toBe("just words");
    expect(tty.reads).toBe(0);
  });

  it("C-CLI-04 (issue 38): stdin held open without data is given up after the wait: the words run alone and stderr says so; without words it is a usage error", async () => {
    const notices: string[] = [];
    const held = stdinOf("silent");
    expect(await readPrompt(["just", "words"], held, { waitMs: 20, notice: async (line) => void notices.push(line) })).toBe("just words");
    expect(held.released).toBe(1);
    expect(notices).toEqual(["stdin sent nothing within 0.02 s; running with the prompt words only (use </dev/null to skip this wait)"]);
    await expect(readPrompt([], stdinOf("silent"), { waitMs: 20 })).rejects.toMatchObject({ code: "empty_prompt", exitCode: 2, message: expect.stringContaining("stdin sent nothing within 0.02 s") });
  });

  it("C-CLI-04: the combined input is capped at 8 MiB of UTF-8 while reading", async () => {
    const chunk = "é".repeat(1024 * 1024); // 2 MiB of UTF-8 each
    await expect(readPrompt(["x"], stdinOf([chunk, chunk, chunk, chunk]))).rejects.toMatchObject({ code: "input_too_large", exitCode: 2 });
    const exact = "a".repeat(MAX_INPUT_BYTES - 3);
    expect((await readPrompt(["x"], stdinOf([exact]))).length).toBe(MAX_INPUT_BYTES);
  });

  it("C-CLI-07: --timeout takes a positive whole number with ms, s, m or h", () => {
    expect([parseDuration("250ms"), parseDuration("90s"), parseDuration("5m"), parseDuration("2h")]).toEqual([250, 90_000, 300_000, 7_200_000]);
    for (const bad of ["0s", "1.5s", "10", "-1s", "9999999999h", "s"]) expect(parseDuration(bad), bad).toBeUndefined();
  });
});

describe("elwood interactive usage (issue 19, C-CLI-25)", () => {
  it("C-CLI-25: without terminals, with run-only options, json output or two ids it fails with status 2 before spawning", async () => {
    const cases: Array<[string[], string]> = [
      [["interactive"], "needs a terminal on stdin and stdout"],
      [["interactive", "--timeout", "5s"], "does not take --timeout"],
      [["interactive", "--stream"], "does not take --stream"],
      [["interactive", "--image", "a.png"], "does not take --image"],
      [["interactive", "--output", "json"], "has no json output"],
      [["interactive", "a", "b"], "at most one session id"],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(argv);
      expect(r, argv.join(" ")).toMatchObject({ status: 2, stderr: expect.stringContaining(message) });
      // json chosen: the error document too (issue 38's one rule), else nothing on stdout.
      if (argv.includes("json")) expect(JSON.parse(r.stdout)).toMatchObject({ type: "error", error: { code: "usage_error" } });
      else expect(r.stdout, argv.join(" ")).toBe("");
    }
  });
});
