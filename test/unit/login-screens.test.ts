// Unit tests: Claude /login stage parsing on real captures, URL allowlist and code validation (C-CLAUDE-18, C-API-43).

import { SCREENS_DIR } from "../fixtures/capture-snapshot.js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readClaudeScreen } from "../../adapters/claude/read-screen.js";
import {
  CLAUDE_LOGIN_STAGE_RULES,
  CLAUDE_LOGIN_VERIFIED,
  validateLoginCode,
  validateLoginUrl,
  MAX_LOGIN_CODE_LENGTH,
} from "../../adapters/claude/login-screens.js";
import { captureToSnapshot, loadCapture } from "../fixtures/capture-snapshot.js";

const DIR = `${SCREENS_DIR}/claude/`;
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

/** Captures from real offline logins against the fake OAuth service (test/e2e/model-server/oauth.ts), 120x40. */
const FIXTURES = new URL("../fixtures/claude-login/", import.meta.url).pathname;
function fixture(name: string) {
  const capture = loadCapture(FIXTURES + name);
  return { capture, facts: readClaudeScreen(captureToSnapshot(capture)) };
}

describe.each(["215", "332"])("Claude /login stages on real 2.1.%s screens (fake OAuth service)", (v) => {
  it("C-API-43: the success panel after the code exchange is success, not failure, inside the login dialog", () => {
    const { capture, facts } = fixture(`login-success-${v}.txt`);
    expect(capture.version).toBe(`2.1.${v}`);
    expect(facts.dialog?.kind).toBe("login");
    expect(facts.login?.success).toBe(true);
    expect(facts.login?.failure).toBe(false);
    expect(facts.login?.pastePrompt).toBe(false);
    expect(capture.body.join("\n")).toContain("Logged in as e2e-login@example.invalid");
  });

  it("C-API-43: after Enter the panel is gone; the transcript's `⎿  Login successful` is no login stage", () => {
    const { capture, facts } = fixture(`login-success-continued-${v}.txt`);
    expect(capture.body.join("\n")).toMatch(/⎿\s+Login successful/);
    expect(facts.dialog).toBeUndefined();
    expect(facts.login).toBeUndefined();
    expect(facts.composer).toBe(true);
  });

  it("C-API-43: a token endpoint rejection is an explicit failure", () => {
    const { facts } = fixture(`login-token-error-${v}.txt`);
    expect(facts.dialog?.kind).toBe("login");
    expect(facts.login?.failure).toBe(true);
    expect(facts.login?.success).toBe(false);
  });

  it("C-API-43: the method list reappears after a retry, with its three rows", () => {
    const { facts } = fixture(`login-token-error-retry-${v}.txt`);
    expect(facts.login?.methodList).toBe(true);
    expect(facts.login?.methods.map((m) => m.number)).toEqual([1, 2, 3]);
    expect(facts.login?.methods[0]?.selected).toBe(true);
  });

  it("C-API-43: the URL stage yields an approved Anthropic URL and the paste prompt", () => {
    const { facts } = fixture(`login-auth-url-${v}.txt`);
    expect(facts.login?.pastePrompt).toBe(true);
    const url = validateLoginUrl(facts.login?.url ?? "");
    expect(url).toBeDefined();
    if (v === "215") {
      // 2.1.215 prints the full authorize URL, wrapped over four rows; the scrape joins them.
      expect(new URL(url ?? "").hostname).toBe("claude.com");
      expect(new URL(url ?? "").searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    } else {
      // 2.1.332 prints a short link that carries no state.
      expect(url).toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?z-[\w-]+$/);
    }
  });
});

describe("Claude /login stage rules", () => {
  it("C-API-43: every stage rule records both pinned versions", () => {
    expect([...CLAUDE_LOGIN_VERIFIED]).toEqual(["claude 2.1.215", "claude 2.1.332"]);
    for (const rule of Object.values(CLAUDE_LOGIN_STAGE_RULES)) expect([...rule.verifiedAgainst]).toEqual([...CLAUDE_LOGIN_VERIFIED]);
  });

  it("C-API-43: the success rule is the exact copy of each version, not a bare `Login successful`", () => {
    const { pattern } = CLAUDE_LOGIN_STAGE_RULES.success;
    expect(pattern.test("  Login successful. Press Enter to continue…")).toBe(true); // 2.1.215
    expect(pattern.test("  ✔ Login successful. Press Enter to continue")).toBe(true); // 2.1.332
    expect(pattern.test("  ⎿  Login successful")).toBe(false);
    expect(pattern.test("  Logged in as someone@example.com")).toBe(false);
  });

  it("C-API-43: 2.1.215's glyph-less `OAuth error:` row is a failure", () => {
    const { pattern } = CLAUDE_LOGIN_STAGE_RULES.failure;
    expect(pattern.test("  OAuth error: Request failed with status code 400")).toBe(true);
    expect(pattern.test("  ✘ OAuth error: That code wasn't accepted.")).toBe(true);
    expect(pattern.test("  Login")).toBe(false);
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
