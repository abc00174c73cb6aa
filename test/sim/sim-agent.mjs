#!/usr/bin/env node
// @ts-check
// Simulated Claude Code / Codex TUI for integration tests: captured screens, real hook commands, a JSONL log of input.
import { appendFileSync, unlinkSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { KeyDecoder } from "./sim-input.mjs";
import { hookCommands, loadHookConfig, runHooks } from "./sim-hooks.mjs";
import { BOLD, DIM, INVERSE_CELL, Painter, RESET, fg, fit, osc0, osc7501, rightAligned, rule } from "./sim-screen.mjs";
import { existsSync, statSync } from "node:fs";
import { panelRows, pickerRows, rowName } from "./sim-panels.mjs";
import { CodexPicker, codexLaunchModel } from "./sim-codex-picker.mjs";
import { CodexClipboardPaste } from "./sim-codex-clipboard.mjs";

const argv = process.argv.slice(2);
const arg = (/** @type {string} */ name) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
// ELWOOD_SIM_FLAVOUR lets a caller run the sim as a plain executable (startCodex's `executable`) without --flavour.
const CLAUDE = (arg("--flavour") ?? process.env.ELWOOD_SIM_FLAVOUR) !== "codex";
const version = process.env.ELWOOD_SIM_VERSION || (CLAUDE ? "2.1.332" : "0.171.0");
if (argv.includes("--version")) {
  process.stdout.write(CLAUDE ? `${version} (Claude Code)\n` : `codex-cli ${version}\n`);
  process.exit(0);
}
// `update` (autoupdate's command): nothing to install, so it succeeds at once, as an up-to-date CLI's does.
if (argv[0] === "update") {
  process.stdout.write("already up to date\n");
  process.exit(0);
}
if (argv.includes("--help")) {
  // Codex advertises the hook-trust bypass in --help (both measured versions); ELWOOD_SIM_NO_BYPASS hides it.
  const bypass = CLAUDE || process.env.ELWOOD_SIM_NO_BYPASS ? "" : "      --dangerously-bypass-hook-trust\n";
  process.stdout.write(`Usage: ${CLAUDE ? "claude" : "codex"} [OPTIONS] [PROMPT]\n\nOptions:\n  -c, --config <key=value>\n${bypass}  -h, --help\n`);
  process.exit(0);
}
/** Older layouts: Claude 2.1.2xx (braille title, 3-option dialog), Codex 0.144 (no OSC 7501, no SessionEnd/Interrupt). */
const legacy = CLAUDE ? version.startsWith("2.1.2") : version.startsWith("0.144");
/** @type {{ transcript?: { records?: number, gapMs?: number }, lastWords?: { text: string, fillerRecords?: number, fillerBytes?: number }, exitBurst?: { lines?: number, last: string }, turnMs?: number, slowMs?: number, startupMs?: number, instructionsLoadedDelayMs?: number, swallowFirstPaste?: boolean, swallowWindowMs?: number, escTimeoutMs?: number, eatEnterAfterPaste?: boolean, pasteBurstMs?: number, modelSwitchConfirm?: "standard" | "hook", modelSwitchConfirmDelayMs?: number, pickerNoSessionKey?: boolean, pickerDelayMs?: number, pickerPartialMs?: number, ignoreImagePaste?: boolean, loginGoodCode?: string, loginUrl?: string, loginSkipMethod?: boolean, loginBanner?: "startup" | "afterTurn", mcpWarnings?: { notLoggedIn?: string[], failed?: string[], delayMs?: number } }} */
const script = JSON.parse(process.env.ELWOOD_SIM_SCRIPT || "{}");
const turnMs = script.turnMs ?? 150;
const cwd = process.cwd();
const repo = path.basename(cwd);
/** A resume (Claude `--resume <id>`, Codex `resume [OPTIONS] <thread id>`) continues that conversation id. */
const resumeId = CLAUDE ? arg("--resume") : argv[0] === "resume" ? argv[argv.length - 1] : undefined;
const sessionId = arg("--session-id") ?? resumeId ?? randomUUID();
// Codex: `--model=`, `-c model=` or config.toml at launch, then whatever its /model picker applies.
let model = arg("--model") ?? arg("-m") ?? (CLAUDE ? "claude-opus-5-5" : codexLaunchModel(argv) ?? "fake-model");
// Each flavour writes its CLI's transcript JSONL (Claude's conversation file, Codex's rollout) at the path its hooks
// name: in its cwd and kept (Claude with `script.transcript`, Codex with `script.keepTranscript`), else in the temp
// folder (removed at exit).
const keptTranscript = CLAUDE ? Boolean(script.transcript) : Boolean(script.keepTranscript);
const transcriptPath = keptTranscript ? path.join(cwd, `.sim-transcript-${sessionId}.jsonl`) : path.join(os.tmpdir(), `elwood-sim-${sessionId}.jsonl`);
if (!keptTranscript) process.on("exit", () => { try { unlinkSync(transcriptPath); } catch { /* never written */ } });
const hookConfig = loadHookConfig(arg("--settings") ?? (!CLAUDE && process.env.CODEX_HOME ? path.join(process.env.CODEX_HOME, "hooks.json") : undefined));
/** Codex `-c hooks.<Event>=[{hooks=[{type="command",command="…",timeout=N}]}]` session overrides (inline TOML subset). */
function tomlInlineToJson(/** @type {string} */ src) {
  let out = "";
  for (let i = 0; i < src.length;) {
    const c = src[i] ?? "";
    if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const key = /^[A-Za-z_][A-Za-z0-9_-]*(?=\s*=)/.exec(src.slice(i));
    if (key) { out += JSON.stringify(key[0]); i += key[0].length; continue; }
    out += c === "=" ? ":" : c;
    i += 1;
  }
  return JSON.parse(out);
}
if (!CLAUDE) {
  for (let k = 0; k < argv.length - 1; k++) {
    const m = argv[k] === "-c" ? /^hooks\.([A-Za-z]+)=([\s\S]*)$/.exec(argv[k + 1] ?? "") : null;
    if (m && m[1] && m[2]) hookConfig[m[1]] = [...(hookConfig[m[1]] ?? []), ...tomlInlineToJson(m[2])];
  }
}
const logFile = process.env.ELWOOD_SIM_LOG;
const log = (/** @type {object} */ rec) => { if (logFile) appendFileSync(logFile, `${JSON.stringify({ t: Date.now(), ...rec })}\n`); };
const out = (/** @type {string} */ s) => { process.stdout.write(s); };
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

const INTERRUPTED = { t: "  ⎿  Interrupted · What should Claude do instead?", s: DIM };
const CODEX_INTERRUPTED = { t: "■ Conversation interrupted - use /feedback if something went wrong", s: fg(203) };
const SLOW_TEXT = "This is a slow streamed reply from the fake model.";
const SPIN = ["·", "✢", "*", "✶", "✻", "✽"];
const BRAILLE = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/**
 * @typedef {{ t: string, s?: string, i?: number }} Line
 * @typedef {{ t?: string, chip?: string, content?: string }} Segment
 * @typedef {{ n: number, id: string, counted: boolean, dead: boolean, started: number, label: string, partial: string,
 *   live: Line | null, status: string, outcome?: string, wakers: Set<() => void> }} Turn
 * @typedef {{ kind: "permission" | "trust" | "codex-trust" | "hooks-review", options: string[], values: string[], numbered: boolean, sel: number,
 *   escValue: string, keys: Record<string, number>, cmd: string, resolve: (v: string) => void }} Dialog
 */
const S = {
  phase: "starting", // starting | trust | ready | exiting
  /** @type {Line[]} */ lines: [],
  /** @type {Segment[]} */ comp: [],
  /** @type {string[]} */ queued: [],
  /** @type {Turn | null} */ turn: null,
  /** @type {Dialog | null} */ dialog: null,
  /** @type {import("./sim-panels.mjs").Panel | null} */ panel: null,
  /** @type {CodexPicker | null} */ codexPicker: null,
  modelIdx: 0,
  chipN: 0, turnN: 0, tick: 0, composerAt: 0, lastTypedAt: 0, ctrlCAt: 0, pasted: false,
  /** script.loginBanner: the CLI shows its missing-login notice and status. */
  loginLapsed: false,
  /** A resume's replay painting the working footer / Working line (no turn). */
  replayWorking: false,
  title: "", lastTitle: "", pendingStart: resumeId === undefined ? "startup" : "resume", pasteTick: false, droppedEnters: 0,
  /** @type {NodeJS.Timeout | undefined} */ ticker: undefined,
};
const painter = new Painter(out);

// ---- hooks -------------------------------------------------------------------------------------------------
/** @param {string} event @param {object} extra @param {string} [matchValue] */
async function hook(event, extra, matchValue) {
  const payload = { session_id: sessionId, transcript_path: transcriptPath, cwd, hook_event_name: event,
    ...(CLAUDE ? {} : { model, permission_mode: "default" }), ...extra };
  log({ kind: "hook", event, commands: hookCommands(hookConfig, event).length });
  const capSeconds = !CLAUDE && (event === "SessionEnd" || event === "Interrupt") ? 3 : undefined;
  return runHooks(hookConfig, event, payload, { cwd, matchValue, capSeconds });
}
/** Folds several hook results into one verdict; any deny (or exit 2) wins, as in both CLIs. @param {import("./sim-hooks.mjs").HookResult[]} rs @param {(j: any) => string | undefined} pick */
function decide(rs, pick) {
  /** @type {{ d: string, reason?: string } | undefined} */
  let verdict;
  for (const r of rs) {
    const d = r.code === 2 ? "deny" : r.json ? pick(r.json) : undefined;
    const h = r.json?.hookSpecificOutput;
    if (d === "deny") return { d, reason: r.code === 2 ? r.stderr.trim() : r.json.reason ?? h?.permissionDecisionReason ?? h?.decision?.message };
    if (d === "allow") verdict = { d };
  }
  return verdict;
}
const blockPick = (/** @type {any} */ j) => (j.decision === "block" ? "deny" : undefined);
const prePick = (/** @type {any} */ j) => j.hookSpecificOutput?.permissionDecision ?? ({ block: "deny", approve: "allow" })[String(j.decision)];
const permPick = (/** @type {any} */ j) => j.hookSpecificOutput?.decision?.behavior;
const turnKeys = (/** @type {Turn} */ turn, /** @type {object} */ extra) => (CLAUDE ? { prompt_id: turn.id, ...extra } : { turn_id: turn.id, ...extra });

// ---- rendering ---------------------------------------------------------------------------------------------
const size = () => ({ cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
const secs = () => (S.turn ? Math.floor((Date.now() - S.turn.started) / 1000) : 0);
const display = () => S.comp.map((c) => c.chip ?? c.t ?? "").join("");
const actual = () => S.comp.map((c) => c.content ?? c.t ?? "").join("");

/**
 * Codex 0.144.6's MCP startup warning rows under the welcome header (`script.mcpWarnings`), shown once the simulated
 * MCP startup settles (after `delayMs`, default at once); the real rows stay there for the whole session.
 */
const mcp = script.mcpWarnings;
/** @type {{ t: string }[]} */
let mcpRows = [];
function showMcpWarnings() {
  if (mcp === undefined) return;
  mcpRows = [
    ...(mcp.notLoggedIn ?? []).map((n) => ({ t: `⚠ The ${n} MCP server is not logged in. Run \`codex mcp login ${n}\`.` })),
    ...((mcp.failed ?? []).length > 0 ? [{ t: `⚠ MCP startup incomplete (failed: ${(mcp.failed ?? []).join(", ")})` }] : []),
  ];
}
if (mcp !== undefined && !CLAUDE) {
  if ((mcp.delayMs ?? 0) > 0) setTimeout(() => { showMcpWarnings(); paint(); }, mcp.delayMs);
  else showMcpWarnings();
}

function header() {
  if (!CLAUDE) return [{ t: `  >_ OpenAI Codex (v${version})`, s: BOLD }, { t: `     ${cwd}`, s: DIM }, ...mcpRows, { t: "" }];
  const logo = legacy ? [" ▐▛███▜▌ ", "▝▜█████▛▘", "  ▘▘ ▝▝  "] : [" ▐▛███▛█ ", "▝▜██████▀", " ▝▝   ▝▝ "];
  const text = [`Claude Code v${version}`, `${legacy ? "Opus 4.8 (1M context)" : "Opus 5.5"} · API Usage Billing`, cwd];
  return [...logo.map((l, k) => ({ t: `${l}  ${text[k]}`, s: k === 0 ? "" : DIM })), { t: "" }];
}

/** Composer rows with the prompt glyph, hanging indent and (Claude) an inverse-video cursor cell. */
function composerRows(/** @type {number} */ cols) {
  const glyph = CLAUDE ? "❯\u00a0" : "› ";
  const text = display();
  if (!CLAUDE && !text) return [`› ${DIM}Ask Codex to do anything${RESET}`];
  const rows = text.split("\n").flatMap((l, k) => fit({ t: (k === 0 ? glyph : "  ") + l }, cols));
  const last = rows.length - 1;
  if (CLAUDE) {
    if ([...(rows[last] ?? "")].length < cols) rows[last] += INVERSE_CELL;
    else rows.push(`  ${INVERSE_CELL}`);
  }
  return rows;
}

function dialogRows(/** @type {Dialog} */ d, /** @type {number} */ cols) {
  if (d.kind === "codex-trust" || d.kind === "hooks-review") return codexGateRows(d, cols);
  const opts = d.options.map((o, k) => {
    const label = d.numbered ? `${k + 1}. ${o}` : o;
    const mark = CLAUDE ? (k === d.sel ? " ❯ " : "   ") : (k === d.sel ? "› " : "  ");
    return { t: mark + label, s: k === d.sel ? fg(153) : "", i: CLAUDE ? 3 : 2 };
  });
  /** @type {Line[]} */
  let body;
  if (d.kind === "trust") {
    body = [{ t: " Accessing workspace:", s: BOLD }, { t: "" }, { t: ` ${cwd}` }, { t: "" },
      { t: " Quick safety check: Is this a project you created or one you trust? (Like your own code, a well-known open source project, or work from your team). If not, take a moment to review what's in this folder first.", i: 1 },
      { t: "" }, { t: " Claude Code'll be able to read, edit, and execute files here." }, { t: "" }, { t: " Security guide", s: DIM }, { t: "" },
      ...opts, { t: "" }, { t: " Enter to confirm · Esc to cancel", s: DIM }];
  } else if (!CLAUDE) {
    body = [{ t: `• Running ${d.cmd}` }, { t: "  Would you like to run the following command?", s: BOLD }, { t: "" },
      { t: "  Environment: local" }, { t: "  Reason: Sim model wants to run a command" }, { t: "" }, { t: `  $ ${d.cmd}` }, { t: "" },
      ...opts, { t: "" }, { t: "  Press enter to confirm or esc to cancel", s: DIM }];
    return body.flatMap((l) => fit(l, cols));
  } else if (legacy) {
    body = [{ t: " Bash command", s: BOLD + fg(153) }, { t: "" }, { t: `   ${d.cmd}` }, { t: "   Run scripted command", s: DIM }, { t: "" },
      { t: " Do you want to proceed?" }, ...opts, { t: "" }, { t: " Esc to cancel · Tab to amend · ctrl+e to explain", s: DIM }];
  } else {
    body = [{ t: " Bash command", s: BOLD + fg(153) }, { t: " Tip: auto mode handles these prompts for you — choose \"switch to auto mode\" below", s: BOLD },
      { t: " Run scripted command", s: DIM }, { t: "╌".repeat(cols), s: fg(239) }, { t: ` ${d.cmd}` }, { t: "╌".repeat(cols), s: fg(239) },
      { t: " Do you want to proceed?" }, ...opts, { t: "" }, { t: " Esc to cancel · Tab to amend", s: DIM }];
  }
  return [rule(cols, "─", d.kind === "trust" ? 244 : 153), ...body.flatMap((l) => fit(l, cols))];
}

/** Codex startup gates as captured (screens/codex/v171-first-run-02-trust-folder, v144-…-trust-directory, …-hooks-need-review). */
function codexGateRows(/** @type {Dialog} */ d, /** @type {number} */ cols) {
  const opts = d.options.map((o, k) => ({ t: `${k === d.sel ? "› " : "  "}${k + 1}. ${o}`, i: 5 }));
  /** @type {Line[]} */
  let body;
  if (d.kind === "hooks-review") {
    body = [{ t: "  Hooks need review", s: BOLD }, { t: "" }, { t: `  ${hookCount()} hooks are new or changed.` }, { t: "  Hooks can run outside the sandbox after you trust them." },
      { t: "" }, ...opts, { t: "" }, { t: legacy ? "  Press enter to confirm or esc to go back" : "  enter confirm · esc skip", s: DIM }];
  } else if (legacy) {
    body = [{ t: "  Welcome to Codex, OpenAI's command-line coding agent" }, { t: "" }, { t: `> You are in ${cwd}` }, { t: "" },
      { t: "  Do you trust the contents of this directory? Working with untrusted contents comes with higher risk of prompt injection.", i: 2 },
      { t: "" }, ...opts, { t: "" }, { t: "  Press enter to continue", s: DIM }];
  } else {
    body = [{ t: "  Folder access", s: BOLD }, { t: "" }, { t: `  ${cwd}` }, { t: "" },
      { t: "  Trust this folder? Codex can read, edit, and run files here, subject to your permission settings.", i: 2 },
      { t: "" }, ...opts, { t: "" }, { t: "  enter continue · esc back", s: DIM }];
  }
  return body.flatMap((l) => fit(l, cols));
}
const hookCount = () => Object.values(hookConfig).reduce((n, groups) => n + groups.reduce((m, g) => m + (g.hooks?.length ?? 0), 0), 0);

/** @returns {{ rows: string[], cursorUp?: number, cursorCol?: number }} bottom block, cursor counted from the last row */
function bottom(/** @type {number} */ cols) {
  const t = S.turn;
  if (S.panel) return { rows: panelRows(S.panel, cols) };
  if (S.codexPicker) return { rows: S.codexPicker.rows(cols) };
  if (S.dialog) return { rows: dialogRows(S.dialog, cols) };
  const queued = S.queued.map((q) => fit({ t: `${CLAUDE ? "❯" : "›"} ${q.split("\n")[0]}`, s: DIM }, cols)[0] ?? "");
  const comp = composerRows(cols);
  if (CLAUDE) {
    const rows = [...queued];
    if (t) {
      const status = t.status ? `${t.status} · ` : "";
      rows.push(...fit({ t: `${SPIN[Math.floor(S.tick / 2) % SPIN.length]} ${t.label}… (${status}${secs()}s · ↓ ${Math.ceil(t.partial.length / 4)} tokens)`, s: fg(174) }, cols));
    }
    // The login status replaces the effort tag once the login lapsed (2.1.332's `Not logged in · run /login`, tmux capture).
    if (!legacy) rows.push(rightAligned(S.loginLapsed ? "Not logged in · run /login" : "◐ medium · /effort", cols));
    const hasChip = S.comp.some((c) => c.chip);
    // Too narrow for the whole working footer, Claude elides its `esc to interrupt` token (the title spinner remains).
    const working = cols < 52 ? "  ⏸ manual mode on · ← for agents" : "  ⏸ manual mode on · esc to interrupt · ← for agents";
    const footer = S.ctrlCAt ? "  Press Ctrl-C again to exit" : t || S.replayWorking ? working
      : hasChip ? "  paste again to expand" : display() ? "  ⏸ manual mode on" : "  ⏸ manual mode on · ? for shortcuts · ← for agents";
    rows.push(rule(cols), ...comp, rule(cols), legacy ? rightAligned("● high · /effort", cols, footer) : DIM + [...footer].slice(0, cols).join("") + RESET);
    return { rows };
  }
  const rows = [...queued];
  if (t && !t.partial) rows.push(...fit({ t: `${S.tick % 2 ? "◦" : "•"} ${t.label} (${secs()}s • esc to interrupt)` }, cols));
  else if (S.replayWorking) rows.push(...fit({ t: "• Working (0s • esc to interrupt)" }, cols));
  rows.push("", ...comp);
  const compEnd = rows.length;
  // As both real versions: one blank row between the composer and its footer (a draft ending in a newline adds one).
  rows.push("", ...fit({ t: `  ${model} default · ${cwd}${S.title ? ` · ${S.title}` : ""}`, s: DIM }, cols));
  if (!display()) rows.push(`${DIM}  ← for agents · ? for shortcuts${RESET}`);
  const lastLen = [...(comp[comp.length - 1] ?? "")].length;
  return { rows, cursorUp: rows.length - compEnd, cursorCol: display() ? Math.min(cols, lastLen + 1) : 3 };
}

function setTitle() {
  const phase = Math.floor(S.tick / 10) % 2;
  let title;
  if (CLAUDE) title = S.turn && !S.dialog ? `${legacy ? (phase ? "⠐" : "⠂") : phase ? "◑" : "◐"} Claude Code` : "✳ Claude Code";
  else {
    const base = S.title ? `${S.title} | ${repo}` : repo;
    title = S.dialog ? `[ ${S.tick % 10 < 5 ? "!" : "."} ] Action Required | ${base}` : S.turn ? `${BRAILLE[S.tick % 10]} ${base}` : base;
  }
  if (title !== S.lastTitle) out(osc0(title));
  S.lastTitle = title;
}

function paint() {
  if (S.phase === "exiting") return;
  const { cols, rows } = size();
  setTitle();
  const top = S.phase === "trust" ? [] : [...header(), ...S.lines].flatMap((l) => fit(l, cols));
  const b = S.phase === "ready" || S.phase === "trust" ? bottom(cols) : { rows: [] };
  const room = Math.max(0, rows - b.rows.length);
  const visible = top.slice(Math.max(0, top.length - room));
  while (visible.length < room) visible.push("");
  const screen = [...visible, ...b.rows].slice(-rows);
  const cursor = b.cursorUp !== undefined && b.cursorCol !== undefined ? { row: rows - b.cursorUp, col: b.cursorCol } : null;
  painter.present(screen, cursor);
}

// ---- transcript helpers ------------------------------------------------------------------------------------
const gap = () => { if (S.lines.length && S.lines[S.lines.length - 1]?.t !== "") S.lines.push({ t: "" }); };
const add = (/** @type {(Line | string)[]} */ ls) => { gap(); for (const l of ls) S.lines.push(typeof l === "string" ? { t: l } : l); };
const fakeReply = (/** @type {string} */ text) => {
  const flat = `FAKE-REPLY: ${text.replace(/\s+/g, " ").trim()}`;
  return flat.length > 80 ? flat.slice(0, 80) : flat;
};

/**
 * Appends one transcript record and logs when the append returned (epoch ms, sub-ms precision, comparable across
 * processes), so a benchmark can time the path from this write to the matching TurnEvent.
 * @param {object} record @param {string} [text]
 */
function writeTranscript(record, text) {
  if (!CLAUDE) return;
  appendFileSync(transcriptPath, `${JSON.stringify({ uuid: randomUUID(), sessionId, timestamp: new Date().toISOString(), ...record })}\n`);
  const at = performance.timeOrigin + performance.now();
  if (text !== undefined) log({ kind: "transcript", text, at });
}
/**
 * Appends one Codex rollout record (the shapes adapters/codex/transcript-records.ts reads); logged like Claude's.
 * @param {"event_msg" | "response_item"} type @param {object} payload @param {string} [text]
 */
function writeRollout(type, payload, text) {
  if (CLAUDE) return;
  appendFileSync(transcriptPath, `${JSON.stringify({ timestamp: new Date().toISOString(), type, payload })}\n`);
  const at = performance.timeOrigin + performance.now();
  if (text !== undefined) log({ kind: "transcript", text, at });
}
/** Codex's prompt record: 0.144 writes a `user_message` event, 0.171 only the committed UserMessage item. */
function rolloutPrompt(/** @type {Turn} */ turn, /** @type {string} */ text) {
  writeRollout("event_msg", legacy ? { type: "user_message", message: text, turn_id: turn.id }
    : { type: "item_completed", turn_id: turn.id, item: { type: "UserMessage", content: [{ type: "text", text }] } });
}
/** The turn's assistant text as `records` committed transcript lines (the last one is the reply), `gapMs` apart. */
async function transcriptReply(/** @type {Turn} */ turn, /** @type {string} */ reply) {
  const n = Math.max(1, script.transcript?.records ?? 1);
  for (let k = 1; k <= n; k++) {
    const text = k === n ? reply : `sim line ${turn.n}.${k}`;
    writeTranscript({ type: "assistant", message: { id: `msg_sim_${turn.n}_${k}`, role: "assistant", model, content: [{ type: "text", text }],
      usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } } }, text);
    writeRollout("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text }],
      internal_chat_message_metadata_passthrough: { turn_id: turn.id } }, text);
    if (k < n && script.transcript?.gapMs) await wait(turn, script.transcript.gapMs);
    if (turn.dead) return;
  }
}

// ---- turns -------------------------------------------------------------------------------------------------
function beginTurn(/** @type {string} */ text, counted = true, label = CLAUDE ? "Thinking" : "Working") {
  /** @type {Turn} */
  const turn = { n: counted ? ++S.turnN : 0, id: randomUUID(), counted, dead: false, started: Date.now(), label, partial: "", live: null, status: "", wakers: new Set() };
  S.turn = turn;
  if (!CLAUDE && counted && !S.title) S.title = text.split("\n")[0]?.slice(0, 40) ?? "";
  const [first = "", ...rest] = text.split("\n");
  add([{ t: `${CLAUDE ? "❯" : "›"} ${first}`, s: CLAUDE ? "\x1b[48;5;237m" : BOLD }, ...rest.map((l) => ({ t: `  ${l}` }))]);
  if (!CLAUDE && !legacy) out(osc7501("state=working:app=codex"));
  S.ticker = setInterval(() => { S.tick++; paint(); }, 100);
  paint();
  return turn;
}
/** Resolves after `ms` or as soon as the turn is interrupted; `ms` null waits for the interrupt only (HANG). */
function wait(/** @type {Turn} */ turn, /** @type {number | null} */ ms) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); turn.wakers.delete(done); resolve(undefined); };
    const timer = ms === null ? undefined : setTimeout(done, ms);
    turn.wakers.add(done);
  });
}
function endTurn(/** @type {Turn} */ turn, /** @type {string} */ outcome) {
  turn.dead = true;
  for (const w of [...turn.wakers]) w();
  clearInterval(S.ticker);
  S.turn = null;
  if (turn.counted) log({ kind: "turn", n: turn.n, outcome });
  if (!CLAUDE && !legacy) out(osc7501(outcome === "stop" ? "state=done:app=codex" : "state=idle:app=codex") + (outcome === "stop" ? osc7501("state=idle:app=codex") : ""));
  paint();
  const next = S.queued.shift();
  if (next !== undefined) setImmediate(() => { void submit(next); });
}
/** Streams `text` into a live reply row over `ms`; resolves early if interrupted. */
async function stream(/** @type {Turn} */ turn, /** @type {string | null} */ text, /** @type {number} */ ms) {
  if (text === null) return wait(turn, null);
  const t0 = Date.now();
  turn.live = { t: CLAUDE ? "● " : "• " };
  add([turn.live]);
  for (;;) {
    const frac = ms <= 0 ? 1 : Math.min(1, (Date.now() - t0) / ms);
    turn.partial = text.slice(0, Math.floor(text.length * frac));
    turn.live.t = (CLAUDE ? "● " : "• ") + turn.partial;
    paint();
    if (frac >= 1 || turn.dead) return;
    await wait(turn, Math.min(100, ms));
    if (turn.dead) return;
  }
}

