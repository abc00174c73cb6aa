// @ts-check
// Simulated Claude `/model` picker, model-switch cache warning and `/login` panel, painted as in the captures.
import { DIM, fg, fit, rule } from "./sim-screen.mjs";

/** @typedef {{ t: string, s?: string, i?: number }} Line */
/**
 * @typedef {{ kind: "model", legacy: boolean, rows: { label: string, desc: string }[], current: number, sel: number, noSessionKey: boolean, partial?: boolean }} ModelPanel
 * @typedef {{ kind: "switch", legacy: boolean, target: number, targetName: string, sel: number, standard: boolean, picker: ModelPanel }} SwitchPanel
 * @typedef {{ kind: "login", stage: "method" | "url" | "failure" | "success" | "thirdparty", sel: number, code: string, url: string, message: string }} LoginPanel
 * @typedef {ModelPanel | SwitchPanel | LoginPanel} Panel
 */

/** @param {boolean} legacy */
export function pickerRows(legacy) {
  return legacy
    ? [
        { label: "Default (recommended)", desc: "Use the default model (currently Opus 4.8 (1M context)) · $5/$25 per Mtok" },
        { label: "Opus", desc: "Opus 4.8 with 1M context · Best for everyday, complex tasks · $5/$25 per Mtok" },
        { label: "Sonnet", desc: "Sonnet 5 · Efficient for routine tasks · $3/$15 per Mtok" },
        { label: "Sonnet 5 (1M context)", desc: "Sonnet 5 for long sessions · $3/$15 per Mtok" },
        { label: "Haiku", desc: "Haiku 4.5 · Fastest for quick answers · $1/$5 per Mtok" },
      ]
    : [
        { label: "Default (recommended)", desc: "Use the default model (currently Opus 5.5) · $4/$20 per Mtok" },
        { label: "Opus", desc: "Opus 5.5 · Best for everyday, complex tasks · $4/$20 per Mtok" },
        { label: "Fable", desc: "Fable 5.2 · Most capable for your hardest and longest-running tasks · $8/$40 per Mtok" },
        { label: "Sonnet", desc: "Sonnet 5.5 · Efficient for routine tasks · $2/$10 per Mtok" },
        { label: "Haiku", desc: "Haiku 5.5 · Fastest for quick answers · $0.10/$0.50 per Mtok" },
      ];
}

/** Short display name of a picker row (`Sonnet 5.5`), as Claude names it in its transcript lines. */
export function rowName(/** @type {ModelPanel} */ p, /** @type {number} */ k) {
  const row = p.rows[k];
  if (!row) return "";
  return k === 0 ? (p.legacy ? "Opus 4.8 (1M context)" : "Opus 5.5") : (row.desc.split(" · ")[0] ?? row.label).replace(/ with 1M context$/, "");
}

