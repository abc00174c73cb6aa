// Pre-spawn validation of StartClaudeOptions: every error code, defaults, highTrust expansion, no synchronous throws.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ElwoodError, type ElwoodErrorCode } from "../../src/contracts/errors.js";
import {
  CLAUDE_REASONING_EFFORTS,
  DEFAULT_HOOK_TIMEOUT_MS,
  PERSONA_MAX_BYTES,
  validateClaudeOptions,
} from "../../adapters/claude/options.js";
import { claudeHookTimeoutSec } from "../../adapters/claude/hook-events.js";
import { MAX_HOOK_TIMEOUT_MS } from "../../adapters/common-options.js";

const dir = mkdtempSync(join(tmpdir(), "elwood-opts-"));
const file = join(dir, "a-file");
writeFileSync(file, "x");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Calls validation, asserting it returned a promise rather than throwing, and returns the rejection. */
async function rejection(opts: unknown): Promise<ElwoodError> {
  let result: Promise<unknown> | undefined;
  expect(() => {
    result = validateClaudeOptions(opts);
  }).not.toThrow();
  expect(result).toBeInstanceOf(Promise);
  const error: unknown = await result!.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  return error as ElwoodError;
}

const cases: ReadonlyArray<readonly [string, unknown, ElwoodErrorCode]> = [
  ["non-object", "nope", "invalid_argument"],
  ["null", null, "invalid_argument"],
  ["array", [], "invalid_argument"],
  ["missing cwd", {}, "invalid_argument"],
  ["non-string cwd", { cwd: 7 }, "invalid_argument"],
  ["nonexistent cwd", { cwd: join(dir, "missing") }, "invalid_argument"],
  ["cwd is a file", { cwd: file }, "invalid_argument"],
  ["fractional cols", { cwd: dir, initialSize: { cols: 80.5, rows: 24 } }, "invalid_argument"],
  ["cols too small", { cwd: dir, initialSize: { cols: 19, rows: 24 } }, "invalid_argument"],
  ["cols too large", { cwd: dir, initialSize: { cols: 1001, rows: 24 } }, "invalid_argument"],
  ["rows too small", { cwd: dir, initialSize: { cols: 80, rows: 4 } }, "invalid_argument"],
  ["rows too large", { cwd: dir, initialSize: { cols: 80, rows: 501 } }, "invalid_argument"],
  ["size not object", { cwd: dir, initialSize: "80x24" }, "invalid_argument"],
  ["bad effort", { cwd: dir, reasoningEffort: "extreme" }, "claude_invalid_reasoning_effort"],
  ["effort wrong case", { cwd: dir, reasoningEffort: "High" }, "claude_invalid_reasoning_effort"],
  ["highTrust + permissionMode", { cwd: dir, highTrust: true, permissionMode: "plan" }, "claude_high_trust_conflict"],
  ["highTrust + bypassPermissions", { cwd: dir, highTrust: true, permissionMode: "bypassPermissions" }, "claude_high_trust_conflict"],
  ["unknown permission mode", { cwd: dir, permissionMode: "yolo" }, "invalid_argument"],
  ["manual is not a spec mode", { cwd: dir, permissionMode: "manual" }, "invalid_argument"],
  ["highTrust not boolean", { cwd: dir, highTrust: "yes" }, "invalid_argument"],
  ["tools not array", { cwd: dir, tools: "Read" }, "invalid_argument"],
  ["empty rule", { cwd: dir, allowedTools: [""] }, "invalid_argument"],
  ["non-string rule", { cwd: dir, allowedTools: [3] }, "invalid_argument"],
  ["newline in rule", { cwd: dir, disallowedTools: ["Bash(rm\n-rf)"] }, "invalid_argument"],
  ["NUL in rule", { cwd: dir, tools: ["Read\0"] }, "invalid_argument"],
  ["top-level comma", { cwd: dir, allowedTools: ["Read,Write"] }, "invalid_argument"],
  ["unbalanced parens", { cwd: dir, allowedTools: ["Bash(git"] }, "invalid_argument"],
  ["leading dash", { cwd: dir, allowedTools: ["--dangerously-skip-permissions"] }, "invalid_argument"],
  ["persona over 8 MiB", { cwd: dir, persona: "a".repeat(PERSONA_MAX_BYTES + 1) }, "input_queue_full"],
  ["persona over 8 MiB in UTF-8 bytes", { cwd: dir, persona: "é".repeat(PERSONA_MAX_BYTES / 2 + 1) }, "input_queue_full"],
  ["persona not string", { cwd: dir, persona: 1 }, "invalid_argument"],
  ["hookTimeoutMs zero", { cwd: dir, hookTimeoutMs: 0 }, "invalid_argument"],
  ["hookTimeoutMs negative", { cwd: dir, hookTimeoutMs: -5 }, "invalid_argument"],
  ["hookTimeoutMs infinite", { cwd: dir, hookTimeoutMs: Infinity }, "invalid_argument"],
  ["hookTimeoutMs NaN", { cwd: dir, hookTimeoutMs: Number.NaN }, "invalid_argument"],
  ["hookEvents unknown word", { cwd: dir, hookEvents: "some" }, "invalid_argument"],
  ["hookEvents not a string", { cwd: dir, hookEvents: true }, "invalid_argument"],
  ["relative executable", { cwd: dir, executable: "bin/claude" }, "invalid_argument"],
  ["relative shell", { cwd: dir, shell: "bash" }, "invalid_argument"],
  ["env non-string value", { cwd: dir, env: { A: 1 } }, "invalid_argument"],
  ["env key with =", { cwd: dir, env: { "A=B": "1" } }, "invalid_argument"],
  ["empty model", { cwd: dir, model: "" }, "invalid_argument"],
  ["name with newline", { cwd: dir, name: "a\nb" }, "invalid_argument"],
  ["settingsOverrides not object", { cwd: dir, settingsOverrides: [] }, "invalid_argument"],
  ["settingsOverrides non-JSON", { cwd: dir, settingsOverrides: { f: () => 1 } }, "invalid_argument"],
  ["settingsOverrides.hooks not arrays", { cwd: dir, settingsOverrides: { hooks: { Stop: {} } } }, "invalid_argument"],
  ["hooks not object", { cwd: dir, hooks: 5 }, "invalid_argument"],
  ["autotrust not boolean", { cwd: dir, autotrust: 1 }, "invalid_argument"],
];

