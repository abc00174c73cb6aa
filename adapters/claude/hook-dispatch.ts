// Claude hook dispatch: validate a bridge request, run the parent's typed handler with a deadline, answer Claude's JSON protocol.
import { snapshotJson } from "../../effects/hook-bridge/snapshot.js";
import type { HookBridgeHandler, HookBridgeRequest } from "../../effects/hook-bridge/server.js";
import type { BridgeReply } from "../../effects/hook-bridge/protocol.js";
import { describeError as describe, guardObserver as guard, runHookHandler } from "../hook-handler-run.js";
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

export type ClaudeHookErrorCategory = "timeout" | "handler_error" | "invalid_input" | "invalid_response" | "bridge_error";
export type ClaudeHookError = {
  readonly category: ClaudeHookErrorCategory;
  /** Claude's event name, or "Unknown" when the request named no Claude event. */
  readonly event: string;
  readonly message: string;
  /** Only on genuine timeouts. */
  readonly timeoutMs?: number;
};
export type ClaudeHookResult = { readonly event: string; readonly failedOpen: boolean; readonly response?: unknown };

export type ClaudeHookDispatcherOptions = {
  readonly handlers: ClaudeHookHandlers;
  readonly timeoutMs: number;
  readonly onHookError: (e: ClaudeHookError) => void;
  readonly onHookResult: (r: ClaudeHookResult) => void;
  /** Called first for every valid event, with the frozen payload; the session turns it into machine events. */
  readonly onEvent: (event: ClaudeHookEventName, payload: ClaudeHookPayload) => void;
};

const NO_DECISION: BridgeReply = Object.freeze({ stdout: "", exitCode: 0 });
const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "PermissionDenied"]);

export function createClaudeHookDispatcher(opts: ClaudeHookDispatcherOptions): HookBridgeHandler {
  const report = (e: ClaudeHookError): void => {
    guard(() => opts.onHookError(e));
    guard(() => opts.onHookResult({ event: e.event, failedOpen: true }));
  };

  return async (req: HookBridgeRequest): Promise<BridgeReply> => {
    const event = req.event;
    if (!isClaudeHookEventName(event)) {
      report({ category: "invalid_input", event: "Unknown", message: "hook request names no Claude hook event" });
      return NO_DECISION;
    }
    const invalid = validateInput(event, req.payload);
    if (invalid !== undefined) {
      report({ category: "invalid_input", event, message: invalid });
      return NO_DECISION;
    }
    const frozen = snapshotJson(req.payload);
    if (!frozen.ok) {
      report({ category: "invalid_input", event, message: `hook payload rejected: ${frozen.reason}` });
      return NO_DECISION;
    }
    const payload = frozen.value as ClaudeHookPayload;
    // Observation never blocks dispatch: a throwing session listener is contained here.
    guard(() => opts.onEvent(event, payload));

    const handler = opts.handlers[event] as ((p: ClaudeHookPayload) => unknown) | undefined;
    if (handler === undefined) {
      guard(() => opts.onHookResult({ event, failedOpen: false }));
      return NO_DECISION;
    }

    const outcome = await runHookHandler(handler, payload, opts.timeoutMs);
    if (outcome.kind === "timeout") {
      report({ category: "timeout", event, message: `hook handler did not answer within ${opts.timeoutMs} ms`, timeoutMs: opts.timeoutMs });
      return NO_DECISION;
    }
    if (outcome.kind === "threw") {
      report({ category: "handler_error", event, message: `hook handler failed: ${describe(outcome.error)}` });
      return NO_DECISION;
    }
    // Snapshot first, then validate and serialize that same copy: later mutation by the handler changes nothing.
    const snap = snapshotJson(outcome.value);
    if (!snap.ok) {
      report({ category: "invalid_response", event, message: `hook response is not plain data: ${snap.reason}` });
      return NO_DECISION;
    }
    const wire = toWire(event, snap.value, payload);
    if (!wire.ok) {
      report({ category: "invalid_response", event, message: wire.reason });
      return NO_DECISION;
    }
    const reply: BridgeReply = { stdout: wire.stdout, exitCode: 0 };
    const result: ClaudeHookResult = snap.value === undefined ? { event, failedOpen: false } : { event, failedOpen: false, response: snap.value };
    guard(() => opts.onHookResult(result));
    return reply;
  };
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

type Wire = { readonly ok: true; readonly stdout: string } | { readonly ok: false; readonly reason: string };

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