async function submit(/** @type {string} */ text) {
  log({ kind: "submit", text });
  const cmd = text.trim();
  if (cmd === "/exit" || cmd === "/quit") { add([`${CLAUDE ? "❯" : "›"} ${cmd}`]); return exitSim(CLAUDE ? "prompt_input_exit" : "other", 0); }
  if (cmd === "/compact") return compact();
  if (CLAUDE && cmd === "/model") return openPicker();
  if (!CLAUDE && cmd === "/model") return openCodexPicker();
  if (CLAUDE && cmd === "/login") return openLogin();
  const turn = beginTurn(text);
  if (!CLAUDE && S.pendingStart) {
    const source = S.pendingStart;
    S.pendingStart = "";
    await hook("SessionStart", { source }, source);
    if (turn.dead) return;
  }
  // script.loginBanner "afterTurn": the login lapses after the first turn; each later prompt ends at the CLI's notice, as
  // Claude 2.1.332 with no login does (measured offline): no UserPromptSubmit, nothing sent to the model, the notice,
  // then StopFailure with error `authentication_failed` and the notice as its last_assistant_message.
  if (CLAUDE && script.loginBanner === "afterTurn" && turn.n >= 2) {
    S.loginLapsed = true;
    add([{ t: "  ⎿  Not logged in · Please run /login", s: fg(203) }]);
    paint();
    await hook("StopFailure", turnKeys(turn, { error: "authentication_failed", last_assistant_message: "Not logged in · Please run /login" }));
    return endTurn(turn, "not_logged_in");
  }
  const ups = decide(await hook("UserPromptSubmit", turnKeys(turn, { prompt: text, permission_mode: "default" })), blockPick);
  if (turn.dead) return;
  if (ups) { add([{ t: `  ⎿  UserPromptSubmit operation blocked by hook: ${ups.reason ?? ""}`, s: DIM }]); return endTurn(turn, "blocked"); }
  writeTranscript({ type: "user", message: { role: "user", content: text } });
  // The real Codex commits other records of the turn first; the prompt's record may land well after UserPromptSubmit.
  if (!CLAUDE && script.promptRecordDelayMs) await wait(turn, script.promptRecordDelayMs);
  if (turn.dead) return;
  rolloutPrompt(turn, text);
  const bash = /RUNBASH:(.*)/.exec(text);
  /** @type {string | null} */
  let reply = text.includes("HANG") ? null : text.includes("SLOW") ? SLOW_TEXT : fakeReply(text);
  if (bash) {
    reply = await toolFlow(turn, (bash[1] ?? "").trim());
    if (reply === null) return;
  }
  await stream(turn, reply, text.includes("SLOW") ? script.slowMs ?? 20_000 : turnMs);
  if (turn.dead || reply === null) return;
  await transcriptReply(turn, reply);
  if (turn.dead) return;
  let active = false;
  for (let k = 0; ; k++) {
    turn.live = null;
    turn.status = "running Stop hook";
    paint();
    const extra = CLAUDE ? { effort: { level: "medium" }, background_tasks: [], session_crons: [] } : {};
    const stop = decide(await hook("Stop", turnKeys(turn, { stop_hook_active: active, last_assistant_message: reply, ...extra })), blockPick);
    if (turn.dead) return;
    turn.status = "";
    if (!stop || k >= 9) break; // a blocking Stop hook continues the turn; cap it so a broken hook cannot loop forever
    active = true;
    reply = fakeReply(stop.reason ?? "continue");
    await stream(turn, reply, turnMs);
    if (turn.dead) return;
  }
  const usage = { input_tokens: 10, cached_input_tokens: 0, output_tokens: 5, total_tokens: 15 * turn.n };
  writeRollout("event_msg", { type: "token_count", info: { last_token_usage: usage, total_token_usage: usage } });
  writeRollout("event_msg", { type: "task_complete", turn_id: turn.id, last_agent_message: reply });
  const took = Math.floor((Date.now() - turn.started) / 1000);
  add([CLAUDE ? { t: `✻ Worked for ${took}s`, s: DIM } : { t: `  Worked for ${took < 1 ? "<1" : took}s`, s: DIM }]);
  endTurn(turn, turn.outcome ?? "stop");
}

