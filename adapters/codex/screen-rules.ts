// Codex CLI screen-fact rules: version-coupled TUI strings and shapes, as data, with verified versions.

import type { ScreenRule } from "../../src/contracts/screen-facts.js";
import { GATE_HEADER_START, type DialogKindRule } from "../screen-regions.js";

const V144 = "codex 0.144.6";
const V171 = "codex 0.171.0";
const BOTH = [V144, V171] as const;

/*
 * Pattern convention (see testRegion in ../screen-regions.ts): a pattern with the `m` flag is tested
 * against the region's rows joined by "\n"; any other pattern against the region flattened to one
 * line, so copy wrapped at 60 columns still matches.
 *
 * verifiedAgainst lists a version only when a real capture of that version (the captures the screen-fact tests
 * load, see test/fixtures/capture-snapshot.ts) shows the string (Codex capture headers record the pane title, so title rules are verified too).
 * The `osc` rules describe OSC 7501 state values (0.171 only); readers see snapshots, not OSC, so
 * they never appear in a reader's ruleIds — the session matches them against frame.oscState.
 */
export const codexScreenRules: readonly ScreenRule[] = [
  // ── composer ────────────────────────────────────────────────────────────────────────────────
  {
    id: "codex-composer-marker",
    description: "Composer row: line-leading `›` (dialog carets look the same, so the footer is required too).",
    region: "composer",
    pattern: /^›(?: |$)/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-composer-footer",
    description: "Model/cwd footer under the composer, `  GPT-6.2-Sol low · /abs/cwd[ · title]`; absent on the pre-trust splash.",
    region: "footer",
    pattern: /^ {2}\S[^·]* · [~/]/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-composer-open-line",
    description:
      "The rows between the composer's last text row and the footer, joined by newlines: all blank and more than the one standard blank row, so the draft ends in an empty line — an Enter that the paste-burst heuristic turned into a newline because it was read together with the typed text before it (seen under load).",
    region: "composer",
    pattern: /^\n+$/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-slash-popup-row",
    description:
      "0.144.6's slash-command popup row `  /model         choose what model …`, painted below the composer in place of its footer while a `/` draft is typed (0.171.0 keeps the footer and paints the popup above); the popup's top row then anchors the composer.",
    region: "footer",
    pattern: /^ {2}\/[a-z][\w-]* {2,}\S/,
    verifiedAgainst: [V144],
  },
  {
    id: "codex-composer-placeholder",
    description: "Placeholder prompts (0.171 fixed `Ask Codex to do anything`; 0.144.6 random, list from chatwidget); not typed text.",
    region: "composer",
    pattern:
      /^(?:Ask Codex to do anything|Explain this codebase|Summarize recent commits|Implement \{feature\}|Find and fix a bug in @filename|Write tests for @filename|Improve documentation in @filename|Run \/review on my current changes|Use \/skills to list available skills)$/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-pasted-chip",
    description: "Large bracketed paste collapsed to `[Pasted Content N chars]` on the composer.",
    region: "composer",
    pattern: /\[Pasted Content \d+ chars\]/,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-image-chip",
    description:
      "Image attachment chip `[Image #N]` on the composer after Ctrl+V; consecutive chips touch (`› [Image #1][Image #2]`). Captured by Elwood's e2e with the X11 clipboard under Xvfb (test/fixtures/screens/codex/*-image-chips-composer-120.txt).",
    region: "composer",
    pattern: /\[Image #\d+\]/,
    verifiedAgainst: ["codex 0.144.6", "codex 0.171.0"],
  },
  {
    id: "codex-image-paste-failed",
    description:
      "Transcript error cell `■ Failed to paste image: <reason>` when Ctrl+V finds no usable image (e.g. `no image on clipboard: …`); no chip appears. Captured by Elwood's e2e with an empty X11 clipboard under Xvfb (test/fixtures/screens/codex/*-image-paste-failed-120.txt).",
    region: "screen",
    pattern: /^■ Failed to paste image: /,
    verifiedAgainst: ["codex 0.144.6", "codex 0.171.0"],
  },
  // ── MCP startup warnings (welcome region) ───────────────────────────────────────────────────
  {
    id: "codex-mcp-not-logged-in",
    description:
      "Welcome-region row `⚠ The <name> MCP server is not logged in. Run `codex mcp login <name>`.` for a streamable-HTTP server that answered 401 (captured: test/fixtures/screens/codex/v144-mcp-*-120.txt). Groups: name, command.",
    region: "screen",
    pattern: /^⚠ The (\S+) MCP server is not logged in\. Run `(codex mcp login \S+)`\.$/,
    verifiedAgainst: [V144],
  },
  {
    id: "codex-mcp-startup-incomplete",
    description:
      "Welcome-region row `⚠ MCP startup incomplete (failed: a, b)` once MCP startup settled; lists every failed server, the not-logged-in ones too (captured with a stdio server that exits at once and a 401 HTTP server). Group: the comma-separated names.",
    region: "screen",
    pattern: /^⚠ MCP startup incomplete \(failed: ([^()]+)\)$/,
    verifiedAgainst: [V144],
  },
  {
    id: "codex-startup-warnings-collapsed",
    description:
      "0.171.0 prints no MCP rows: every startup warning (MCP ones included) is folded into the footer's `⚠ N warnings · f2 to view`; the names are only in the F2 panel, which Elwood never opens, so no MCP warning is derived from it.",
    region: "footer",
    pattern: /⚠ \d+ warnings? · f2 to view$/,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-session-header",
    description:
      "0.144.6 session header box, model row with a model (`│ model:     gpt-5.6-sol low   /model to change │`): it appears once the CLI's session is configured. While starting, the same box reads `│ model:     loading   /model to change │` (captured under Elwood); keys typed in the bare CLI's first ~260–340 ms were dropped. 0.144.6 keeps the box ~48 columns wide on a narrower terminal and word-wraps its rows (captured at 40x30: `│ model:     gpt-5.6-sol low   /model to` / `change │`), so the reader tests a model row that lacks its right border `│` joined (no separator) with the rows it wrapped onto; a wrap drops the space at the break, hence ` ?` inside the hint. 0.171 draws an unboxed header without a model row and announces readiness with OSC 7501 instead.",
    region: "screen",
    pattern: /^│ model: +(?!loading\b)\S+.*\/model ?to ?change/,
    verifiedAgainst: [V144],
  },
  // ── working ────────────────────────────────────────────────────────────────────────────────
  {
    id: "codex-working-spinner",
    description: "Status row `• Working (5s • esc to interrupt)` (0.171 blinks `•`/`◦` and hides it while text streams).",
    region: "bottom",
    pattern: /^[•◦] \S.* \((?:\d+s|\d+m \d{2}s|\d+h \d{2}m \d{2}s) • esc to interrupt\)/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-working-title",
    description: "Busy window title with a braille spinner (U+2800–U+28FF): `⠼ repo` (0.144.6), `⠦ <title> | repo` (0.171.0).",
    region: "title",
    pattern: /^[\u2800-\u28FF]\s/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-title-action-required",
    description: "Approval pending: title alternates `[ ! ] Action Required | …` / `[ . ] Action Required | …`.",
    region: "title",
    pattern: /^\[ [!.] \] Action Required\b/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-osc-working",
    description: "OSC 7501 `state=working:app=codex` (0.171 only; from the raw protocol capture).",
    region: "osc",
    pattern: /^working$/,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-osc-blocked",
    description: "OSC 7501 `state=blocked:app=codex:kind=permission` while an approval is shown (0.171 only).",
    region: "osc",
    pattern: /^blocked$/,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-osc-idle",
    description: "OSC 7501 `state=idle` / `state=done` (turn finished, then idle) (0.171 only).",
    region: "osc",
    pattern: /^(?:idle|done)$/,
    verifiedAgainst: [V171],
  },
  // ── turn end ───────────────────────────────────────────────────────────────────────────────
  {
    id: "codex-interrupt-banner",
    description: "Interrupt end banner `■ Conversation interrupted - …` (wording after the dash differs by version).",
    region: "bottom",
    pattern: /^■ Conversation interrupted\b/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-prompt-row",
    description: "Transcript user-prompt row `› <text>` at column 0 (not an option `› 1.` or a slash-popup row).",
    region: "bottom",
    pattern: /^› (?!\d{1,2}\.|\/[\w-]+ {2,}\S)\S/,
    verifiedAgainst: BOTH,
  },
  // ── dialogs ────────────────────────────────────────────────────────────────────────────────
  {
    id: "codex-approval-dialog",
    description:
      "Command approval `Would you like to run the following command?` (numbered, `Press enter to confirm or esc to cancel`). 0.171.0 on a loaded machine twice ignored a `y` the caller wrote in the same instant as this dialog's first paint (never reproduced quietly); Elwood itself never answers it.",
    region: "bottom",
    pattern: /Would you like to run the following command\?/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-approval-edits",
    description: "Apply-patch approval `Would you like to make the following edits?`. No capture.",
    region: "bottom",
    pattern: /Would you like to make the following edits\?/,
    verifiedAgainst: [],
  },
  {
    id: "codex-approval-allow-command",
    description: "Older approval header `Allow command?`. No capture.",
    region: "bottom",
    pattern: /^\s*Allow command\?/m,
    verifiedAgainst: [],
  },
  {
    id: "codex-workspace_trust-folder",
    description: "Folder trust (0.171): `Trust this folder? Codex can read, edit, and run files here, …`.",
    region: "bottom",
    pattern: /^\s*Trust this folder\?/m,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-workspace_trust-directory",
    description: "Directory trust (0.144.6): `Do you trust the contents of this directory? …`.",
    region: "bottom",
    pattern: /^\s*Do you trust the contents of this directory\?/m,
    verifiedAgainst: [V144],
  },
  {
    id: "codex-workspace_trust-body",
    description: "Trust body copy: `Codex can read, edit, and run files here` (0.171) / `Working with untrusted contents comes with higher` (0.144.6).",
    region: "bottom",
    pattern: /Codex can read, edit, and run files here|Working with untrusted contents comes with higher/,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-workspace_trust-affirmative",
    description: "Trust affirmative `1. Trust and continue` (0.171) / `1. Yes, continue` (0.144.6).",
    region: "bottom",
    pattern: /^\s*(?:[›>]\s*)?1\.\s*(?:Trust and continue|Yes, continue)$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-hooks_review-prompt",
    description: "Hook trust gate header `Hooks need review`.",
    region: "bottom",
    pattern: /^\s*Hooks need review$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-hooks_review-body",
    description: "Hook trust body copy `Hooks can run outside the sandbox after you trust them.`",
    region: "bottom",
    pattern: /Hooks can run outside the sandbox after you trust them\./,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-hooks_review-affirmative",
    description: "Hook trust affirmative `N. Trust all and continue` (number varies; `2.Trust…` without a space tolerated).",
    region: "bottom",
    pattern: /^\s*(?:[›>]\s*)?\d{1,2}\.\s*Trust all and continue$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-update-prompt",
    description: "In-TUI update prompt banner `✨ Update available! X -> Y` / `A new version of Codex is available`; never answer `Update now`. No capture (never seen offline).",
    region: "bottom",
    pattern: /Update available!|A new version of Codex is available/,
    verifiedAgainst: [],
  },
  {
    id: "codex-model_picker-prompt",
    description: "/model picker header `Select Model and Effort`.",
    region: "bottom",
    pattern: /^\s*Select Model and Effort$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-model_picker-effort",
    description: "/model reasoning step header `Select Reasoning Level for <model>`.",
    region: "bottom",
    pattern: /^\s*Select Reasoning Level for \S/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "codex-model_picker-advanced",
    description: "/model `More reasoning…` step header `Advanced Reasoning` (Max / Ultra).",
    region: "bottom",
    pattern: /^\s*Advanced Reasoning$/m,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-login-prompt",
    description: "Sign-in screen (default OpenAI provider, no auth): `Sign in with ChatGPT` / `Sign in another way` / `Use an OpenAI API key`.",
    region: "bottom",
    pattern: /Sign in with ChatGPT|Sign in another way|Use an OpenAI API key/,
    verifiedAgainst: [V171],
  },
  {
    id: "codex-unknown_gate-prompt",
    description: "Unknown-gate grammar (GATE_HEADER_START): header prefix, options, native footer ending the frame; held, never answered. Shape checked on both versions' hook-trust captures.",
    region: "bottom",
    pattern: GATE_HEADER_START,
    verifiedAgainst: BOTH,
  },
];

/**
 * Codex dialog kinds in priority order (first match wins); unknown_gate is the fallback grammar.
 * login blocks on Codex (unlike Claude, where session.login() drives it): it is a startup gate a
 * queued keystroke must never answer.
 */
export const codexDialogKinds: readonly DialogKindRule[] = [
  {
    kind: "workspace_trust",
    blocking: true,
    headerRuleIds: ["codex-workspace_trust-folder", "codex-workspace_trust-directory"],
    detailRuleIds: ["codex-workspace_trust-body", "codex-workspace_trust-affirmative"],
  },
  {
    kind: "hooks_review",
    blocking: true,
    headerRuleIds: ["codex-hooks_review-prompt"],
    detailRuleIds: ["codex-hooks_review-body", "codex-hooks_review-affirmative"],
  },
  { kind: "update", blocking: true, headerRuleIds: ["codex-update-prompt"], detailRuleIds: [] },
  {
    kind: "permission",
    blocking: true,
    headerRuleIds: ["codex-approval-dialog", "codex-approval-edits", "codex-approval-allow-command"],
    detailRuleIds: [],
  },
  {
    kind: "model_picker",
    blocking: false,
    headerRuleIds: ["codex-model_picker-prompt", "codex-model_picker-effort", "codex-model_picker-advanced"],
    detailRuleIds: [],
  },
  { kind: "login", blocking: true, headerRuleIds: ["codex-login-prompt"], detailRuleIds: [] },
];

export const CODEX_UNKNOWN_GATE_RULE = "codex-unknown_gate-prompt";
