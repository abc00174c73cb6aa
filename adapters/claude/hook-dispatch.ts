// Claude hook dispatch: validate a bridge request, run the parent's typed handler with a deadline, answer Claude's JSON protocol.
import type { HookBridgeHandler } from "../../effects/hook-bridge/server.js";
import { createHookDispatcher, type HookDispatcherOptions, type HookDispatchError, type HookDispatchResult, type Wire } from "../hook-dispatch.js";
import { isClaudeHookEventName, type ClaudeHookEventName } from "./hook-events.js";
import {
  checkFields,
  checkToolInput,
  checkToolRewrite,
  COMMON_RESPONSE_FIELDS,
  isRecord,
  REQUIRED_INPUT,
  RESPONSE_SPECS,
} from "./hook-schema.js";
import type { ClaudeHookHandlers, ClaudeHookPayload } from "./hook-types.js";

export type { HookErrorCategory as ClaudeHookErrorCategory } from "../hook-dispatch.js";
export type ClaudeHookError = HookDispatchError;
export type ClaudeHookResult = HookDispatchResult;
export type ClaudeHookDispatcherOptions = HookDispatcherOptions<ClaudeHookEventName, ClaudeHookPayload, ClaudeHookHandlers>;

const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "PermissionDenied"]);

export function createClaudeHookDispatcher(opts: ClaudeHookDispatcherOptions): HookBridgeHandler {
  return createHookDispatcher(
    {
      agentName: "Claude",
      isEvent: isClaudeHookEventName,
      validate: validateInput,
      lookup: (handlers, event) => {
        const handler = handlers[event] as ((p: ClaudeHookPayload) => unknown) | undefined;
        return handler === undefined ? undefined : { handler, keyed: false };
      },
      toWire: (event, response, payload) => toWire(event, response, payload),
    },
    opts,
  );
}

function validateInput(event: ClaudeHookEventName, payload: Readonly<Record<string, unknown>>): string | undefined {
  if (!isRecord(payload)) return "hook payload is not an object";
  if (payload.hook_event_name !== event) return "hook_event_name does not match the hook command's event";
  const common = checkFields(payload, { session_id: "string", transcript_path: "string", cwd: "string" }, true);
  if (common !== undefined) return `hook payload: ${common}`;
  const own = checkFields(payload, REQUIRED_INPUT[event], true);
  if (own !== undefined) return `${event} payload: ${own}`;
  if (TOOL_EVENTS.has(event)) {
    const bad = checkToolInput(payload.tool_name as string, payload.tool_input as Readonly<Record<string, unknown>>);
    if (bad !== undefined) return `${event} tool_input: ${bad}`;
  }
  return undefined;
}

/** Map a validated response snapshot to what Claude reads on stdout (exit 0). No fields → no output at all. */
export function toWire(event: ClaudeHookEventName, response: unknown, payload?: ClaudeHookPayload): Wire {
  if (response === undefined) return { ok: true, stdout: "" };
  if (!isRecord(response)) return { ok: false, reason: `${event} response is not an object` };
  const spec = RESPONSE_SPECS[event];

  if (spec.special === "WorktreeCreate") {
    const keys = Object.keys(response);
    const path = response.worktreePath;
    if (keys.length !== 1 || typeof path !== "string" || path.trim() === "" || /[\r\n]/.test(path)) {
      return { ok: false, reason: "WorktreeCreate response must be exactly { worktreePath: string }" };
    }
    // Command hooks report the created worktree as a plain path line, not JSON.
    return { ok: true, stdout: `${path}\n` };
  }

  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  for (const key of Object.keys(response)) {
    const value = response[key];
    if (Object.hasOwn(COMMON_RESPONSE_FIELDS, key) || Object.hasOwn(spec.top, key)) out[key] = value;
    else if (spec.special === undefined && Object.hasOwn(spec.specific, key)) specific[key] = value;
    else if (spec.special === "PermissionRequest" && PERMISSION_KEYS.has(key)) specific[key] = value;
    else return { ok: false, reason: `${event} response has a field Claude does not accept: ${key}` };
  }
  const bad = checkFields(out, { ...COMMON_RESPONSE_FIELDS, ...spec.top }, false) ?? checkFields(specific, spec.specific, false);
  if (bad !== undefined) return { ok: false, reason: `${event} response: ${bad}` };
  if (out.decision === "block" && (typeof out.reason !== "string" || out.reason.trim() === "")) {
    return { ok: false, reason: `${event} block decision needs a non-empty reason` };
  }
  if (out.reason !== undefined && out.decision === undefined) return { ok: false, reason: `${event} reason without a block decision` };

  let hookSpecificOutput: Record<string, unknown> | undefined;
  if (spec.special === "PermissionRequest" && Object.keys(specific).length > 0) {
    const decision = permissionDecision(specific, payload);
    if (!decision.ok) return decision;
    hookSpecificOutput = { hookEventName: event, decision: decision.value };
  } else if (spec.special === undefined) {
    if (isRecord(specific.updatedInput) && payload !== undefined && "tool_name" in payload) {
      const rewrite = checkToolRewrite(String(payload.tool_name), specific.updatedInput);
      if (rewrite !== undefined) return { ok: false, reason: `${event} updatedInput: ${rewrite}` };
    }
    if (Object.keys(specific).length > 0) hookSpecificOutput = { hookEventName: event, ...specific };
  }
  if (hookSpecificOutput !== undefined) out.hookSpecificOutput = hookSpecificOutput;
  return { ok: true, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out) };
}

const PERMISSION_KEYS: ReadonlySet<string> = new Set(["behavior", "updatedInput", "updatedPermissions", "message", "interrupt"]);

function permissionDecision(
  r: Readonly<Record<string, unknown>>,
  payload: ClaudeHookPayload | undefined,
): { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly reason: string } {
  const fail = (reason: string) => ({ ok: false as const, reason: `PermissionRequest response: ${reason}` });
  if (r.behavior === "allow") {
    for (const k of Object.keys(r)) if (k === "message" || k === "interrupt") return fail(`${k} only goes with behavior "deny"`);
    const bad = checkFields(r, { updatedInput: "record", updatedPermissions: "array" }, false);
    if (bad !== undefined) return fail(bad);
    if (isRecord(r.updatedInput) && payload !== undefined && "tool_name" in payload) {
      const rewrite = checkToolRewrite(String(payload.tool_name), r.updatedInput);
      if (rewrite !== undefined) return fail(`updatedInput: ${rewrite}`);
    }
    return { ok: true, value: { ...r } };
  }
  if (r.behavior === "deny") {
    for (const k of Object.keys(r)) if (k === "updatedInput" || k === "updatedPermissions") return fail(`${k} only goes with behavior "allow"`);
    const bad = checkFields(r, { message: "string", interrupt: "boolean" }, false);
    if (bad !== undefined) return fail(bad);
    return { ok: true, value: { ...r } };
  }
  return fail('behavior must be "allow" or "deny"');
}