/** Bash tool call: PreToolUse, PermissionRequest, then the dialog unless a hook decided. Returns the reply, or null when the turn ended. */
async function toolFlow(/** @type {Turn} */ turn, /** @type {string} */ cmd) {
  await wait(turn, Math.floor(turnMs / 2));
  if (turn.dead) return null;
  const input = { command: cmd, description: "Run scripted command" };
  const tool = { tool_name: "Bash", tool_input: input, tool_use_id: `toolu_sim_${turn.n}` };
  gap();
  const at = S.lines.length;
  if (CLAUDE) add(legacy ? [`● Bash(${cmd})`, { t: "  ⎿  Waiting…", s: DIM }] : ["● Running scripted command", { t: `  ⎿  $ ${cmd}`, s: DIM }]);
  paint();
  // As the real CLI: the model's tool_use is committed before PreToolUse, the tool_result once the tool is done.
  writeTranscript({ type: "assistant", message: { id: `msg_sim_tool_${turn.n}`, role: "assistant", model, content: [{ type: "tool_use", id: tool.tool_use_id, name: "Bash", input }] } });
  const toolResult = (/** @type {string} */ content, isError = false) =>
    writeTranscript({ type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: tool.tool_use_id, content, is_error: isError }] } });
  let verdict = decide(await hook("PreToolUse", turnKeys(turn, tool), "Bash"), prePick);
  if (turn.dead) return null;
  if (!verdict) {
    const suggestions = CLAUDE ? { permission_suggestions: [{ type: "addDirectories", directories: [cwd], destination: "session" }] } : {};
    verdict = decide(await hook("PermissionRequest", turnKeys(turn, { tool_name: "Bash", tool_input: input, ...suggestions }), "Bash"), permPick);
    if (turn.dead) return null;
  }
  const choice = verdict?.d ?? await askPermission(cmd);
  if (turn.dead) return null;
  // As the real CLI can: between the answered dialog and the tool's work, an idle composer with no spinner.
  if (!verdict && choice === "allow" && script.permissionAnsweredIdleMs) {
    S.turn = null;
    paint();
    await sleep(script.permissionAnsweredIdleMs);
    S.turn = turn;
    paint();
    if (turn.dead) return null;
  }
  S.lines.length = at;
  if (choice === "allow") {
    const response = CLAUDE ? { tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false }, duration_ms: 1 } : { tool_response: "" };
    await hook("PostToolUse", turnKeys(turn, { ...tool, ...response }), "Bash");
    if (turn.dead) return null;
    toolResult("(no output)");
    add(CLAUDE ? (legacy ? [`● Bash(${cmd})`, { t: "  ⎿  Done", s: DIM }] : ["  Ran 1 shell command"])
      : [`✔ You approved codex to run ${cmd} this time`, "", `• Ran ${cmd}`, { t: "  └ (no output)", s: DIM }]);
    return "Tool finished.";
  }
  if (choice === "deny") { // a hook denied: the model sees the error and answers, so the turn still ends with Stop
    toolResult(verdict?.reason || "Blocked by hook", true);
    add(CLAUDE ? [`● Bash(${cmd})`, { t: `  ⎿  Error: ${verdict?.reason || "Blocked by hook"}`, s: fg(203) }] : [`✗ Command blocked by hook: ${verdict?.reason || cmd}`]);
    turn.outcome = "denied";
    return "Tool denied.";
  }
  add(CLAUDE ? (legacy ? [`● Bash(${cmd})`, INTERRUPTED] : ["  Did not run 1 call", { t: `  ⎿  $ ${cmd}`, s: DIM }, INTERRUPTED])
    : [`✗ You canceled the request to run ${cmd}`, "", `• Exited (status 1) ${cmd}`, { t: "  └ (no output)", s: DIM }, "", CODEX_INTERRUPTED]);
  if (!CLAUDE && !legacy) void hook("Interrupt", turnKeys(turn, {}));
  endTurn(turn, "rejected");
  return null;
}

