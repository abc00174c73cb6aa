// @ts-check
// Simulated Codex `/model` picker as captured on 0.144.6 and 0.171.0: scrolling model list, effort step, `s` / Enter apply, late config.toml write.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DIM, fg, fit } from "./sim-screen.mjs";

/**
 * @typedef {{ label: string, desc: string, numbered: boolean }} Item
 * @typedef {{ kind: "model" | "effort" | "advanced", items: Item[], sel: number, top: number, model?: Item }} Stage
 * ELWOOD_SIM_SCRIPT knobs read here (typed tests pass them beside SimScript): `pickerDelayMs` (paint the picker late),
 * `effortDelayMs` (paint a follow-up stage late; keys wait), `effortHoldsForKey` (paint a follow-up stage only once
 * another key arrives, which is swallowed: a test's raw input lands inside the step on any machine load), `configWriteDelayMs` (the saving apply's config.toml
 * write, default 300 on 0.144 and 0 on 0.171), `codexEffortless` (slugs whose row Enter applies with no effort step),
 * `codexConcurrentEdit` (root keys → raw TOML values another writer sets when the picker opens).
 * @typedef {{ legacy: boolean, script: Record<string, unknown>, log: (rec: object) => void, paint: () => void,
 *   say: (text: string) => void, model: () => string, setModel: (slug: string) => void,
 *   show: (picker: CodexPicker | null) => void }} PickerHost
 */

/** 0.171.0 catalog (v171-model-picker-*-189): rows after the ninth carry no number. */
const V171 = [
  ["GPT-6.2-Sol", "Fast, go-to model for coding and everyday work."],
  ["GPT-6.2-Astra", "Our most capable model for complex coding and professional work."],
  ["GPT-6.1 Terra", "Efficient model that excels at visual understanding and computer use."],
  ["GPT-6.1-Sol", "Previous generation model for coding and everyday work."],
  ["GPT-6-Astra", "Previous generation model for complex coding and professional work."],
  ["GPT-6-Sol", "Legacy model for coding and everyday work."],
  ["GPT-6-Luna", "Fast and affordable model for easier tasks."],
  ["GPT-5.6-Sol", "Legacy model for coding and everyday work."],
  ["GPT-5.6-Terra", "Legacy balanced model for agentic coding."],
  ["GPT-5.6-Luna", "Legacy fast model for simpler tasks."],
  ["GPT-5.5", "Legacy coding model."],
];
/** 0.144.6 catalog (v144-model-picker-189). */
const V144 = [
  ["gpt-5.6-sol", "Latest frontier agentic coding model."],
  ["gpt-5.6-terra", "Balanced agentic coding model for everyday work."],
  ["gpt-5.6-luna", "Fast and affordable agentic coding model."],
  ["gpt-5.5", "Frontier model for complex coding, research, and real-world work."],
  ["gpt-5.4", "Strong model for everyday coding."],
  ["gpt-5.4-mini", "Small, fast, and cost-efficient model for simpler coding tasks."],
  ["gpt-5.2", "Optimized for professional work and long-running agents."],
];
const EFFORTS = [
  ["Low", "Fast responses with lighter reasoning"],
  ["Medium", "Balances speed and reasoning depth for everyday tasks"],
  ["High", "Greater reasoning depth for complex problems"],
  ["Extra high", "Extra high reasoning depth for complex problems"],
  ["More reasoning…", "Max and Ultra consume usage limits faster"],
];
const ADVANCED = [
  ["Max", "For difficult problems when quality matters more than speed · higher usage"],
  ["Ultra", "For demanding work using multiple agents · highest usage"],
];
/** Effort labels → the `model_reasoning_effort` values Codex writes. */
const EFFORT_IDS = /** @type {Record<string, string>} */ ({ Low: "low", Medium: "medium", High: "high", "Extra high": "xhigh", Max: "max", Ultra: "ultra" });
/** 0.171 shows 8 rows of a longer list with `↑` / `↓` markers (v171-model-picker-scrolled-end-189). */
const WINDOW = 8;
/** 0.144's built-in default model (its `(default)` marker); 0.171 renders no model-stage default marker. */
const V144_DEFAULT = "gpt-5.6-sol";