/** @param {Panel} p @param {number} cols @returns {string[]} */
export function panelRows(p, cols) {
  const legacy = p.kind === "login" ? false : p.legacy;
  const top = rule(cols, legacy ? "─" : "▔", 244);
  /** @type {Line[]} */
  let body = [];
  // A repaint caught half-way: the panel's rule is drawn, its header and rows are not yet (nothing recognizable).
  if (p.kind === "model" && p.partial) return [top, "", "", ""];
  if (p.kind === "model") {
    const opts = p.rows.map((row, k) => {
      const label = `${row.label}${k === p.current ? " ✔" : ""}`.padEnd(23);
      const text = `${k === p.sel ? "❯ " : "  "}${k + 1}. ${label}  ${row.desc}`;
      return { t: `  ${text}`, s: k === p.sel ? fg(153) : "", i: 32 };
    });
    const footer = p.noSessionKey
      ? "Enter to save · Esc to cancel"
      : legacy
        ? "Enter to set as default · s to use this session only · Esc to cancel"
        : "s to use this session only · Enter to save · Esc to cancel";
    body = [
      { t: "  Select model", s: fg(153) },
      { t: legacy ? "  Switch between Claude models. Your pick becomes the default for new sessions. For other/previous model names, specify with --model." : "  Your pick is the default for new sessions. For other models, use --model.", s: DIM },
      { t: "" },
      ...opts,
      { t: "" },
      { t: `  ${legacy ? "●" : "◐"} ${legacy ? "High" : "Medium"} effort (default) ←/→ to adjust`, s: DIM },
      { t: "" },
      { t: `  ${footer}`, s: DIM },
    ];
  } else if (p.kind === "switch") {
    const options = p.standard ? [`Yes, switch to ${p.targetName}`, "No, go back"] : ["Yes", "No"];
    const copy = p.standard
      ? [
          { t: "  Your next response will be slower and use more tokens" },
          { t: `  This conversation is cached for the current model. Switching to ${p.targetName} means the full history gets re-read.` },
        ]
      : [{ t: `  A PreModelSwitch hook asks you to confirm switching to ${p.targetName}.` }];
    body = [
      { t: "  Switch model?", s: fg(214) },
      ...copy,
      { t: "" },
      ...options.map((o, k) => ({ t: `  ${k === p.sel ? "❯ " : "  "}${k + 1}. ${o}`, s: k === p.sel ? fg(153) : "" })),
      { t: "" },
      { t: "  Enter to confirm · Esc to cancel", s: DIM },
    ];
  } else if (p.stage === "method") {
    const options = ["Claude account with subscription · Individual, Team, or Enterprise", "Anthropic Console account · API usage billing", "3rd-party platform · Bedrock, Microsoft Foundry, Google Vertex AI"];
    body = [
      { t: "  Login", s: fg(153) },
      { t: "  Claude Code can be used with your Claude subscription or billed based on API usage through your Console account." },
      { t: "" },
      { t: "  Select login method:" },
      { t: "" },
      ...options.map((o, k) => ({ t: `  ${k === p.sel ? "❯ " : "  "}${k + 1}. ${o}`, s: k === p.sel ? fg(153) : "" })),
      { t: "" },
      { t: "  Esc to cancel", s: DIM },
    ];
  } else if (p.stage === "url") {
    const inner = Math.max(4, cols - 4);
    const masked = p.code.length > 6 ? `${"*".repeat(p.code.length - 6)}${p.code.slice(-6)}` : p.code;
    body = [
      { t: "  Login", s: fg(153) },
      { t: "  Browser didn't open? Use the URL below to sign in (c to copy)" },
      { t: "" },
      { t: p.url },
      { t: "" },
      { t: "  Hold Shift while selecting to use your terminal's native copy", s: DIM },
      { t: "" },
      { t: "  Paste code here if prompted" },
      { t: `  ╭${"─".repeat(inner - 2)}╮` },
      { t: `  │${` ${masked}`.padEnd(inner - 2)}│` },
      { t: `  ╰${"─".repeat(inner - 2)}╯` },
      { t: "" },
      { t: "  Esc to cancel", s: DIM },
    ];
  } else if (p.stage === "failure") {
    body = [
      { t: "  Login", s: fg(153) },
      { t: `  ✘ OAuth error: ${p.message}`, s: fg(203) },
      { t: "" },
      { t: "  Press Enter to retry" },
      { t: "" },
      { t: "  Esc to cancel", s: DIM },
    ];
  } else if (p.stage === "success") {
    // 2.1.332's success copy, from a real offline login (test/fixtures/claude-login/login-success-332.txt).
    body = [
      { t: "  Login", s: fg(153) },
      { t: "" },
      { t: "  Logged in as sim-user@example.invalid", s: DIM },
      { t: "  ✔ Login successful. Press Enter to continue", s: fg(114) },
    ];
  } else {
    body = [
      { t: "  Login", s: fg(153) },
      { t: "  Using 3rd-party platforms" },
      { t: "" },
      ...["Amazon Bedrock · interactive setup", "Microsoft Foundry · opens docs", "Google Vertex AI · interactive setup", "Go back"].map((o, k) => ({ t: `  ${k === p.sel ? "❯ " : "  "}${k + 1}. ${o}` })),
      { t: "" },
      { t: "  Esc to cancel", s: DIM },
    ];
  }
  return [top, ...body.flatMap((l) => (l.t.length > cols && l.i === undefined && !l.t.startsWith("  ") ? [l.t.slice(0, cols), l.t.slice(cols)] : fit(l, cols)))];
}