/** Shows the permission / approval dialog and resolves "allow" or "reject". */
function askPermission(/** @type {string} */ cmd) {
  return new Promise((resolve) => {
    const options = !CLAUDE ? ["Yes, proceed (y)", `Yes, and don't ask again for commands that start with \`${cmd}\` (p)`, "No, and tell Codex what to do differently (esc)"]
      : legacy ? ["Yes", `Yes, and always allow access to ${repo}/ from this project`, "No"]
        : ["Yes", `Yes, and always allow access to ${cwd} from this project`, "Yes, and switch to auto mode · auto mode handles these prompts for you", "No"];
    const values = options.map((_, k) => (k === options.length - 1 ? "reject" : "allow"));
    S.dialog = { kind: "permission", options, values, numbered: true, sel: 0, escValue: "reject", cmd, resolve, keys: CLAUDE ? {} : { y: 0, p: 1, n: 2 } };
    if (!CLAUDE && !legacy) out(osc7501("state=blocked:app=codex:kind=permission"));
    paint();
  });
}

function dialogKey(/** @type {string} */ key) {
  const d = /** @type {Dialog} */ (S.dialog);
  let pick = -1;
  if (key === "up" || key === "down") d.sel = Math.max(0, Math.min(d.options.length - 1, d.sel + (key === "up" ? -1 : 1)));
  else if (key === "enter") pick = d.sel;
  else if (d.numbered && /^[1-9]$/.test(key) && Number(key) <= d.options.length) pick = Number(key) - 1;
  else if (d.keys[key] !== undefined) pick = d.keys[key] ?? -1;
  if (key === "escape" || key === "ctrl+c") { S.dialog = null; d.resolve(d.escValue); return; }
  if (pick >= 0) { S.dialog = null; if (!CLAUDE && !legacy && d.kind === "permission") out(osc7501("state=working:app=codex")); d.resolve(d.values[pick] ?? d.escValue); return; }
  paint();
}