describe("validateClaudeOptions (C-CLAUDE-20, C-CLAUDE-03)", () => {
  it.each(cases)("rejects %s without throwing synchronously", async (_label, opts, code) => {
    const error = await rejection(opts);
    expect(error.name).toBe(code);
  });

  it("C-CLAUDE-20: invalid effort lists the valid values in details and message", async () => {
    const error = await rejection({ cwd: dir, reasoningEffort: "ultra" });
    expect((error.details as { validValues?: readonly string[] }).validValues).toEqual([...CLAUDE_REASONING_EFFORTS]);
    for (const v of CLAUDE_REASONING_EFFORTS) expect(error.message).toContain(v);
  });

  it("applies defaults and resolves cwd to an absolute path", async () => {
    const r = await validateClaudeOptions({ cwd: dir });
    expect(r.cwd).toBe(resolve(dir));
    expect(r.initialSize).toEqual({ cols: 189, rows: 48 });
    expect(r.autotrust).toBe(false);
    expect(r.highTrust).toBe(false);
    expect(r.autoupdate).toBe(false);
    expect(r.strictVersionCheck).toBe(false);
    expect(r.hookTimeoutMs).toBe(DEFAULT_HOOK_TIMEOUT_MS);
    expect(r.hookEvents).toBe("all");
    expect(r.permissionMode).toBeUndefined();
    expect(r.stateDir).toBeUndefined();
    expect(r.env).toEqual({});
  });

  it("issue 14 item 3: hookTimeoutMs is accepted up to the largest value whose derived timers fit a Node timer", async () => {
    expect((await validateClaudeOptions({ cwd: dir, hookTimeoutMs: MAX_HOOK_TIMEOUT_MS })).hookTimeoutMs).toBe(MAX_HOOK_TIMEOUT_MS);
    const timerMax = 2_147_483_647;
    // The bridge's timer (deadline + 2 s) and Claude's own (whole seconds + 5 s, armed in ms) both still fit.
    expect(MAX_HOOK_TIMEOUT_MS + 2000).toBeLessThanOrEqual(timerMax);
    expect(claudeHookTimeoutSec(MAX_HOOK_TIMEOUT_MS) * 1000).toBeLessThanOrEqual(timerMax);
    for (const over of [MAX_HOOK_TIMEOUT_MS + 1, timerMax - 1000, timerMax]) {
      const error = await rejection({ cwd: dir, hookTimeoutMs: over });
      expect(error.name, String(over)).toBe("invalid_argument");
      expect(error.details).toMatchObject({ option: "hookTimeoutMs" });
    }
  });

  it("highTrust expands to permissionMode bypassPermissions; highTrust false keeps the explicit mode", async () => {
    expect((await validateClaudeOptions({ cwd: dir, highTrust: true })).permissionMode).toBe("bypassPermissions");
    expect((await validateClaudeOptions({ cwd: dir, highTrust: false, permissionMode: "plan" })).permissionMode).toBe("plan");
  });

  it("accepts every spec permission mode and effort, rules with parens/commas/spaces inside, and a persona at the limit", async () => {
    for (const mode of ["default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"]) {
      expect((await validateClaudeOptions({ cwd: dir, permissionMode: mode })).permissionMode).toBe(mode);
    }
    for (const effort of CLAUDE_REASONING_EFFORTS) {
      expect((await validateClaudeOptions({ cwd: dir, reasoningEffort: effort })).reasoningEffort).toBe(effort);
    }
    const r = await validateClaudeOptions({
      cwd: dir,
      allowedTools: ["Bash(git diff:*)", "Bash(echo a,b)", "mcp__srv__tool"],
      tools: [],
      persona: "a".repeat(PERSONA_MAX_BYTES),
      initialSize: { cols: 20, rows: 5 },
      stateDir: "rel/state",
      model: "--weird-model",
    });
    expect(r.allowedTools).toEqual(["Bash(git diff:*)", "Bash(echo a,b)", "mcp__srv__tool"]);
    expect(r.tools).toEqual([]);
    expect(r.persona?.length).toBe(PERSONA_MAX_BYTES);
    expect(r.stateDir).toBe(resolve("rel/state"));
    expect(r.model).toBe("--weird-model");
  });
});
