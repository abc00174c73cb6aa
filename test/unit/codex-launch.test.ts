// Unit tests for Codex launch planning: option validation, hook override syntax per version, argv order, version probe parsing.
import { describe, expect, it } from "vitest";
import { codexArgs, reservedOverrides } from "../../adapters/codex/command-line.js";
import {
  CODEX_HOOK_EVENTS_0_144,
  CODEX_HOOK_EVENTS_0_171,
  codexHookEventsFor,
  codexHookOverrides,
  codexHookTimeoutSec,
} from "../../adapters/codex/hook-events.js";
import { validateCodexOptions, validateCodexOptionsShape, type ResolvedCodexOptions } from "../../adapters/codex/options.js";
import { codexVersionDecision, helpAdvertises, parseCodexVersion } from "../../adapters/codex/version-probe.js";
import { ElwoodError, isElwoodError } from "../../src/contracts/errors.js";
import { startCodex } from "../../src/start-codex.js";
import { probeSpawnCount } from "../../effects/probe.js";

function resolved(o: Record<string, unknown>): ResolvedCodexOptions {
  const r = validateCodexOptionsShape({ cwd: "/tmp", ...o });
  if (r instanceof ElwoodError) throw r;
  return r;
}

describe("Codex options", () => {
  it("C-CODEX-21 an invalid reasoningEffort rejects codex_invalid_reasoning_effort listing the values, before any probe or spawn", async () => {
    const before = probeSpawnCount();
    const error = await startCodex({ cwd: "/tmp", reasoningEffort: "turbo" as never }).catch((e: unknown) => e);
    expect(isElwoodError(error, "codex_invalid_reasoning_effort")).toBe(true);
    expect((error as ElwoodError).message).toContain("none, minimal, low, medium, high, xhigh, max");
    expect(probeSpawnCount()).toBe(before);
  });

  it("C-API-54 highTrust expands to danger-full-access + never; with an explicit posture it is codex_high_trust_conflict", async () => {
    expect(resolved({ highTrust: true })).toMatchObject({ sandbox: "danger-full-access", approvalPolicy: "never" });
    for (const extra of [{ sandbox: "read-only" }, { approvalPolicy: "on-request" }]) {
      const error = await validateCodexOptions({ cwd: "/tmp", highTrust: true, ...extra }).catch((e: unknown) => e);
      expect(isElwoodError(error, "codex_high_trust_conflict")).toBe(true);
    }
  });

  it("rejects bad posture values, malformed configOverrides, a relative executable and a missing cwd with invalid_argument", async () => {
    for (const bad of [
      { sandbox: "yolo" },
      { approvalPolicy: "always" },
      { configOverrides: ["no-equals-sign"] },
      { configOverrides: ["a=1\nb=2"] },
      { executable: "codex" },
      { hookTimeoutMs: -1 },
    ]) {
      expect(isElwoodError(validateCodexOptionsShape({ cwd: "/tmp", ...bad }), "invalid_argument")).toBe(true);
    }
    const missing = await validateCodexOptions({ cwd: "/definitely/not/here" }).catch((e: unknown) => e);
    expect(isElwoodError(missing, "invalid_argument")).toBe(true);
    expect(isElwoodError(await startCodex(null as never).catch((e: unknown) => e), "invalid_argument")).toBe(true);
  });
});