async function compact() {
  const turn = beginTurn("/compact", false, CLAUDE ? "Compacting conversation" : "Working");
  if (CLAUDE) await hook("PreCompact", { trigger: "manual", custom_instructions: null }, "manual");
  else await hook("PreCompact", turnKeys(turn, { trigger: "manual" }), "manual");
  await wait(turn, turnMs);
  if (turn.dead) return;
  if (CLAUDE) {
    await hook("SubagentStop", { agent_id: randomUUID(), agent_type: "", agent_transcript_path: transcriptPath, last_assistant_message: "<summary>Sim summary.</summary>" });
    await hook("SessionStart", { source: "compact", model }, "compact");
    await hook("PostCompact", { trigger: "manual", compact_summary: "Sim summary." }, "manual");
    const ran = ["PreCompact", "PostCompact"].flatMap((e) => hookCommands(hookConfig, e).map((c) => `     ${e} [${c}] completed successfully`));
    S.lines.push({ t: "  ⎿  Compacted (ctrl+o to see full summary)", s: DIM }, ...ran.map((t) => ({ t, s: DIM })));
  } else {
    await hook("PostCompact", turnKeys(turn, { trigger: "manual" }), "manual");
    S.pendingStart = "compact"; // Codex fires SessionStart(source=compact) lazily at the next prompt
    add(["• Context compacted · 0s"]);
  }
  if (!turn.dead) endTurn(turn, "compact");
}

