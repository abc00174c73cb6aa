// Claude `/login` panel parser and the URL/code checks the login machine applies to untrusted screen and caller input.

import type { DialogOption, LoginFact, ScreenRule } from "../../src/contracts/screen-facts.js";

const V215 = "claude 2.1.215";
const V332 = "claude 2.1.332";

/**
 * The panel's stage copy, one record per stage. All four were checked on both pinned versions: the method list,
 * paste prompt and failures on real screens (2.1.332 captures of the login panel; test/fixtures/claude-login/
 * for both), and the success copy on a real offline login against the fake OAuth service (test/e2e/model-server/oauth.ts),
 * cross-checked with the copy in each binary's embedded ConsoleOAuthFlow.
 */
export const CLAUDE_LOGIN_STAGE_RULES = {
  method: {
    id: "claude-login-stage-method",
    description: "Method list `Select login method:` with numbered rows.",
    region: "bottom",
    pattern: /Select login method/,
    verifiedAgainst: [V215, V332],
  },
  paste: {
    id: "claude-login-stage-paste",
    description: "Code prompt: 2.1.215 `Paste code here if prompted >` (inline), 2.1.332 `Paste code here if prompted` over a box.",
    region: "bottom",
    pattern: /Paste code here/,
    verifiedAgainst: [V215, V332],
  },
  failure: {
    id: "claude-login-stage-failure",
    description:
      "Error copy: 2.1.332 `✘ OAuth error: …` / `✘ That doesn't look like the full code.` and `Press Enter to retry`; " +
      "2.1.215 `OAuth error: …` (no glyph) and `Press Enter to retry.`.",
    region: "bottom",
    pattern: /^\s*[✘✗]\s+\S|^\s*OAuth error:|Press Enter to retry/im,
    verifiedAgainst: [V215, V332],
  },
  success: {
    id: "claude-login-stage-success",
    description:
      "After a successful code exchange: 2.1.215 `Login successful. Press Enter to continue…`, 2.1.332 " +
      "`✔ Login successful. Press Enter to continue`, each under `Logged in as <email>` when the profile has one. " +
      "The panel stays until Enter (the CLI's confirm:yes); then the transcript keeps `⎿  Login successful`. " +
      "Seen once on 2.1.215 under a full npm test run: an Enter written as the panel first painted was dropped and the " +
      "panel waited, so the login machine presses Enter again while the panel stays up (continueRetryMs).",
    region: "bottom",
    pattern: /Login successful\. Press Enter to continue/,
    verifiedAgainst: [V215, V332],
  },
} as const satisfies Readonly<Record<"method" | "paste" | "failure" | "success", ScreenRule>>;

/** Versions every stage rule was checked against. */
export const CLAUDE_LOGIN_VERIFIED = [V215, V332] as const;

const METHOD_LIST = CLAUDE_LOGIN_STAGE_RULES.method.pattern;
const PASTE_PROMPT = CLAUDE_LOGIN_STAGE_RULES.paste.pattern;
const FAILURE = CLAUDE_LOGIN_STAGE_RULES.failure.pattern;
const SUCCESS = CLAUDE_LOGIN_STAGE_RULES.success.pattern;

/** The URL is printed on its own row(s); a long URL wraps at the terminal edge with no indent. */
const URL_START = /https:\/\/\S+/;
const OPTION = /^\s*(❯\s*)?(\d)\.\s+(\S.*)$/;

/** Joins the URL's row with directly following rows that continue it (wrapped at the right edge, no spaces). */
function scrapeUrl(rows: readonly string[], start: number, end: number, cols: number): string | undefined {
  for (let r = start; r <= end; r += 1) {
    const row = rows[r] ?? "";
    const m = URL_START.exec(row);
    if (m === null) continue;
    let url = m[0];
    let full = row.length >= cols;
    for (let k = r + 1; k <= end && full; k += 1) {
      const next = rows[k] ?? "";
      if (!/^\S+$/.test(next)) break;
      url += next;
      full = next.length >= cols;
    }
    return url;
  }
  return undefined;
}

/** Parses the live `/login` panel in rows[start..end], or undefined when none of its stages is visible. */
export function parseClaudeLogin(rows: readonly string[], start: number, end: number, cols: number): LoginFact | undefined {
  const text = rows.slice(start, end + 1).join("\n");
  const methodList = METHOD_LIST.test(text);
  const pastePrompt = PASTE_PROMPT.test(text);
  const failure = FAILURE.test(text);
  const success = SUCCESS.test(text);
  const url = scrapeUrl(rows, start, end, cols);
  if (!methodList && !pastePrompt && !failure && !success && url === undefined) return undefined;
  const methods: DialogOption[] = [];
  if (methodList) {
    for (let r = start; r <= end; r += 1) {
      const m = OPTION.exec(rows[r] ?? "");
      if (m !== null) methods.push({ label: (m[3] ?? "").trim(), number: Number(m[2]), selected: m[1] !== undefined });
    }
  }
  const fact: LoginFact = { methodList, methods, pastePrompt, failure, success };
  return url === undefined ? fact : { ...fact, url };
}

/** Hosts Claude's own OAuth flow sends the browser to (claude.ai subscription, Console, platform). */
export const APPROVED_LOGIN_HOSTS: readonly string[] = ["claude.ai", "console.anthropic.com", "platform.claude.com", "claude.com"];

/** The scraped URL as a safe string to hand to the caller, or undefined when it must not be trusted. */
export function validateLoginUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:") return undefined;
  if (url.username !== "" || url.password !== "") return undefined;
  if (url.port !== "") return undefined;
  const host = url.hostname.toLowerCase();
  if (!APPROVED_LOGIN_HOSTS.includes(host)) return undefined;
  return url.toString();
}

/** Longest authorization code accepted; real codes are well under 200 characters. */
export const MAX_LOGIN_CODE_LENGTH = 2048;

/** The human's code, trimmed, or a reason it is rejected (empty, oversized, control-bearing). */
export function validateLoginCode(code: unknown): { readonly ok: true; readonly code: string } | { readonly ok: false; readonly reason: string } {
  if (typeof code !== "string") return { ok: false, reason: "the code is not a string" };
  const trimmed = code.trim();
  if (trimmed === "") return { ok: false, reason: "the code is empty" };
  if (trimmed.length > MAX_LOGIN_CODE_LENGTH) return { ok: false, reason: `the code exceeds ${MAX_LOGIN_CODE_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return { ok: false, reason: "the code contains control characters" };
  return { ok: true, code: trimmed };
}

/** Which method-list row each login method means (matched by label, never by a fixed number). */
export const LOGIN_METHOD_LABELS: Readonly<Record<"claudeai" | "console" | "third_party", RegExp>> = {
  claudeai: /^Claude account/i,
  console: /^Anthropic Console/i,
  third_party: /^3rd-party platform/i,
};