describe("Codex hook overrides and argv", () => {
  it("C-CODEX-02 every event the version knows gets a session-scoped -c hooks.<Event> override (0.144: 10, 0.171: 12)", () => {
    expect(codexHookEventsFor("0.144.6")).toEqual(CODEX_HOOK_EVENTS_0_144);
    expect(codexHookEventsFor("0.171.0")).toEqual(CODEX_HOOK_EVENTS_0_171);
    expect(codexHookEventsFor(undefined)).toHaveLength(12);
    expect(CODEX_HOOK_EVENTS_0_144).toHaveLength(10);
    expect(CODEX_HOOK_EVENTS_0_144).not.toContain("SessionEnd");
    const overrides = codexHookOverrides(["Stop", "SessionEnd"], (e) => `'node' 'bridge.mjs' ${e}`, 30_000);
    expect(overrides).toEqual([
      `hooks.Stop=[{hooks=[{type="command",command="'node' 'bridge.mjs' Stop",timeout=35}]}]`,
      `hooks.SessionEnd=[{hooks=[{type="command",command="'node' 'bridge.mjs' SessionEnd",timeout=3}]}]`,
    ]);
  });

  it("SessionEnd and Interrupt timeouts stay ≤ 3 s (0.171 clamps them with a warning); others sit above Elwood's deadline", () => {
    expect(codexHookTimeoutSec("Interrupt", 60_000)).toBe(3);
    expect(codexHookTimeoutSec("SessionEnd", 1)).toBe(3);
    expect(codexHookTimeoutSec("PreToolUse", 30_000)).toBe(35);
  });

  it("a command with quotes and backslashes is a valid TOML basic string", () => {
    const [entry] = codexHookOverrides(["Stop"], () => `say "hi" \\ there`, 1000);
    expect(entry).toContain(String.raw`command="say \"hi\" \\ there"`);
  });

  it("C-CODEX-03/C-CODEX-21 argv: --cd, posture, bypass flag, then hook → caller → reserved overrides (effort last)", () => {
    const args = codexArgs(
      resolved({ model: "-weird", profile: "p1", sandbox: "read-only", approvalPolicy: "on-request", reasoningEffort: "high", configOverrides: ["model_reasoning_effort=low", "features.hooks=false"] }),
      { hookOverrides: ["hooks.Stop=[]"], bypassHookTrust: true },
    );
    expect(args.slice(0, 9)).toEqual(["--cd", "/tmp", "--model=-weird", "--profile=p1", "--sandbox", "read-only", "--ask-for-approval", "on-request", "--dangerously-bypass-hook-trust"]);
    const overrides = args.filter((_, i) => args[i - 1] === "-c");
    expect(overrides).toEqual(["hooks.Stop=[]", "model_reasoning_effort=low", "features.hooks=false", ...reservedOverrides("high")]);
    expect(overrides.slice(-3)).toEqual(["features.hooks=true", 'hookTrust="trust-all"', "model_reasoning_effort=high"]);
    expect(codexArgs(resolved({}), { hookOverrides: [], bypassHookTrust: false })).not.toContain("--dangerously-bypass-hook-trust");
  });
});

describe("Codex version probe parsing", () => {
  it("parses codex-cli versions, tolerates login-shell noise, and decides per the minimum", () => {
    expect(parseCodexVersion("codex-cli 0.171.0")).toBe("0.171.0");
    expect(parseCodexVersion("motd\ncodex-cli 0.144.6\n")).toBe("0.144.6");
    expect(parseCodexVersion("garbage")).toBeUndefined();
    expect(codexVersionDecision("0.171.0", false).kind).toBe("ok");
    expect(codexVersionDecision(undefined, false)).toMatchObject({ kind: "warn", warning: "version_unparseable" });
    const strict = codexVersionDecision(undefined, true);
    expect(strict.kind === "fail" && strict.error.name).toBe("codex_version_unparseable");
    const old = codexVersionDecision("0.100.0", false);
    expect(old.kind === "fail" && old.error.name).toBe("codex_version_unsupported");
  });

  it("the bypass flag counts only when --help lists it as an option", () => {
    expect(helpAdvertises("Options:\n      --dangerously-bypass-hook-trust\n          Run hooks", "--dangerously-bypass-hook-trust")).toBe(true);
    expect(helpAdvertises("see --dangerously-bypass-hook-trust-ish", "--dangerously-bypass-hook-trust")).toBe(false);
  });
});