function interrupt() {
  const turn = S.turn;
  if (!turn) return;
  if (turn.live && !turn.partial) S.lines.splice(S.lines.indexOf(turn.live), 1);
  if (CLAUDE) S.lines.push(INTERRUPTED);
  else { add([CODEX_INTERRUPTED]); if (!legacy) void hook("Interrupt", turnKeys(turn, {})); }
  endTurn(turn, "interrupted");
}

// ---- input -------------------------------------------------------------------------------------------------
function typeText(/** @type {string} */ text) {
  const last = S.comp[S.comp.length - 1];
  if (last && last.t !== undefined) last.t += text;
  else S.comp.push({ t: text });
  if (script.dialogOnSlashModelMs && S.comp.length === 1 && S.comp[0]?.t === "/model") blockBriefly(script.dialogOnSlashModelMs);
  paint();
}
/** Test-only: a blocking permission dialog over the composer for `ms`, then gone (the draft stays underneath). */
function blockBriefly(/** @type {number} */ ms) {
  S.dialog = { kind: "permission", options: ["Yes", "No"], values: ["allow", "reject"], numbered: true, sel: 0, escValue: "reject", cmd: "true", resolve: () => {}, keys: {} };
  setTimeout(() => { S.dialog = null; paint(); }, ms);
}
function killToLineStart() {
  const last = S.comp[S.comp.length - 1];
  if (!last || last.t === undefined) return;
  const cut = last.t.lastIndexOf("\n") + 1;
  if (cut === 0) S.comp.pop();
  else last.t = last.t.slice(0, cut);
  paint();
}
function backspace() {
  const last = S.comp[S.comp.length - 1];
  if (!last) return;
  if (last.chip || !last.t || [...last.t].length <= 1) S.comp.pop();
  else last.t = [...last.t].slice(0, -1).join("");
  paint();
}
/** A pasted absolute path to a readable image file becomes an `[Image #N]` chip (Claude reads the file itself). */
function imagePath(/** @type {string} */ text) {
  const p = text.trim();
  if (!CLAUDE || !p.startsWith("/") || !/\.(png|jpe?g|gif|webp)$/i.test(p) || !existsSync(p)) return undefined;
  try { return statSync(p).isFile() ? p : undefined; } catch { return undefined; }
}
/** Codex Ctrl+V: an image on the X11 clipboard becomes a touching `[Image #N]` chip, else the real error banner. */
const codexClipboard = new CodexClipboardPaste(legacy);
function codexPasteImage() {
  const r = codexClipboard.paste();
  if (r.kind === "dropped") return;
  if (r.kind === "error") add([{ t: `■ Failed to paste image: ${r.message}`, s: fg(203) }]);
  else log({ kind: "image", path: "clipboard", bytes: r.bytes });
  if (r.kind === "image" && !script.ignoreImagePaste) { const n = ++S.chipN; S.comp.push({ chip: `[Image #${n}]`, content: `[Image #${n}]` }); }
  paint();
}
function onPaste(/** @type {string} */ raw) {
  if (S.panel?.kind === "login" && S.panel.stage === "url") { S.panel.code += raw.replace(/[\r\n]/g, ""); paint(); return; }
  if (S.phase !== "ready" || S.dialog || S.panel || S.codexPicker) return;
  const image = imagePath(raw);
  if (image !== undefined) {
    log({ kind: "image", path: image, bytes: statSync(image).size });
    if (script.ignoreImagePaste) return;
    const n = ++S.chipN;
    S.comp.push({ chip: `[Image #${n}] `, content: `[Image #${n}] ` });
    paint();
    return;
  }
  const text = raw.replace(/\r\n?/g, "\n");
  S.lastTypedAt = 0; // a bracketed paste ends any typing burst, so Enter after it submits
  const first = !S.pasted;
  S.pasted = true;
  // Codex cold-start race: the very first paste right after the composer paints can vanish.
  if (first && script.swallowFirstPaste && Date.now() - S.composerAt < (script.swallowWindowMs ?? script.startupMs ?? 1000)) {
    log({ kind: "paste-swallowed" });
    return;
  }
  const lines = text.split("\n").length;
  if (CLAUDE && (lines >= 4 || text.length >= 1200)) {
    const n = ++S.chipN;
    S.comp.push({ chip: lines >= 4 ? `[Pasted text #${n} +${lines - 1} lines]` : `[Pasted text #${n}]`, content: text });
    paint();
  } else if (!CLAUDE && text.length > 1000) {
    S.comp.push({ chip: `[Pasted Content ${text.length} chars]`, content: text });
    paint();
  } else typeText(text);
}
function onEnter() {
  // Codex paste-burst heuristic: Enter right after live typed text is a newline, not a submit.
  if (!CLAUDE && Date.now() - S.lastTypedAt < (script.pasteBurstMs ?? 30)) return typeText("\n");
  const text = actual();
  if (!text.trim()) return;
  S.comp = [];
  // Local slash commands run at once even while a turn works (Claude opens /model over a running turn).
  // Codex opens /model over a running turn as well (measured on 0.144.6 and 0.171.0).
  if (S.turn && !CLAUDE && text.trim() === "/model") { log({ kind: "submit", text }); openCodexPicker(); return; }
  if (S.turn && CLAUDE && (text.trim() === "/model" || text.trim() === "/login")) { log({ kind: "submit", text }); if (text.trim() === "/model") openPicker(); else openLogin(); return; }
  if (S.turn) { S.queued.push(text); log({ kind: "queued", text }); paint(); return; }
  void submit(text);
}
function onCtrlC() {
  if (S.turn) return interrupt();
  if (S.comp.length) { S.comp = []; S.lastTypedAt = 0; paint(); return; }
  if (!CLAUDE || (S.ctrlCAt && Date.now() - S.ctrlCAt < 2000)) { void exitSim(CLAUDE ? "prompt_input_exit" : "other", 0); return; }
  S.ctrlCAt = Date.now();
  paint();
  setTimeout(() => { S.ctrlCAt = 0; paint(); }, 2000);
}
function onKey(/** @type {import("./sim-input.mjs").DecodedEvent} */ ev) {
  if (ev.type === "report") return;
  if (ev.type === "paste") {
    log({ kind: "paste", text: ev.text });
    S.pasteTick = true; // an Enter in the same stdin chunk as the paste end
    setImmediate(() => { S.pasteTick = false; });
    onPaste(ev.text);
    return;
  }
  log({ kind: "key", key: ev.key });
  if (ev.key === "enter" && S.pasteTick && script.eatEnterAfterPaste) return; // the paste boundary ate it
  // The first Enters after a paste lost (as Claude 2.1.215 can drop one written right at readiness), optionally with a
  // blocking dialog painted over the staged prompt for a moment right after.
  if (ev.key === "enter" && S.comp.some((c) => c.chip || c.t) && S.droppedEnters < (script.dropEntersAfterPaste ?? 0)) {
    S.droppedEnters += 1;
    if (script.droppedEnterDialogMs) { blockBriefly(script.droppedEnterDialogMs); paint(); }
    return;
  }
  if (S.codexPicker) return S.codexPicker.key(ev);
  if (S.panel) return panelKey(ev);
  if (S.dialog) return dialogKey(ev.key);
  if (S.phase !== "ready") return; // keys before the composer exists are lost, like a cold TUI
  if (ev.text) { S.lastTypedAt = Date.now(); return typeText(ev.text); }
  if (ev.key === "enter") return onEnter();
  if (ev.key === "escape") { if (S.turn) interrupt(); else if (CLAUDE && S.comp.length) { S.comp = []; paint(); } return; }
  if (ev.key === "ctrl+c") return onCtrlC();
  if (ev.key === "backspace") return backspace();
  if (ev.key === "ctrl+j" || ev.key === "shift+enter") return typeText("\n");
  if (!CLAUDE && ev.key === "ctrl+v") return codexPasteImage();
  if (CLAUDE && (ev.key === "ctrl+u" || ev.key === "ctrl+k")) { S.comp = []; paint(); }
  if (!CLAUDE && ev.key === "ctrl+u") killToLineStart(); // Codex: the cursor's line only (the cursor is at the end here)
}

