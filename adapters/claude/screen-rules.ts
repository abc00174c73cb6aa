// Claude Code screen-fact rules: version-coupled TUI strings and shapes, as data, with verified versions.

import type { ScreenRule } from "../../src/contracts/screen-facts.js";
import { GATE_HEADER_START, type DialogKindRule } from "../screen-regions.js";

const V215 = "claude 2.1.215";
const V332 = "claude 2.1.332";
const BOTH = [V215, V332] as const;

/*
 * Pattern convention (see testRegion in ../screen-regions.ts): a pattern with the `m` flag is tested
 * against the region's rows joined by "\n" (row-anchored shapes); any other pattern is tested against
 * the region flattened to one line, so copy that wraps at 60 columns still matches.
 *
 * verifiedAgainst lists a version only when a real capture of that version (the captures the screen-fact tests
 * load, see test/fixtures/capture-snapshot.ts) shows the string. The captures carry no window titles, so the title
 * rules list none; their shapes were read from the live CLIs' OSC 0 titles (idle `✳ Claude Code`; busy 2.1.332
 * alternates `◐`/`◑`, busy 2.1.215 uses a braille spinner).
 */
export const claudeScreenRules: readonly ScreenRule[] = [
  // ── composer ────────────────────────────────────────────────────────────────────────────────
  {
    id: "claude-composer-rule",
    description:
      "Full-width `─` rule drawn directly above and below the composer rows. With `--name <n>` both versions draw the name into the top rule near its right end (`──── <n> ──`; measured on 2.1.215 and 2.1.332 with `foo` and a 38-character name), so a rule may carry one label.",
    region: "composer",
    pattern: /^[─━]+(?: \S(?:.*\S)? [─━]+)?$/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-composer-marker",
    description: "Composer row: line-leading `❯` followed by U+00A0 (plain space tolerated) or nothing.",
    region: "composer",
    pattern: /^❯(?:[\u00a0 ]|$)/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-composer-placeholder-resend",
    description: "Dimmed placeholder after a failed send (`Once fixed, resend your message`); not typed text.",
    region: "composer",
    pattern: /^Once fixed, resend your message$/,
    verifiedAgainst: [V332],
  },
  {
    id: "claude-composer-placeholder-try",
    description: "Dimmed suggestion placeholder `Try \"…\"`; not typed text. No capture shows it.",
    region: "composer",
    pattern: /^Try "[^"\n]+"$/,
    verifiedAgainst: [],
  },
  {
    id: "claude-pasted-chip",
    description: "Staged paste chip `[Pasted text #N +M lines]` (or `[Pasted text #N]`) on the composer.",
    region: "composer",
    pattern: /\[Pasted text #\d+/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-image-chip",
    description: "Image attachment chip `[Image #N]` on the composer (counted, composer rows only).",
    region: "composer",
    pattern: /\[Image #\d+\]/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-exit-resume-hint",
    description: "`Resume this session with:` printed after /exit; a composer still painted above it is dead.",
    region: "bottom",
    pattern: /^Resume this session with:/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-model-notice",
    description:
      "Transcript line after a /model apply: `⎿  Set model to <label> for this session only` or `… and saved as your default for new sessions`; group 1 is the label.",
    region: "bottom",
    pattern: /^\s*⎿\s+Set model to (.+?)(?:\s+(?:for this session only|and saved as your default\b.*))?$/,
    verifiedAgainst: BOTH,
  },
  // ── working ────────────────────────────────────────────────────────────────────────────────
  {
    id: "claude-working-footer",
    description: "Footer row under the composer contains `esc to interrupt` only while a turn runs.",
    region: "footer",
    pattern: /esc to interrupt/i,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-working-spinner",
    description: "Spinner row above the composer: `✢ Warping… (1s · ↓ 3 tokens)`; glyphs cycle `· ✢ * ✶ ✻ ✽`.",
    region: "bottom",
    pattern: /^[·✢*✶✻✽] \S.*…\s*\(.*\)$/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-working-title-halfmoon",
    description: "Busy window title `◐ Claude Code` / `◑ Claude Code` (seen on live 2.1.332 OSC 0 titles; no capture has titles). Idle `✳ ` never matches.",
    region: "title",
    pattern: /^[◐◑]\s/,
    verifiedAgainst: [],
  },
  {
    id: "claude-working-title-braille",
    description: "Busy window title with a braille spinner (U+2800–U+28FF), e.g. `⠂ <title>` (seen on live 2.1.215 OSC 0 titles; no capture has titles).",
    region: "title",
    pattern: /^[\u2800-\u28FF]\s/,
    verifiedAgainst: [],
  },
  // ── turn end ───────────────────────────────────────────────────────────────────────────────
  {
    id: "claude-interrupt-banner",
    description: "Interrupt end banner `⎿  Interrupted · What should Claude do instead?` (also after a rejected tool).",
    region: "bottom",
    pattern: /⎿\s+Interrupted\b/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-prompt-row",
    description: "Transcript user-prompt row `❯ <text>` at column 0; bounds which turn a banner belongs to.",
    region: "bottom",
    pattern: /^❯[ \u00a0]\S/,
    verifiedAgainst: BOTH,
  },
  // ── login lapsed or missing ─────────────────────────────────────────────────────────────────
  {
    id: "claude-login-required-notice",
    description:
      "Transcript notice ending a turn that could not run for want of a login: `⎿  Not logged in · Please run /login` (2.1.215 and 2.1.332 with no API key and no stored login, after a prompt; measured offline). The other lapsed-login phrases (`Login expired`, `Session expired`, `OAuth token revoked`, `Invalid API key`) are matched in the same shape, anchored on the `Please run /login` directive, but no capture shows them: a model endpoint answering 401 made both versions retry (`401 … · Retrying in 2s · attempt 3/10`), not print a login notice. With the notice 2.1.332 sends no UserPromptSubmit and ends the turn with StopFailure (`error` `authentication_failed`, the notice as `last_assistant_message`).",
    region: "bottom",
    pattern: /^\s*⎿\s+(?:Not logged in|Login expired|Session expired|OAuth token (?:has been )?revoked|Invalid API key)\b[^⎿]*·\s*Please run \/login$/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-login-required-status",
    description:
      "Right-aligned login status by the composer: 2.1.215 paints `Not logged in · Run /login` at the end of the footer row from start-up on (no API key, no stored login; measured offline); 2.1.332 painted `Not logged in · run /login` above the composer's top rule in a tmux capture after a prompt (not at start-up, and not in an offline run). Same phrase list as the notice, anchored on `run /login`.",
    region: "footer",
    pattern: /(?:^|\s)(?:Not logged in|Login expired|Session expired|OAuth token (?:has been )?revoked|Invalid API key) · [Rr]un \/login$/,
    verifiedAgainst: BOTH,
  },
  // ── dialogs ────────────────────────────────────────────────────────────────────────────────
  {
    id: "claude-dialog-rule",
    description: "Full-width rule opening a dialog panel: `─` (permission, trust, API key, 2.1.215 pickers) or `▔` (2.1.332 pickers, login).",
    region: "bottom",
    pattern: /^[─━▔]+$/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-permission-dialog",
    description: "Tool permission question `Do you want to proceed?` (or another `Do you want to <action>?`, not API-key/trust/load).",
    region: "bottom",
    pattern: /(?:^|\s)Do you want to (?!use this API key|trust |load )[^?]+\?/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-permission-options",
    description:
      "Permission option list starting `❯ 1. Yes`. Key-accepting signal (measured offline, both versions): the painted dialog. A key sent before the paint (e.g. at PreToolUse, or at an earlier PermissionRequest hook) is lost and the dialog stays (2.1.215 and 2.1.332, 4 of 4). 2.1.332 paints the dialog while its PermissionRequest hook still runs (after the answer its spinner reads `running PermissionRequest hook`); a key sent right at the first paint was lost in 2 of 3 runs and at best applied up to ~600 ms later, while keys sent 150 ms or 400 ms after the paint landed 6 of 6, and no repaint or escape sequence marks the moment — hence the adapter's dialogSettleMs. 2.1.215 took a key at the first paint. The hook's delivery can come after the dialog was answered, so a late PermissionRequest is not new evidence. A rejected dialog (Esc / `No`) leaves `⎿  Interrupted` on the idle composer.",
    region: "bottom",
    pattern: /^\s*(?:❯\s*)?1\.\s*Yes\b/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-workspace_trust-prompt",
    description: "Workspace trust header `Quick safety check: Is this a project you created or one you trust?` (or `Do you trust this folder?`).",
    region: "bottom",
    pattern: /Quick safety check: Is this a project you created or one you trust\?|Do you trust (?:the files in )?this folder\?/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-workspace_trust-body",
    description: "Workspace trust body copy `Claude Code'll be able to read, edit, and execute files here.`",
    region: "bottom",
    pattern: /Claude Code'll be able to read, edit, and execute files here\./,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-workspace_trust-affirmative",
    description: "Affirmative `Yes, I trust this folder` (2.1.215 numbered first; 2.1.332 unnumbered, below `❯ No, exit`).",
    region: "bottom",
    pattern: /^\s*(?:❯\s*)?(?:\d\.\s*)?Yes, I trust this folder$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-api_key-prompt",
    description: "Custom API key confirmation `Do you want to use this API key?` (default `No (recommended)`).",
    region: "bottom",
    pattern: /Do you want to use this API key\?/,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-bypass_permissions-prompt",
    description: "Bypass-permissions disclaimer `WARNING: Claude Code running in Bypass Permissions mode`. Not the `bypass permissions on` footer. No capture.",
    region: "bottom",
    pattern: /Claude Code running in Bypass Permissions mode/,
    verifiedAgainst: [],
  },
  {
    id: "claude-bypass_permissions-affirmative",
    description: "Bypass-permissions affirmative `Yes, I accept`. No capture.",
    region: "bottom",
    pattern: /^\s*(?:❯\s*)?(?:\d\.\s*)?Yes, I accept$/m,
    verifiedAgainst: [],
  },
  {
    id: "claude-model_switch_confirm-prompt",
    description: "Cache warning `Switch model?` before a model switch; the caret looks like the composer but it blocks.",
    region: "bottom",
    pattern: /^\s*Switch model\?$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-model_switch_confirm-effort",
    description: "Cache warning `Change effort level?` before an effort switch. No capture.",
    region: "bottom",
    pattern: /^\s*Change effort level\?$/m,
    verifiedAgainst: [],
  },
  {
    id: "claude-model_picker-prompt",
    description: "/model picker header `Select model` (closing hint `Esc to cancel`).",
    region: "bottom",
    pattern: /^\s*Select model$/m,
    verifiedAgainst: BOTH,
  },
  {
    id: "claude-login-method",
    description: "Login method list `Select login method:` (/login and first-run onboarding).",
    region: "bottom",
    pattern: /Select login method/,
    verifiedAgainst: [V332],
  },
  {
    id: "claude-login-paste-code",
    description: "OAuth code box `Paste code here if prompted`.",
    region: "bottom",
    pattern: /Paste code here/,
    verifiedAgainst: [V332],
  },
  {
    id: "claude-login-panel",
    description: "/login panel title row `Login` (sub-menus, 3P platforms, OAuth error + `Press Enter to retry`).",
    region: "bottom",
    pattern: /^\s*Login$/m,
    verifiedAgainst: [V332],
  },
  {
    id: "claude-unknown_gate-prompt",
    description: "Unknown-gate grammar (GATE_HEADER_START): header prefix (`Do you`, `Quick safety`, …), options, native footer ending the frame; held, never answered. Shape checked on both versions' API-key and trust captures.",
    region: "bottom",
    pattern: GATE_HEADER_START,
    verifiedAgainst: BOTH,
  },
];

/** Claude dialog kinds in priority order (first match wins); unknown_gate is the fallback grammar. */
export const claudeDialogKinds: readonly DialogKindRule[] = [
  {
    kind: "bypass_permissions",
    blocking: true,
    headerRuleIds: ["claude-bypass_permissions-prompt"],
    detailRuleIds: ["claude-bypass_permissions-affirmative"],
  },
  {
    kind: "workspace_trust",
    blocking: true,
    headerRuleIds: ["claude-workspace_trust-prompt"],
    detailRuleIds: ["claude-workspace_trust-body", "claude-workspace_trust-affirmative"],
  },
  { kind: "api_key", blocking: true, headerRuleIds: ["claude-api_key-prompt"], detailRuleIds: [] },
  {
    kind: "model_switch_confirm",
    blocking: true,
    headerRuleIds: ["claude-model_switch_confirm-prompt", "claude-model_switch_confirm-effort"],
    detailRuleIds: [],
  },
  {
    kind: "permission",
    blocking: true,
    headerRuleIds: ["claude-permission-dialog"],
    detailRuleIds: ["claude-permission-options"],
  },
  { kind: "model_picker", blocking: false, headerRuleIds: ["claude-model_picker-prompt"], detailRuleIds: [] },
  {
    kind: "login",
    blocking: false,
    headerRuleIds: ["claude-login-method", "claude-login-paste-code", "claude-login-panel"],
    detailRuleIds: [],
  },
];

export const CLAUDE_UNKNOWN_GATE_RULE = "claude-unknown_gate-prompt";
