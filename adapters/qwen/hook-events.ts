// Qwen Code hook event names (read from the 0.24.4 settings schema and fired in a measured session) and its `hooks` settings block.

import { CLI_HOOK_MARGIN_SEC } from "../common-options.js";

/**
 * Every event 0.24.4's settings schema accepts. Qwen's hooks are Claude Code's format (`matcher` + `hooks[]`, the same
 * payload keys) with events of its own: PostToolBatch, MessageDisplay (fired again and again while a reply streams),
 * TodoCreated / TodoCompleted and SessionDelete.
 */
export const QWEN_HOOK_EVENTS_0_24_4 = Object.freeze([
  "SessionStart",
  "SessionEnd",
  "SessionDelete",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "PermissionRequest",
  "PermissionDenied",
  "Notification",
  "Stop",
  "StopFailure",
  "MessageDisplay",
  "PreCompact",
  "PostCompact",
  "SubagentStart",
  "SubagentStop",
  "TodoCreated",
  "TodoCompleted",
  "InstructionsLoaded",
] as const);

export type QwenHookEventName = (typeof QWEN_HOOK_EVENTS_0_24_4)[number];

const ALL_QWEN_HOOK_EVENTS: ReadonlySet<string> = new Set<string>(QWEN_HOOK_EVENTS_0_24_4);

export function isQwenHookEventName(name: string): name is QwenHookEventName {
  return ALL_QWEN_HOOK_EVENTS.has(name);
}

/** The events a version has (0.24.4 is the one measured; a newer one gets its list until it is measured itself). */
export function qwenHookEventsFor(_version: string | undefined): readonly QwenHookEventName[] {
  return QWEN_HOOK_EVENTS_0_24_4;
}

/** Qwen's per-hook `timeout` (seconds) sits above Elwood's handler deadline, so Elwood answers first. */
export function qwenHookTimeoutSec(hookTimeoutMs: number): number {
  return Math.ceil(hookTimeoutMs / 1000) + CLI_HOOK_MARGIN_SEC;
}

export type QwenHookCommand = { readonly type: "command"; readonly command: string; readonly timeout: number };
export type QwenHookHttp = { readonly type: "http"; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly timeout: number };
export type QwenHookMatcherGroup = { readonly matcher: string; readonly hooks: readonly (QwenHookCommand | QwenHookHttp)[] };
export type QwenHookSettings = Readonly<Record<string, readonly QwenHookMatcherGroup[]>>;

/** Where one event's hook goes: the loopback listener (no process per hook) when it is up, else the command bridge. */
export interface QwenHookRouting {
  readonly http?: { readonly url: (event: string) => string; readonly headers: Readonly<Record<string, string>> } | undefined;
}

/** The `hooks` object of the session's settings: one matcher group per event, `*` so tool events match every tool. */
export function qwenHookSettings(events: readonly string[], commandFor: (event: string) => string, timeoutSec: number, routing: QwenHookRouting = {}): QwenHookSettings {
  const hooks: Record<string, readonly QwenHookMatcherGroup[]> = {};
  for (const event of events) {
    const http = routing.http;
    const entry: QwenHookCommand | QwenHookHttp =
      http === undefined
        ? { type: "command", command: commandFor(event), timeout: timeoutSec }
        : { type: "http", url: http.url(event), headers: { ...http.headers }, timeout: timeoutSec };
    hooks[event] = [{ matcher: "*", hooks: [entry] }];
  }
  return hooks;
}