const items = (/** @type {string[][]} */ rows) => rows.map(([label = "", desc = ""], k) => ({ label, desc, numbered: k < 9 }));
/** Catalog slug of a row: lowercase label, spaces as dashes (`GPT-6.1 Terra` → `gpt-6.1-terra`). */
export const slugOf = (/** @type {string} */ label) => label.toLowerCase().replace(/\s+/g, "-");

/** The last `-c key=value` override for `key` (value unquoted), as Codex applies them in order. */
function override(/** @type {readonly string[]} */ argv, /** @type {string} */ key) {
  let found;
  for (let k = 0; k < argv.length - 1; k++) {
    const m = argv[k] === "-c" ? new RegExp(`^${key}=(.*)$`).exec(argv[k + 1] ?? "") : null;
    if (m) found = (m[1] ?? "").replace(/^"(.*)"$/, "$1");
  }
  return found;
}

/** $CODEX_HOME/config.toml, or undefined: without CODEX_HOME the sim never touches a real ~/.codex. */
export const configPath = () => (process.env.CODEX_HOME ? path.join(process.env.CODEX_HOME, "config.toml") : undefined);

/** A root-level (pre-table) string key of config.toml. */
function rootKey(/** @type {string} */ key) {
  const file = configPath();
  if (!file || !existsSync(file)) return undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/^\s*\[/.test(line)) break;
    const m = new RegExp(`^\\s*${key}\\s*=\\s*"?([^"#]*?)"?\\s*(?:#.*)?$`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** The launch model like Codex resolves it: `--model=`, a `-c model=` override, then config.toml's root `model`. */
export function codexLaunchModel(/** @type {readonly string[]} */ argv) {
  return argv.find((a) => a.startsWith("--model="))?.slice("--model=".length) ?? override(argv, "model") ?? rootKey("model");
}

/** Rewrites (or adds) root-level keys in place, keeping every other line as it was (Codex edits, it does not regenerate). */
export function setRootKeys(/** @type {string | null} */ text, /** @type {Record<string, string>} */ entries) {
  const lines = text === null || text === "" ? [] : text.replace(/\n$/, "").split("\n");
  let end = lines.findIndex((l) => /^\s*\[/.test(l));
  if (end < 0) end = lines.length;
  for (const [key, value] of Object.entries(entries)) {
    const at = lines.slice(0, end).findIndex((l) => new RegExp(`^\\s*${key}\\s*=`).test(l));
    if (at >= 0) { lines[at] = `${key} = ${value}`; continue; }
    let insert = end;
    while (insert > 0 && (lines[insert - 1] ?? "").trim() === "") insert -= 1;
    lines.splice(insert, 0, `${key} = ${value}`);
    end += 1;
  }
  return `${lines.join("\n")}\n`;
}

function editConfig(/** @type {Record<string, string>} */ entries) {
  const file = configPath();
  if (!file) return false;
  writeFileSync(file, setRootKeys(existsSync(file) ? readFileSync(file, "utf8") : null, entries));
  return true;
}

/** Session effort: `-c model_reasoning_effort=` (Elwood's reserved override) or config.toml, changed by every apply. */
let sessionEffort = /** @type {string | undefined} */ (undefined);
let effortRead = false;
const currentEffort = () => {
  if (!effortRead) { effortRead = true; sessionEffort = override(process.argv.slice(2), "model_reasoning_effort") ?? rootKey("model_reasoning_effort"); }
  return sessionEffort;
};

/** The model's default effort row. Measured: 0.171 GPT-6.2-Sol/-Astra and 0.144 gpt-5.6-sol → Low, 0.144 gpt-5.6-terra → Medium; the rest are invented. */
const defaultEffort = (/** @type {string} */ slug) => (/^gpt-6\.2-|^gpt-5\.6-sol$/.test(slug) ? 0 : 1);

export class CodexPicker {
  /** Opens `/model` (after `pickerDelayMs` when scripted); the picker is shown through `host.show`. */
  static open(/** @type {PickerHost} */ host) {
    const show = () => {
      const picker = new CodexPicker(host);
      const edit = /** @type {Record<string, string> | undefined} */ (host.script["codexConcurrentEdit"]);
      // Another writer changes config.toml while the picker is up (after Elwood's snapshot, before its restore).
      if (edit && editConfig(edit)) host.log({ kind: "codex-config", action: "concurrent-edit", keys: Object.keys(edit) });
      host.show(picker);
      host.log({ kind: "model", action: "open" });
    };
    const delay = Number(host.script["pickerDelayMs"] ?? 0);
    if (delay > 0) setTimeout(show, delay);
    else show();
  }

  /** @param {PickerHost} host */
  constructor(host) {
    this.host = host;
    this.legacy = host.legacy;
    this.catalog = items(this.legacy ? V144 : V171);
    const current = this.catalog.findIndex((m) => slugOf(m.label) === host.model());
    /** @type {Stage} */
    this.stage = { kind: "model", items: this.catalog, sel: Math.max(0, current), top: 0 };
    /** @type {Stage[]} stages to return to on Escape */
    this.back = [];
    /** Keys are handled after this delay while a follow-up stage paints (`effortDelayMs`). */
    this.busy = false;
    this.reveal();
  }

  /** Scroll so the cursor row is visible (Codex keeps the window still until the cursor leaves it). */
  reveal() {
    const s = this.stage;
    const room = this.room();
    if (s.sel < s.top) s.top = s.sel;
    if (s.sel >= s.top + room) s.top = s.sel - room + 1;
  }

  room() { return this.legacy ? this.stage.items.length : WINDOW; }

  /** @param {Item} item @param {number} k */
  markers(item, k) {
    const s = this.stage;
    const slug = slugOf(item.label);
    if (s.kind === "model") {
      if (slug === this.host.model()) return " (current)";
      return this.legacy && slug === V144_DEFAULT ? " (default)" : "";
    }
    const model = slugOf(s.model?.label ?? "");
    const def = s.kind === "effort" && k === defaultEffort(model) ? " (default)" : "";
    const cur = model === this.host.model() && EFFORT_IDS[item.label] === currentEffort() ? " (current)" : "";
    return def + cur;
  }

  /** @param {number} cols */
  rows(cols) {
    const s = this.stage;
    const labels = s.items.map((it, k) => `${it.numbered ? `${k + 1}. ` : "    "}${it.label}${this.markers(it, k)}`);
    // The description column is aligned over every row of the stage, visible or not (v171 probe, scrolled window).
    const descCol = 2 + Math.max(...labels.map((l) => [...l].length)) + 2;
    const room = this.room();
    const shown = s.items.slice(s.top, s.top + room).map((it, j) => {
      const k = s.top + j;
      const head = `${k === s.sel ? "› " : "  "}${labels[k] ?? ""}`;
      return { t: `${head.padEnd(descCol)}${it.desc}`, s: k === s.sel ? fg(45) : "", i: descCol };
    });
    const footer = this.legacy ? "  Press enter to confirm or esc to go back" : s.kind === "model" ? "  enter select · esc back" : "  enter default · s session · esc back";
    /** @type {{ t: string, s?: string, i?: number }[]} */
    const lines = [{ t: "" }];
    if (s.kind === "model") {
      lines.push({ t: "  Select Model and Effort" });
      if (this.legacy) lines.push({ t: "  Access legacy models by running codex -m <model_name> or in your config.toml", s: DIM });
    } else if (s.kind === "effort") lines.push({ t: `  Select Reasoning Level for ${s.model?.label ?? ""}` });
    else lines.push({ t: "  Advanced Reasoning" }, { t: "  ⚠ Consumes usage limits faster", s: fg(214) });
    lines.push({ t: "" });
    if (!this.legacy) lines.push({ t: s.top > 0 ? "↑" : "" });
    lines.push(...shown);
    lines.push({ t: !this.legacy && s.top + room < s.items.length ? "↓" : "" });
    lines.push({ t: footer, s: DIM });
    return lines.flatMap((l) => fit(l, cols));
  }

  /** @param {{ key: string, text?: string }} ev */
  key(ev) {
    if (this.busy) {
      this.releaseHeldStage?.();
      this.releaseHeldStage = undefined;
      return;
    }
    const s = this.stage;
    const n = s.items.length;
    if (ev.key === "up" || ev.key === "down") {
      // Both versions wrap around at either end (measured: Down on the last row selects the first).
      s.sel = (s.sel + (ev.key === "up" ? n - 1 : 1)) % n;
      this.reveal();
      return this.host.paint();
    }
    if (ev.key === "escape" || ev.key === "ctrl+c") {
      const prev = this.back.pop();
      if (prev) { this.stage = prev; return this.host.paint(); }
      this.host.log({ kind: "model", action: "cancel" });
      return this.host.show(null);
    }
    // Digits pick and accept a numbered row at once (the saving path: Elwood must never send them).
    const digit = /^[1-9]$/.test(ev.key) && Number(ev.key) <= Math.min(9, n) ? Number(ev.key) - 1 : -1;
    if (digit >= 0) { s.sel = digit; this.reveal(); return this.accept("default"); }
    if (ev.key === "enter") return this.accept("default");
    if (ev.key === "s" && !this.legacy && s.kind !== "model") return this.accept("session");
  }

  /** Enter / digit / `s` on the selected row of the current stage. @param {"default" | "session"} scope */
  accept(scope) {
    const s = this.stage;
    const item = s.items[s.sel];
    if (!item) return;
    if (s.kind === "model") {
      const effortless = /** @type {string[]} */ (this.host.script["codexEffortless"] ?? []);
      if (effortless.includes(slugOf(item.label))) return this.apply(item, currentEffort() ?? "medium", "default");
      const slug = slugOf(item.label);
      const cur = slug === this.host.model() ? EFFORTS.findIndex(([l]) => EFFORT_IDS[l ?? ""] === currentEffort()) : -1;
      return this.push({ kind: "effort", items: items(EFFORTS), sel: cur >= 0 ? cur : defaultEffort(slug), top: 0, model: item });
    }
    if (s.kind === "effort" && item.label === "More reasoning…") return this.push({ kind: "advanced", items: items(ADVANCED), sel: 0, top: 0, model: s.model });
    this.apply(/** @type {Item} */ (s.model), EFFORT_IDS[item.label] ?? "medium", scope);
  }

  /** A follow-up stage; `effortDelayMs` delays its paint (keys wait meanwhile). @param {Stage} next */
  push(next) {
    this.back.push(this.stage);
    const delay = Number(this.host.script["effortDelayMs"] ?? 0);
    const go = () => { this.busy = false; this.stage = next; this.host.paint(); };
    if (this.host.script["effortHoldsForKey"] === true) {
      this.busy = true;
      /** @type {(() => void) | undefined} */
      this.releaseHeldStage = go;
    } else if (delay > 0) { this.busy = true; setTimeout(go, delay); } else go();
  }

  /** @param {Item} model @param {string} effort @param {"default" | "session"} scope */
  apply(model, effort, scope) {
    const slug = slugOf(model.label);
    this.host.show(null);
    this.host.setModel(slug);
    sessionEffort = effort;
    this.host.say(`• Model changed to ${slug} ${effort}${scope === "session" ? " for this session only" : ""}`);
    this.host.log({ kind: "model", action: "set", id: slug, scope, effort });
    this.host.paint();
    if (scope !== "default") return;
    // Codex saves the choice itself; 0.144.6 writes it a moment after the picker has closed (measured).
    const write = () => {
      if (editConfig({ model: JSON.stringify(slug), model_reasoning_effort: JSON.stringify(effort) })) {
        this.host.log({ kind: "codex-config", action: "write", model: slug, effort });
      }
    };
    const delay = Number(this.host.script["configWriteDelayMs"] ?? (this.legacy ? 300 : 0));
    if (delay > 0) setTimeout(write, delay);
    else write();
  }
}
