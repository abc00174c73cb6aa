// Claude Code hook event names per CLI version (measured from the binaries) and the generated `hooks` settings block.

import { CLI_HOOK_MARGIN_SEC } from "../common-options.js";
import type { ClaudeHookRoute } from "./hook-transport.js";

/** Events found in the Claude Code 2.1.215 binary. */
export const CLAUDE_HOOK_EVENTS_2_1_215 = Object.freeze([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "SessionEnd",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
  "MessageDisplay",
] as const);

/** 2.1.332 adds model-switch, directory and skill-shell events (34 in all). */
export const CLAUDE_HOOK_EVENTS_2_1_332 = Object.freeze([
  ...CLAUDE_HOOK_EVENTS_2_1_215,
  "PreModelSwitch",
  "PostModelSwitch",
  "DirectoryAdded",
  "PreSkillShellCommand",
] as const);

export type ClaudeHookEventName = (typeof CLAUDE_HOOK_EVENTS_2_1_332)[number];

/** Every event name any known version sends; the bridge server's `knownEvents`. */
export const ALL_CLAUDE_HOOK_EVENTS: ReadonlySet<string> = new Set<string>(CLAUDE_HOOK_EVENTS_2_1_332);

export function isClaudeHookEventName(name: string): name is ClaudeHookEventName {
  return ALL_CLAUDE_HOOK_EVENTS.has(name);
}

/** Measured lists, newest first. A version between two measurements gets the older list: only events we know it has. */
const MEASURED: ReadonlyArray<readonly [version: readonly [number, number, number], events: readonly ClaudeHookEventName[]]> = [
  [[2, 1, 332], CLAUDE_HOOK_EVENTS_2_1_332],
  [[2, 1, 215], CLAUDE_HOOK_EVENTS_2_1_215],
];

function parseVersion(version: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function atLeast(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** The hook events to register for a Claude version string such as "2.1.332 (Claude Code)". */
export function claudeHookEventsFor(version: string): readonly ClaudeHookEventName[] {
  const v = parseVersion(version);
  const newest = MEASURED[0]![1];
  if (v === undefined) return newest;
  for (const [known, events] of MEASURED) if (atLeast(v, known)) return events;
  return MEASURED[MEASURED.length - 1]![1];
}

/**
 * Claude's per-hook `timeout` in seconds: Elwood's deadline plus 5 s. Claude starts its clock when it spawns the hook,
 * before the bridge connects, so the margin makes Elwood time out first and report a typed hookError.
 */
export function claudeHookTimeoutSec(hookTimeoutMs: number): number {
  return Math.ceil(hookTimeoutMs / 1000) + CLI_HOOK_MARGIN_SEC;
}

export type ClaudeHookCommand = { readonly type: "command"; readonly command: string; readonly timeout: number; readonly async?: true };
export type ClaudeHookHttp = {
  readonly type: "http";
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeout: number;
};
export type ClaudeHookMatcherGroup = { readonly matcher: string; readonly hooks: readonly (ClaudeHookCommand | ClaudeHookHttp)[] };

/** How each event is installed (see hook-transport.ts) and where its HTTP hooks go; without it every hook is a blocking command. */
export interface ClaudeHookRouting {
  readonly routeOf: (event: string) => ClaudeHookRoute;
  readonly http?: { readonly url: (event: string) => string; readonly headers: Readonly<Record<string, string>> } | undefined;
}
export type ClaudeHookSettings = Readonly<Record<string, readonly ClaudeHookMatcherGroup[]>>;

/**
 * The `hooks` object of a `--settings` file. `matcher: "*"` on every event: tool events need it to match all tools,
 * and events without matchers ignore it (measured: all-event settings with "*" validate and fire in 2.1.215 and 2.1.332).
 */
export function claudeHookSettings(
  events: readonly string[],
  commandFor: (event: string) => string,
  timeoutSec: number,
  routing?: ClaudeHookRouting,
): ClaudeHookSettings {
  const hooks: Record<string, readonly ClaudeHookMatcherGroup[]> = {};
  for (const event of events) {
    const route = routing?.routeOf(event) ?? "command";
    const http = routing?.http;
    const entry: ClaudeHookCommand | ClaudeHookHttp =
      route === "http" && http !== undefined
        ? { type: "http", url: http.url(event), headers: { ...http.headers }, timeout: timeoutSec }
        : route === "async"
          ? { type: "command", command: commandFor(event), timeout: timeoutSec, async: true }
          : { type: "command", command: commandFor(event), timeout: timeoutSec };
    hooks[event] = [{ matcher: "*", hooks: [entry] }];
  }
  return hooks;
}
