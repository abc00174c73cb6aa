// Unit tests: Claude /login stage parsing on real captures, URL allowlist and code validation (C-CLAUDE-18, C-API-43).

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readClaudeScreen } from "../../adapters/claude/read-screen.js";
import { validateLoginCode, validateLoginUrl, MAX_LOGIN_CODE_LENGTH } from "../../adapters/claude/login-screens.js";

const DIR = "/work/shared/screens/claude/";
function loginOf(file: string) {
  const lines = readFileSync(DIR + file, "utf8").split("\n").filter((l) => !l.startsWith("# "));
  return readClaudeScreen({ lines, cols: 189, rows: lines.length, title: "", cursor: { x: 0, y: 0 } } as never).login;
}

describe("Claude /login stages (captures 2.1.332)", () => {
  it("C-API-43: the method list with its three rows, cursor on the first", () => {
    const login = loginOf("login-method.txt");
    expect(login?.methodList).toBe(true);
    expect(login?.methods.map((m) => m.number)).toEqual([1, 2, 3]);
    expect(login?.methods[0]?.label).toMatch(/^Claude account with subscription/);
    expect(login?.methods[0]?.selected).toBe(true);
    expect(login?.pastePrompt).toBe(false);
  });

  it("C-API-43: the browser URL and the paste-code box", () => {
    const login = loginOf("login-auth-url.txt");
    expect(login?.url).toBe("https://claude.ai/oauth/authorize?z-qIqG5A5575U2bKBE16XQ_XQzDLDOzVKuxhQdcUTEUY0");
    expect(login?.pastePrompt).toBe(true);
    expect(login?.failure).toBe(false);
  });

  it.each(["login-oauth-error.txt", "login-console-error-apikey-set.txt"])("C-API-43: %s is an explicit failure", (file) => {
    expect(loginOf(file)?.failure).toBe(true);
    expect(loginOf(file)?.success).toBe(false);
  });

  it("C-API-43: 2.1.332's code-shape complaint is a failure too", () => {
    const lines = readFileSync(DIR + "login-auth-url.txt", "utf8").split("\n").filter((l) => !l.startsWith("# "));
    const at = lines.findIndex((l) => l.includes("Esc to cancel"));
    lines.splice(at, 0, "  ✘ That doesn't look like the full code.", "    Copy all of it, including the # in the middle.");
    const login = readClaudeScreen({ lines, cols: 189, rows: lines.length, title: "", cursor: { x: 0, y: 0 } } as never).login;
    expect(login?.failure).toBe(true);
  });

  it("C-API-43: the idle composer has no login stage", () => {
    expect(loginOf("composer-idle.txt")).toBeUndefined();
  });
});

describe("C-API-43: untrusted inputs", () => {
  it("accepts only https URLs on approved Anthropic hosts without credentials or ports", () => {
    expect(validateLoginUrl("https://claude.ai/oauth/authorize?x=1")).toBe("https://claude.ai/oauth/authorize?x=1");
    expect(validateLoginUrl("https://console.anthropic.com/oauth")).toBeDefined();
    expect(validateLoginUrl("https://platform.claude.com/oauth")).toBeDefined();
    for (const bad of [
      "http://claude.ai/oauth",
      "https://claude.ai.evil.example/oauth",
      "https://evil.example/?claude.ai",
      "https://user:pw@claude.ai/oauth",
      "https://claude.ai:8443/oauth",
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(validateLoginUrl(bad), bad).toBeUndefined();
    }
  });

  it("rejects empty, oversized and control-bearing codes; trims the rest", () => {
    expect(validateLoginCode("  abc#def  ")).toEqual({ ok: true, code: "abc#def" });
    expect(validateLoginCode("").ok).toBe(false);
    expect(validateLoginCode("   ").ok).toBe(false);
    expect(validateLoginCode("x".repeat(MAX_LOGIN_CODE_LENGTH + 1)).ok).toBe(false);
    expect(validateLoginCode("abc\x1b[201~").ok).toBe(false);
    expect(validateLoginCode("abc\ndef").ok).toBe(false);
    expect(validateLoginCode(42).ok).toBe(false);
  });
});