// ---- /model and /login panels (Claude) ----------------------------------------------------------------------
/** Codex `/model`: test/sim/sim-codex-picker.mjs paints it in place of the composer. */
function openCodexPicker() {
  CodexPicker.open({ legacy, script, log, paint, say: (t) => add([t]), model: () => model, setModel: (m) => { model = m; }, show: (p) => { S.codexPicker = p; paint(); } });
}
function openPicker() {
  add([`❯ /model`]);
  const open = () => {
    S.panel = { kind: "model", legacy, rows: pickerRows(legacy), current: S.modelIdx, sel: S.modelIdx, noSessionKey: script.pickerNoSessionKey === true };
    log({ kind: "model", action: "open" });
    paint();
  };
  if (script.pickerDelayMs) setTimeout(open, script.pickerDelayMs);
  else open();
}
function applyModel(/** @type {import("./sim-panels.mjs").ModelPanel} */ p, /** @type {number} */ k, /** @type {"session" | "default"} */ scope) {
  S.panel = null;
  const name = rowName(p, k);
  if (k === S.modelIdx) S.lines.push({ t: `  ⎿  Kept model as ${name}`, s: DIM });
  else S.lines.push({ t: `  ⎿  Set model to ${name}${scope === "session" ? " for this session only" : ""}`, s: DIM });
  S.modelIdx = k;
  log({ kind: "model", action: "set", id: (p.rows[k]?.label ?? "").replace(" (recommended)", "").toLowerCase(), scope });
  paint();
}
function openLogin() {
  add([`❯ /login`]);
  S.panel = { kind: "login", stage: script.loginSkipMethod ? "url" : "method", sel: 0, code: "", url: script.loginUrl ?? "https://claude.ai/oauth/authorize?z-qIqG5A5575U2bKBE16XQ_XQzDLDOzVKuxhQdcUTEUY0", message: "" };
  log({ kind: "login", stage: S.panel.stage });
  paint();
}
function closePanel(/** @type {string | undefined} */ line) {
  S.panel = null;
  if (line) S.lines.push({ t: `  ⎿  ${line}`, s: DIM });
  paint();
}
function panelKey(/** @type {{ key: string, text?: string }} */ ev) {
  const p = /** @type {import("./sim-panels.mjs").Panel} */ (S.panel);
  const move = (/** @type {number} */ n) => { if (ev.key === "up") p.sel = Math.max(0, p.sel - 1); else if (ev.key === "down") p.sel = Math.min(n - 1, p.sel + 1); paint(); };
  if (p.kind === "model") {
    if (ev.key === "up" || ev.key === "down") return move(p.rows.length);
    if (ev.key === "escape") { log({ kind: "model", action: "cancel" }); return closePanel(`Kept model as ${rowName(p, p.current)} (default)`); }
    if (ev.key === "enter") return applyModel(p, p.sel, "default");
    if (/^[1-9]$/.test(ev.key) && Number(ev.key) <= p.rows.length) return applyModel(p, Number(ev.key) - 1, "default");
    // F5 (a test-only key): repaint the picker with a half-drawn frame first, like a real menu repaint.
    if (ev.key === "csi:[15~") {
      p.partial = true;
      log({ kind: "model", action: "partial" });
      paint();
      setTimeout(() => { p.partial = false; paint(); }, script.pickerPartialMs ?? 1000);
      return;
    }
    if (ev.key === "s" && !p.noSessionKey) {
      if (p.sel !== p.current && script.modelSwitchConfirm) {
        const confirm = () => {
          S.panel = { kind: "switch", legacy, target: p.sel, targetName: rowName(p, p.sel), sel: 0, standard: script.modelSwitchConfirm === "standard", picker: p };
          log({ kind: "model", action: "confirm" });
          paint();
        };
        if (!script.modelSwitchConfirmDelayMs) return confirm();
        // Late paint: the picker closes onto the composer first, the warning follows.
        S.panel = null;
        paint();
        setTimeout(confirm, script.modelSwitchConfirmDelayMs);
        return;
      }
      return applyModel(p, p.sel, "session");
    }
    return;
  }
  if (p.kind === "switch") {
    if (ev.key === "up" || ev.key === "down") return move(2);
    const pick = ev.key === "enter" ? p.sel : /^[12]$/.test(ev.key) ? Number(ev.key) - 1 : -1;
    if (ev.key === "escape" || pick === 1) { S.panel = p.picker; return paint(); }
    if (pick === 0) return applyModel(p.picker, p.target, "session");
    return;
  }
  if (p.stage === "method" || p.stage === "thirdparty") {
    if (ev.key === "up" || ev.key === "down") return move(p.stage === "method" ? 3 : 4);
    if (ev.key === "escape") return closePanel("Login interrupted");
    if (ev.key === "enter" && p.stage === "method") {
      p.stage = p.sel === 0 ? "url" : p.sel === 2 ? "thirdparty" : "failure";
      if (p.stage === "failure") p.message = "ANTHROPIC_API_KEY is set in this environment and takes precedence over a profile, so a profile sign-in would not be used. Unset it to sign in this way.";
      p.sel = 0;
      log({ kind: "login", stage: p.stage });
      return paint();
    }
    return;
  }
  if (p.stage === "url") {
    if (ev.key === "escape") return closePanel("Login interrupted");
    if (ev.key === "backspace") { p.code = p.code.slice(0, -1); return paint(); }
    if (ev.text) { p.code += ev.text; return paint(); }
    if (ev.key === "enter" && p.code) {
      const good = script.loginGoodCode !== undefined && p.code === script.loginGoodCode;
      log({ kind: "login", stage: good ? "success" : "failure", code: p.code });
      p.code = "";
      if (!good) { p.stage = "failure"; p.message = "Couldn't get an answer from the sign-in service (EAI_AGAIN). Check your internet connection, then try again."; return paint(); }
      p.stage = "success";
      paint();
    }
    return;
  }
  // As in both real CLIs, the success panel stays until Enter (`Press Enter to continue`).
  if (p.stage === "success") {
    if (ev.key === "enter") { log({ kind: "login", stage: "continued" }); return closePanel("Login successful"); }
    return;
  }
  if (p.stage === "failure") {
    if (ev.key === "escape") return closePanel("Login interrupted");
    if (ev.key === "enter") { p.stage = "url"; log({ kind: "login", stage: "url" }); paint(); }
  }
}

