// Claude argv encoding, login-shell quoting, version parsing/decision, and the 100-column bootstrap plan.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { claudeArgs, claudeShellCommand, type ClaudeArgInputs } from "../../adapters/claude/command-line.js";
import {
  bootstrapSize,
  initialSizePlan,
  onInitialReady,
  onResizeRequest,
  onRestoreFailed,
} from "../../adapters/claude/startup-plan.js";
import { compareVersions, parseClaudeVersion, versionDecision } from "../../adapters/claude/version-probe.js";
import { shellQuote, trimIncompleteUtf8 } from "../../effects/probe.js";

const none: ClaudeArgInputs = {
  permissionMode: undefined,
  allowedTools: undefined,
  disallowedTools: undefined,
  tools: undefined,
  model: undefined,
  reasoningEffort: undefined,
  name: undefined,
};

describe("claudeArgs (C-CLAUDE-02, C-CLAUDE-03, C-CLAUDE-12, C-CLAUDE-13, C-CLAUDE-20)", () => {
  it("always passes the generated settings and nothing else by default", () => {
    expect(claudeArgs(none, "/s/claude-settings.json")).toEqual(["--settings", "/s/claude-settings.json"]);
  });

  it("encodes every field in a stable order, lists as one comma-separated value", () => {
    const args = claudeArgs(
      {
        permissionMode: "plan",
        allowedTools: ["Read", "Bash(git diff:*)"],
        disallowedTools: ["WebFetch"],
        tools: ["Read", "Bash"],
        model: "sonnet",
        reasoningEffort: "high",
        name: "my session",
      },
      "/s.json",
    );
    expect(args).toEqual([
      "--settings",
      "/s.json",
      "--permission-mode",
      "plan",
      "--allowedTools",
      "Read,Bash(git diff:*)",
      "--disallowedTools",
      "WebFetch",
      "--tools",
      "Read,Bash",
      "--model=sonnet",
      "--effort",
      "high",
      "--name=my session",
    ]);
  });

  it("C-CLAUDE-13: empty tools is --tools \"\"; empty allow/deny lists add no flag", () => {
    expect(claudeArgs({ ...none, tools: [], allowedTools: [], disallowedTools: [] }, "/s")).toEqual([
      "--settings",
      "/s",
      "--tools",
      "",
    ]);
  });

  it("passes default/bypassPermissions verbatim and keeps a dash-leading model as data", () => {
    expect(claudeArgs({ ...none, permissionMode: "default" }, "/s")).toContain("default");
    expect(claudeArgs({ ...none, permissionMode: "bypassPermissions" }, "/s")).toContain("bypassPermissions");
    const args = claudeArgs({ ...none, model: "--dangerously-skip-permissions" }, "/s");
    expect(args).toContain("--model=--dangerously-skip-permissions");
    expect(args).not.toContain("--dangerously-skip-permissions");
  });
});

describe("login-shell command line", () => {
  it("quotes every word so the shell passes them back unchanged (including an empty word)", () => {
    const args = ["--settings", "/a b/it's.json", "--tools", "", "--name=$HOME `x`", "Bash(git diff:*)"];
    const command = `${claudeShellCommand("/bin/echo", args).replace(/^exec \/bin\/echo/, "printf '%s\\n'")}`;
    const out = execFileSync("/bin/sh", ["-c", command], { encoding: "utf8" });
    expect(out.split("\n").slice(0, -1)).toEqual(args);
  });

  it("resolves bare `claude` through the shell when no executable is given", () => {
    expect(claudeShellCommand(undefined, ["--version"])).toBe("exec claude --version");
    expect(shellQuote("")).toBe("''");
  });
});

