// Qwen Code screen-fact rules: version-coupled TUI strings and shapes, as data, with the version each was verified on.

import type { ScreenRule } from "../../src/contracts/screen-facts.js";
import { GATE_HEADER_START, type DialogKindRule } from "../screen-regions.js";

const V0244 = "qwen 0.24.4";
const ONLY = [V0244] as const;

/*
 * Pattern convention (testRegion in ../screen-regions.ts): a pattern with the `m` flag is tested against the region's
 * rows joined by "\n", any other against the region flattened to one line.
 *
 * The copy is English: the session's private settings pin `general.language` to `en` (Qwen otherwise follows LANG).
 * Verified against the 0.24.4 captures in test/fixtures/captures/qwen/ (120 and 60 columns) and the CLI's bundle,
 * where the window title's busy and confirmation prefixes are defined (`◐︎ ` responding, `✳︎ ` waiting for a decision).
 */
export const qwenScreenRules: readonly ScreenRule[] = [
  // ── composer ────────────────────────────────────────────────────────────────────────────────
  {
    id: "qwen-composer-rule",
    description: "The full-width `─` rules above and below the composer (they frame it; the footer may be replaced by `Press Ctrl+C again to exit.`).",
    region: "composer",
    pattern: /^─{3,}$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-composer-marker",
    description:
      "The composer's first row at column 0 right under the top rule: `> ` in the approval modes that ask or edit, `* ` in yolo, `! ` in shell mode (the prompt prefixes of 0.24.4's input prompt); continuation rows are indented two spaces.",
    region: "composer",
    pattern: /^[>*!](?: |$)/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-composer-placeholder",
    description: "The empty composer's placeholder `>   Type your message or @path/to/file` (not typed text).",
    region: "composer",
    pattern: /^Type your message or @path\/to\/file$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-footer-mode",
    description: "The approval-mode row of the footer, `  ⏸ Ask permissions (shift + tab to cycle)` (`Auto mode (…)`, `Enter to steer · Ctrl+Q to queue · …` while a turn runs).",
    region: "footer",
    pattern: /\(shift \+ tab to cycle\)$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-pasted-chip",
    description: "A paste over 1000 characters or 10 lines is held in the composer as `[Pasted Content 1234 chars]` (` #2` for a second one) and expanded on submit.",
    region: "composer",
    pattern: /\[Pasted Content \d+ chars\](?: #\d+)?/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-attachments",
    description:
      "Images attached to the draft, in the block right above the composer: `  Attachments: [clipboard-1796691981768-0.png] [clipboard-…]` (a pasted image path is copied into the private home's tmp/clipboard under that name, a Ctrl+V clipboard image too; submit sends them as `@<path>` references). When the chips do not fit one row, Ink shrinks every item into a narrow column (`  Atta[clipboard-[clipboard…` over three rows, measured at 60 columns): the block's first row still holds the label's start and one `[` per chip.",
    region: "bottom",
    pattern: /^ {2}A(?:t(?:t(?:a(?:c(?:h(?:m(?:e(?:n(?:t(?:s:?)?)?)?)?)?)?)?)?)?)? *\[/,
    verifiedAgainst: ONLY,
  },
  // ── work ────────────────────────────────────────────────────────────────────────────────────
  {
    id: "qwen-working-spinner",
    description: "The loading row above the composer, `  ⠙ Preparing a witty response... (2s · ↓ 4 tokens · esc to cancel)` (phrases vary; the cancel hint is fixed).",
    region: "bottom",
    pattern: /\([^()]*esc to cancel\)$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-working-title",
    description: "Window title while a reply streams: `◐︎ Qwen - <folder>` (U+25D0 then VS15), padded to 80 columns; idle it is `Qwen - <folder>`.",
    region: "title",
    pattern: /^\u25D0\uFE0E? /,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-title-action-required",
    description: "Window title while a tool waits for the user's decision: `✳︎ Qwen - <folder>` (U+2733 then VS15).",
    region: "title",
    pattern: /^\u2733\uFE0E? /,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-initializing",
    description: "Start-up row `⠋ Initializing...` below the banner, shown until the CLI's tools and context are loaded (no composer yet).",
    region: "bottom",
    pattern: /^ {2}\S\s+Initializing\.\.\.$/,
    verifiedAgainst: ONLY,
  },
  // ── the latest turn ─────────────────────────────────────────────────────────────────────────
  {
    id: "qwen-prompt-row",
    description: "A user prompt in the history, `  > say hello` (two spaces, then `> `; the composer's own row starts at column 0).",
    region: "screen",
    pattern: /^ {2}> \S/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-interrupt-banner",
    description: "Esc during a turn: `  ●︎ Request cancelled.` under the partial reply; the prompt is put back into the composer.",
    region: "screen",
    pattern: /^ {2}●\uFE0E? Request cancelled\.$/,
    verifiedAgainst: ONLY,
  },
  // ── dialogs ─────────────────────────────────────────────────────────────────────────────────
  {
    id: "qwen-permission-waiting",
    description: "The loading row of a tool waiting for the user's decision, `  ⠏ Waiting for user confirmation...` (below every confirmation).",
    region: "bottom",
    pattern: /^ {2}\S\s+Waiting for user confirmation\.\.\.$/m,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-permission-header",
    description: "A tool's confirmation header in the history, `  ? Shell touch made-by-tool.txt (Run the requested command) ←`.",
    region: "bottom",
    pattern: /^ {2}\? \S.*←$/m,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-permission-allow-once",
    description: "The affirmative row `› 1. Yes, allow once`.",
    region: "bottom",
    pattern: /^\s*(?:› )?\d+\. Yes, allow once$/m,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-dialog-box-top",
    description: "The top border of a boxed dialog (the `/model` picker's `╭──…──╮`): where the live dialog region starts.",
    region: "bottom",
    pattern: /^\s*╭─+╮$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-model_picker-prompt",
    description: "The `/model` dialog, a rounded box titled `│ Select Model │` with `› 1. [openai] Fake One (fake-model)` rows (read without the box's borders).",
    region: "bottom",
    pattern: /^Select Model$/m,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-model-picker-row",
    description:
      "A `/model` row read without the box: `› 1. [openai] Fake One (fake-model)` (cursor `›`, number, `[authType]`, label, the id in parentheses when it differs from the label), `1. [openai] fake-model (Runtime)` for a model from the env or the command line, `(Discontinued)` after a Qwen OAuth row. No row is marked current: the dialog opens with its cursor on the current model (its `initialIndex`, 0.24.4's ModelDialog).",
    region: "bottom",
    pattern: /^(› )?\s*(\d+)\.\s+\[([^\]]+)\]\s+(\S.*)$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-model-picker-footer",
    description: "The `/model` dialog's last line, `Enter to select, ↑↓ to navigate, Esc to close` (painted below the rows and the details block: the rows above it are whole). Enter applies and writes `model.name` to the settings; there is no session-only key.",
    region: "bottom",
    pattern: /^Enter to select, ↑↓ to navigate, Esc to close$/,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-ripgrep-warning",
    description: "0.24.4's npm package installs its bundled `rg` without the execute bit; with ripgrep on, a warning `Ripgrep not available: spawn …/rg EACCES. Falling back to built-in grep.` is printed (the session's settings turn ripgrep off unless the user turned it on).",
    region: "screen",
    pattern: /Ripgrep not available: /,
    verifiedAgainst: ONLY,
  },
  {
    id: "qwen-unknown_gate-prompt",
    description: "Generic gate header (a question or title line above numbered options).",
    region: "bottom",
    pattern: GATE_HEADER_START,
    verifiedAgainst: ONLY,
  },
];

export const QWEN_UNKNOWN_GATE_RULE = "qwen-unknown_gate-prompt";

export const qwenDialogKinds: readonly DialogKindRule[] = [
  { kind: "permission", blocking: true, headerRuleIds: ["qwen-permission-waiting", "qwen-permission-header"], detailRuleIds: ["qwen-permission-allow-once"] },
  { kind: "model_picker", blocking: false, headerRuleIds: ["qwen-model_picker-prompt"], detailRuleIds: [] },
];
