// Codex hook event names per CLI version (as each measured binary recognises them) and the session-scoped `-c hooks.<Event>=…` overrides.

import { CLI_HOOK_MARGIN_SEC } from "../common-options.js";

/** The 10 events 0.144.6 recognises; also the minimum every supported version must have bridged. */
export const CODEX_HOOK_EVENTS_0_144 = Object.freeze([
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SessionStart",
  "UserPromptSubmit",
  "SubagentStart",
  "SubagentStop",
  "Stop",
] as const);

/** 0.171.0 adds SessionEnd and Interrupt (12 in all). */
export const CODEX_HOOK_EVENTS_0_171 = Object.freeze([...CODEX_HOOK_EVENTS_0_144, "SessionEnd", "Interrupt"] as const);

export type CodexHookEventName = (typeof CODEX_HOOK_EVENTS_0_171)[number];

export const ALL_CODEX_HOOK_EVENTS: ReadonlySet<string> = new Set<string>(CODEX_HOOK_EVENTS_0_171);

export function isCodexHookEventName(name: string): name is CodexHookEventName {
  return ALL_CODEX_HOOK_EVENTS.has(name);
}

/** Codex clamps these (with a startup warning) to 3 s; Elwood asks for no more so no warning appears. */
export const CODEX_SHORT_HOOK_EVENTS: ReadonlySet<string> = new Set(["SessionEnd", "Interrupt"]);
export const CODEX_SHORT_HOOK_TIMEOUT_SEC = 3;

function parse(version: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * Events to register for a version. Below 0.171 only the measured 0.144 list (an event the CLI does not
 * know could make it reject the override); an unparseable version gets the newest list.
 */
export function codexHookEventsFor(version: string | undefined): readonly CodexHookEventName[] {
  const v = version === undefined ? undefined : parse(version);
  if (v === undefined) return CODEX_HOOK_EVENTS_0_171;
  const [major, minor] = v;
  return major > 0 || minor >= 171 ? CODEX_HOOK_EVENTS_0_171 : CODEX_HOOK_EVENTS_0_144;
}

/** Codex's per-hook `timeout` in seconds: above Elwood's handler deadline so Elwood answers first; 3 s for the clamped events. */
export function codexHookTimeoutSec(event: string, hookTimeoutMs: number): number {
  if (CODEX_SHORT_HOOK_EVENTS.has(event)) return CODEX_SHORT_HOOK_TIMEOUT_SEC;
  return Math.ceil(hookTimeoutMs / 1000) + CLI_HOOK_MARGIN_SEC;
}

/** A TOML basic string: JSON's string escapes (\" \\ \n \t \uXXXX) are all valid TOML escapes. */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}

/**
 * One `key=value` override per event, e.g. `hooks.Stop=[{hooks=[{type="command",command="…",timeout=35}]}]`.
 * No matcher: an absent matcher matches every tool. These land in Codex's session-flags layer, so nothing
 * is written to config.toml or hooks.json; a user's own hooks merge additively.
 */
export function codexHookOverrides(
  events: readonly string[],
  commandFor: (event: string) => string,
  hookTimeoutMs: number,
): string[] {
  return events.map(
    (event) =>
      `hooks.${event}=[{hooks=[{type="command",command=${tomlString(commandFor(event))},timeout=${codexHookTimeoutSec(event, hookTimeoutMs)}}]}]`,
  );
}