describe("version parsing and decision (C-CLAUDE-04)", () => {
  it("parses the CLI's format, tolerating shell noise before it", () => {
    expect(parseClaudeVersion("2.1.332 (Claude Code)")).toBe("2.1.332");
    expect(parseClaudeVersion("welcome from .bashrc\n2.1.215 (Claude Code)\n")).toBe("2.1.215");
    expect(parseClaudeVersion("motd\n2.2.0\n")).toBe("2.2.0");
    expect(parseClaudeVersion("garbage output")).toBeUndefined();
    expect(parseClaudeVersion("")).toBeUndefined();
  });

  it("compares versions numerically", () => {
    expect(compareVersions("2.1.144", "2.1.99")).toBe(1);
    expect(compareVersions("2.1.144", "2.1.144")).toBe(0);
    expect(compareVersions("2.1.144-beta", "2.1.144")).toBe(-1);
    expect(compareVersions("3.0.0", "2.9.9")).toBe(1);
  });

  it("unparseable warns, or fails claude_version_unparseable when strict; below minimum fails", () => {
    expect(versionDecision(undefined, false)).toMatchObject({ kind: "warn", warning: "version_unparseable" });
    const strict = versionDecision(undefined, true);
    expect(strict.kind === "fail" && strict.error.name).toBe("claude_version_unparseable");
    const old = versionDecision("2.1.100", false);
    expect(old.kind === "fail" && old.error.name).toBe("claude_version_unsupported");
    expect(versionDecision("2.1.215", true)).toEqual({ kind: "ok", version: "2.1.215" });
  });
});

describe("UTF-8 truncation", () => {
  it("drops an incomplete trailing sequence and keeps complete ones", () => {
    const euro = Buffer.from("a€", "utf8"); // 61 e2 82 ac
    expect(trimIncompleteUtf8(euro.subarray(0, 3)).toString("utf8")).toBe("a");
    expect(trimIncompleteUtf8(euro.subarray(0, 2)).toString("utf8")).toBe("a");
    expect(trimIncompleteUtf8(euro).toString("utf8")).toBe("a€");
    expect(trimIncompleteUtf8(Buffer.from("abc")).toString("utf8")).toBe("abc");
  });
});

describe("100-column bootstrap: Claude asked for fewer than 100 cols starts at 100 until initial readiness", () => {
  it("bootstraps narrow requests at 100 cols, same rows; wide ones unchanged", () => {
    expect(bootstrapSize({ cols: 80, rows: 24 })).toEqual({ cols: 100, rows: 24 });
    expect(bootstrapSize({ cols: 100, rows: 30 })).toEqual({ cols: 100, rows: 30 });
    expect(bootstrapSize({ cols: 189, rows: 48 })).toEqual({ cols: 189, rows: 48 });
  });

  it("holds physical resizes during bootstrap and applies the latest request at initial ready", () => {
    let plan = initialSizePlan({ cols: 60, rows: 20 });
    expect(plan).toEqual({ physical: { cols: 100, rows: 20 }, requested: { cols: 60, rows: 20 }, bootstrapping: true });
    const held = onResizeRequest(plan, { cols: 70, rows: 25 });
    expect(held.apply).toBeUndefined();
    plan = held.plan;
    const ready = onInitialReady(plan);
    expect(ready.apply).toEqual({ cols: 70, rows: 25 });
    expect(ready.plan.bootstrapping).toBe(false);
    expect(onInitialReady(ready.plan).apply).toBeUndefined();
    expect(onResizeRequest(ready.plan, { cols: 50, rows: 10 }).apply).toEqual({ cols: 50, rows: 10 });
  });

  it("no bootstrap for wide sizes; a failed restore stays at the bootstrap width", () => {
    const wide = initialSizePlan({ cols: 120, rows: 40 });
    expect(wide.bootstrapping).toBe(false);
    expect(onResizeRequest(wide, { cols: 130, rows: 40 }).apply).toEqual({ cols: 130, rows: 40 });
    const narrow = initialSizePlan({ cols: 60, rows: 20 });
    const failed = onRestoreFailed(onInitialReady(narrow).plan, narrow.physical);
    expect(failed.physical).toEqual({ cols: 100, rows: 20 });
    expect(failed.bootstrapping).toBe(false);
  });
});
