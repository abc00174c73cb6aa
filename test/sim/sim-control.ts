// Typed helpers for tests that drive the simulated agent (test/sim/sim-agent.mjs) and read its JSONL log.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of the simulated CLI; spawn it as `process.execPath simAgentPath [...args]`. */
export const simAgentPath: string = fileURLToPath(new URL("./sim-agent.mjs", import.meta.url));

export type SimFlavour = "claude" | "codex";

/**
 * How a turn ended. `stop`: reply + Stop hook. `interrupted`: Escape / Ctrl+C while working (no Stop).
 * `denied`: a PreToolUse/PermissionRequest hook denied the tool; the model still answered, so Stop fired.
 * `rejected`: the human answered No / Esc in the permission dialog (no Stop). `blocked`: UserPromptSubmit blocked.
 */
export type SimOutcome = "stop" | "interrupted" | "denied" | "rejected" | "blocked" | "not_logged_in";

interface Stamped { readonly t: number }
export type SimLogRecord = Stamped & (
  | { readonly kind: "input"; readonly bytes: string }
  | { readonly kind: "paste"; readonly text: string }
  | { readonly kind: "paste-swallowed" }
  | { readonly kind: "key"; readonly key: string }
  | { readonly kind: "submit"; readonly text: string }
  | { readonly kind: "queued"; readonly text: string }
  | { readonly kind: "turn"; readonly n: number; readonly outcome: SimOutcome }
  | { readonly kind: "hook"; readonly event: string; readonly commands: number }
  | { readonly kind: "composer" }
  /** A resume of conversation `id` (Claude `--resume`, Codex `resume … <id>`) finished repainting its history. */
  | { readonly kind: "resumed"; readonly id: string }
  | { readonly kind: "exit"; readonly code: number }
  /** A SIGHUP arrived and was ignored (script `ignoreHangup`). */
  | { readonly kind: "hangup" }
  | { readonly kind: "model"; readonly action: "open" | "cancel" | "confirm" | "set" | "partial"; readonly id?: string; readonly scope?: "session" | "default" }
  | { readonly kind: "login"; readonly stage: string; readonly code?: string }
  | { readonly kind: "image"; readonly path: string; readonly bytes: number }
  /** A transcript line with this assistant text was appended; `at` is when the append returned (epoch ms, sub-ms). */
  | { readonly kind: "transcript"; readonly text: string; readonly at: number }
);
export type SimLogKind = SimLogRecord["kind"];

/** ELWOOD_SIM_SCRIPT knobs (all optional; times in ms). */
export interface SimScript {
  /** Claude flavour: write a Claude-shaped transcript JSONL (prompt record, then `records` assistant text lines `gapMs` apart). */
  readonly transcript?: { readonly records?: number; readonly gapMs?: number };
  readonly turnMs?: number;
  /**
   * On its way out (`/exit`, Ctrl-C, or a SIGHUP then handled like them): commit `fillerRecords` assistant records of
   * about `fillerBytes` each and then one with `text` to the transcript, right before the process ends, with no hook after.
   */
  readonly lastWords?: { readonly text: string; readonly fillerRecords?: number; readonly fillerBytes?: number };
  /** On its way out (as lastWords): print `lines` numbered lines, then `last`, right before the process ends. */
  readonly exitBurst?: { readonly lines?: number; readonly last: string };
  /** Log and ignore SIGHUP, so a stop() waits out its whole grace before the SIGKILL. */
  readonly ignoreHangup?: boolean;
  readonly slowMs?: number;
  readonly startupMs?: number;
  /** Negative disables the InstructionsLoaded hook. */
  readonly instructionsLoadedDelayMs?: number;
  readonly swallowFirstPaste?: boolean;
  readonly swallowWindowMs?: number;
  readonly escTimeoutMs?: number;
  /** Drop an Enter that arrives in the same stdin chunk as a paste end (the real paste boundary can eat it). */
  readonly eatEnterAfterPaste?: boolean;
  /** Codex paste-burst window: Enter this soon after a live typed char inserts a newline (default 30). */
  readonly pasteBurstMs?: number;
  /** After `s` on another row, show Claude's standard cache warning or a PreModelSwitch-hook style confirmation. */
  readonly modelSwitchConfirm?: "standard" | "hook";
  /** Paint that confirmation this long after `s`, with the picker closed onto the composer in between. */
  readonly modelSwitchConfirmDelayMs?: number;
  /** Picker footer without the session-only key. */
  readonly pickerNoSessionKey?: boolean;
  /** Paint the picker this long after `/model` runs. */
  readonly pickerDelayMs?: number;
  /** How long F5 (`\x1b[15~`, test-only) keeps the open picker half-repainted: rule drawn, header and rows not (default 1000). */
  readonly pickerPartialMs?: number;
  /** Typing exactly `/model` raises a blocking permission dialog over the composer for this long (holds its Enter). */
  readonly dialogOnSlashModelMs?: number;
  /** Drop this many Enters that arrive while the composer holds text (the CLI losing an Enter). */
  readonly dropEntersAfterPaste?: number;
  /** With dropEntersAfterPaste: paint a blocking dialog over the staged prompt this long after each dropped Enter. */
  readonly droppedEnterDialogMs?: number;
  /** After the permission dialog is answered with allow, show an idle composer (no spinner) this long before the tool's work. */
  readonly permissionAnsweredIdleMs?: number;
  /** Pasted image paths produce no chip (attach confirmation timeout). */
  readonly ignoreImagePaste?: boolean;
  /** The one code the simulated OAuth exchange accepts; any other code fails like the offline CLI. */
  readonly loginGoodCode?: string;
  /** Authorization URL painted by /login (to test URL validation). */
  readonly loginUrl?: string;
  /** Start /login at the URL stage (no method list). */
  readonly loginSkipMethod?: boolean;
  /** Codex flavour: print 0.144.6's MCP startup warning rows under the welcome header, `delayMs` after start (default at once). */
  readonly mcpWarnings?: { readonly notLoggedIn?: readonly string[]; readonly failed?: readonly string[]; readonly delayMs?: number };
  /**
   * Claude flavour: `startup` paints `⎿  Login expired · Please run /login` before the composer (a start-up banner);
   * `afterTurn` ends every prompt after the first at `⎿  Not logged in · Please run /login` (2.1.332's notice).
   */
  readonly loginBanner?: "startup" | "afterTurn";
  /** Codex flavour: keep the rollout in the cwd after exit (as the real CLI does), so a resume finds its history. */
  readonly keepTranscript?: boolean;
  /** Codex flavour: write the prompt's rollout record this long after UserPromptSubmit was answered. */
  readonly promptRecordDelayMs?: number;
  /**
   * Claude flavour, on a resume: SessionStart comes only after the first composer frame, with the CLI's resume
   * bookkeeping records appended first, as the real 2.1.215 / 2.1.332 did (measured: SessionStart after start-up).
   */
  readonly lateResumeSessionStart?: boolean;
}