// ---- lifecycle ---------------------------------------------------------------------------------------------
const MODES_ON = `\x1b[?1049h\x1b[?2004h\x1b[?1004h\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1006h\x1b[?25l`;
const MODES_OFF = `\x1b[?1006l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1004l\x1b[?2004l\x1b[?25h\x1b[?1049l`;

/** @param {string | undefined} reason SessionEnd reason, undefined when no session started @param {number} code @param {string} [message] */
async function exitSim(reason, code, message) {
  if (S.phase === "exiting") return;
  S.phase = "exiting";
  clearInterval(S.ticker);
  if (reason && (CLAUDE || !legacy)) await hook("SessionEnd", { reason });
  out(MODES_OFF + (CLAUDE ? "" : osc0("") + osc7501("state=clear")));
  if (message) out(message);
  else if (CLAUDE && !legacy && reason) out(`Resume this session with:\r\nclaude --resume ${sessionId}\r\n`);
  lastOutput();
  log({ kind: "exit", code });
  process.stdout.write("", () => process.exit(code));
}

/**
 * What the CLI does in its last moment (scripted): a burst of output, and transcript records committed right before
 * the process ends, with no hook after them, so only a flush at the exit can still read them.
 */
function lastOutput() {
  const burst = script.exitBurst;
  if (burst) out(Array.from({ length: burst.lines ?? 0 }, (_, k) => `burst line ${k}\r\n`).join("") + `${burst.last}\r\n`);
  const words = script.lastWords;
  if (!words) return;
  const filler = Array.from({ length: words.fillerRecords ?? 0 }, (_, k) => `filler ${k} ${"x".repeat(words.fillerBytes ?? 1024)}`);
  for (const text of [...filler, words.text]) {
    writeTranscript({ type: "assistant", message: { id: `msg_sim_last_${randomUUID()}`, role: "assistant", model, content: [{ type: "text", text }] } }, text);
    writeRollout("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text }] }, text);
  }
}

/** Shows one Codex gate and resolves with the chosen value. */
function codexGate(/** @type {"codex-trust" | "hooks-review"} */ kind, /** @type {string[]} */ options, /** @type {string[]} */ values, /** @type {string} */ escValue) {
  S.phase = "trust";
  return new Promise((resolve) => {
    S.dialog = { kind, options, values, numbered: true, sel: 0, escValue, keys: {}, cmd: "", resolve };
    paint();
  });
}

/** Codex startup gates: folder trust (ELWOOD_SIM_TRUST set), then hook review (ELWOOD_SIM_HOOKS_REVIEW, no bypass flag). */
async function codexGates() {
  if (process.env.ELWOOD_SIM_TRUST) {
    const answer = await codexGate("codex-trust", legacy ? ["Yes, continue", "No, quit"] : ["Trust and continue", "Back to Agent Command Center"], ["yes", "no"], "no");
    log({ kind: "key", key: `trust:${answer}` });
    if (answer !== "yes") { await exitSim(undefined, legacy ? 0 : 1, "Folder not trusted.\r\n"); return false; }
  }
  if (process.env.ELWOOD_SIM_HOOKS_REVIEW && !argv.includes("--dangerously-bypass-hook-trust") && hookCount() > 0) {
    const answer = await codexGate("hooks-review", ["Review hooks", "Trust all and continue", "Continue without trusting (hooks won't run)"], ["review", "trust", "skip"], "skip");
    log({ kind: "key", key: `hooks-review:${answer}` });
    if (answer === "skip") for (const k of Object.keys(hookConfig)) delete hookConfig[k];
  }
  S.dialog = null;
  return true;
}

async function trustGate() {
  const mode = process.env.ELWOOD_SIM_TRUST;
  if (!CLAUDE) return codexGates();
  if (mode !== "cursor" && mode !== "numbered") return true;
  S.phase = "trust";
  const numbered = mode === "numbered";
  const answer = await new Promise((resolve) => {
    const options = numbered ? ["Yes, I trust this folder", "No, exit"] : ["No, exit", "Yes, I trust this folder"];
    S.dialog = { kind: "trust", options, values: numbered ? ["yes", "no"] : ["no", "yes"], numbered, sel: 0, escValue: "no", keys: {}, cmd: "", resolve };
    paint();
  });
  if (answer === "yes") return true;
  await exitSim(undefined, 1, "Claude Code didn't start because this folder isn't trusted.\r\n");
  return false;
}

/** A resumed CLI repaints the earlier conversation before its composer (the recorded prompt and reply). */
function replayHistory() {
  add([`${CLAUDE ? "❯" : "›"} an earlier prompt`, `${CLAUDE ? "⏺" : "•"} an earlier reply`]);
  painter.invalidate();
  paint();
}

/** After its first composer frame the resumed TUI's replay still repaints a working line a few times; no turn runs. */
async function flashReplayedWork() {
  for (let i = 0; i < 3; i++) {
    S.replayWorking = true;
    paint();
    await sleep(40);
    S.replayWorking = false;
    paint();
    await sleep(40);
  }
  log({ kind: "resumed", id: resumeId ?? "" });
}

async function main() {
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  const decoder = new KeyDecoder(onKey, script.escTimeoutMs ?? 50);
  process.stdin.on("data", (buf) => { log({ kind: "input", bytes: buf.toString("base64") }); decoder.feed(buf); });
  process.stdout.on("resize", () => { painter.invalidate(); paint(); });
  process.on("SIGTERM", () => { out(MODES_OFF); process.exit(143); });
  // A CLI slow to honour a hangup: the stop's grace runs out (or the caller kills it) while it lingers.
  if (script.ignoreHangup) process.on("SIGHUP", () => log({ kind: "hangup" }));
  // A hangup (stop()) with last words scripted: the CLI still commits and prints them on its way out.
  else if (script.lastWords || script.exitBurst) process.on("SIGHUP", () => void exitSim(undefined, 129));
  out(MODES_ON);
  if (!(await trustGate())) return;
  S.phase = "starting";
  painter.invalidate();
  paint();
  if (CLAUDE) appendFileSync(transcriptPath, ""); // the real CLI creates its transcript before the first hook
  if (resumeId !== undefined) replayHistory();
  const lateSessionStart = CLAUDE && resumeId !== undefined && script.lateResumeSessionStart;
  if (CLAUDE && !lateSessionStart) await hook("SessionStart", { source: resumeId === undefined ? "startup" : "resume", model }, resumeId === undefined ? "startup" : "resume");
  // script.loginBanner "startup": a lapsed login announced before the composer (the start-up banner C-CLAUDE-17 names).
  if (CLAUDE && script.loginBanner === "startup") {
    S.loginLapsed = true;
    add([{ t: "  ⎿  Login expired · Please run /login", s: fg(203) }]);
    paint();
  }
  await sleep(script.startupMs ?? 100);
  if (S.phase !== "starting") return;
  S.phase = "ready";
  S.composerAt = Date.now();
  paint();
  log({ kind: "composer" });
  if (!CLAUDE && !legacy) out(osc7501("state=idle:app=codex"));
  if (lateSessionStart) {
    // A resumed real Claude appends its bookkeeping records, then names the file, after start-up.
    writeTranscript({ type: "permission-mode", permissionMode: "default" });
    writeTranscript({ type: "system", subtype: "local_command", content: "resumed" });
    await hook("SessionStart", { source: "resume", model }, "resume");
  }
  if (resumeId !== undefined) await flashReplayedWork();
  const delay = script.instructionsLoadedDelayMs ?? 150;
  if (CLAUDE && delay >= 0) {
    setTimeout(() => { void hook("InstructionsLoaded", { file_path: path.join(cwd, "CLAUDE.md"), memory_type: "Project", load_reason: "session_start" }); }, delay);
  }
}

void main();