/**
 * Reads every complete record of a sim log; a missing file is an empty log. The sim appends while tests read,
 * so a large record can be caught half-written: only newline-terminated lines are records.
 */
export function readSimLog(file: string): SimLogRecord[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  const complete = text.slice(0, text.lastIndexOf("\n") + 1);
  return complete.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as SimLogRecord);
}

/** The records of one kind, narrowed. */
export function simRecords<K extends SimLogKind>(records: readonly SimLogRecord[], kind: K): Extract<SimLogRecord, { kind: K }>[] {
  return records.filter((r): r is Extract<SimLogRecord, { kind: K }> => r.kind === kind);
}

export interface SimEnvOptions {
  readonly log?: string;
  readonly script?: SimScript;
  /** Overrides the reported version (e.g. "2.1.215" for the braille title and 3-option dialog). */
  readonly version?: string;
  /** Claude startup trust dialog layout. */
  readonly trust?: "cursor" | "numbered";
}

/** Environment variables that configure the sim (merge into the child env). */
export function simEnv(opts: SimEnvOptions): Record<string, string> {
  const env: Record<string, string> = {};
  if (opts.log !== undefined) env["ELWOOD_SIM_LOG"] = opts.log;
  if (opts.script !== undefined) env["ELWOOD_SIM_SCRIPT"] = JSON.stringify(opts.script);
  if (opts.version !== undefined) env["ELWOOD_SIM_VERSION"] = opts.version;
  if (opts.trust !== undefined) env["ELWOOD_SIM_TRUST"] = opts.trust;
  return env;
}

/** Arguments for `process.execPath`: the sim script, its flavour and an optional settings file. */
export function simArgs(opts: { readonly flavour?: SimFlavour; readonly settings?: string; readonly extra?: readonly string[] } = {}): string[] {
  return [simAgentPath, "--flavour", opts.flavour ?? "claude", ...(opts.settings ? ["--settings", opts.settings] : []), ...(opts.extra ?? [])];
}

/** Writes a settings file that runs `command` for each event (Claude `--settings` / Codex hooks.json shape). */
export function writeHookSettings(file: string, events: readonly string[], command: string, timeoutSeconds = 30): void {
  const hooks = Object.fromEntries(events.map((e) => [e, [{ matcher: "*", hooks: [{ type: "command", command, timeout: timeoutSeconds }] }]]));
  writeFileSync(file, JSON.stringify({ hooks }, null, 2));
}

/** A hook command that appends its stdin JSON as one line to `file` (one write, so concurrent hooks do not interleave). */
export function appendStdinCommand(file: string): string {
  return `p=$(cat); printf '%s\\n' "$p" >> '${file.replace(/'/g, "'\\''")}'`;
}

/** Parses a file written by appendStdinCommand into hook payloads. */
export function readHookPayloads(file: string): Array<Record<string, unknown> & { hook_event_name: string }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown> & { hook_event_name: string });
}
