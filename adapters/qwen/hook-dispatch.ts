// Qwen hook dispatch: validate a bridge request, run the typed handler with a deadline, answer in Qwen's (Claude-shaped) JSON.
import type { HookBridgeHandler } from "../../effects/hook-bridge/server.js";
import { failWire as fail, jsonWire as json, ownHandler, responseShapeProblem } from "../hook-wire.js";
import { createHookDispatcher, type HookDispatcherOptions, type Wire } from "../hook-dispatch.js";
import { isQwenHookEventName, type QwenHookEventName } from "./hook-events.js";
import type { QwenHookHandlers, QwenHookPayload } from "./hook-types.js";

const shape = (r: Readonly<Record<string, unknown>>, allowed: Readonly<Record<string, (v: unknown) => boolean>>, event: string): string | undefined =>
  responseShapeProblem(r, allowed, event, "Qwen Code");

export type QwenHookDispatcherOptions = HookDispatcherOptions<QwenHookEventName, QwenHookPayload, QwenHookHandlers>;

type Rec = Readonly<Record<string, unknown>>;
const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"]);

/** Fields an event's payload must carry beyond the common ones (observed 0.24.4 payloads). */
const REQUIRED: Partial<Record<QwenHookEventName, Readonly<Record<string, (v: unknown) => boolean>>>> = {
  UserPromptSubmit: { prompt: isText },
  Stop: { stop_hook_active: (v) => typeof v === "boolean" },
  SessionEnd: { reason: isText },
};

export function validateQwenInput(event: QwenHookEventName, payload: Rec): string | undefined {
  if (payload["hook_event_name"] !== event) return "hook_event_name does not match the hook command's event";
  for (const key of ["session_id", "transcript_path", "cwd"]) {
    if (!isText(payload[key])) return `hook payload: ${payload[key] === undefined ? "missing" : "wrong type for"} ${key}`;
  }
  if (TOOL_EVENTS.has(event) && (!isText(payload["tool_name"]) || !isRecord(payload["tool_input"]))) return `${event} payload: missing tool_name or tool_input`;
  for (const [key, ok] of Object.entries(REQUIRED[event] ?? {})) {
    if (!ok(payload[key])) return `${event} payload: ${payload[key] === undefined ? "missing" : "wrong type for"} ${key}`;
  }
  return undefined;
}

export function createQwenHookDispatcher(opts: QwenHookDispatcherOptions): HookBridgeHandler {
  return createHookDispatcher(
    {
      agentName: "Qwen Code",
      isEvent: isQwenHookEventName,
      validate: (event, payload) => (isRecord(payload) ? validateQwenInput(event, payload) : "hook payload is not an object"),
      lookup: (handlers, event) => {
        const handler = ownHandler<QwenHookPayload>(handlers, event);
        return handler === undefined ? undefined : { handler, keyed: false };
      },
      toWire: (event, response) => qwenToWire(event, response),
    },
    opts,
  );
}

/** A block decision (`{ decision: "block", reason }`, optional context) as Qwen reads it, Claude's shape. */
function block(event: QwenHookEventName, response: Rec): Wire {
  const bad = shape(response, { decision: (v) => v === "block", reason: nonEmpty, additionalContext: nonEmpty }, event);
  if (bad !== undefined) return fail(bad);
  if (response["decision"] !== "block" || response["reason"] === undefined) return fail(`${event} response must block with a non-empty reason`);
  const context = response["additionalContext"];
  return json({ decision: "block", reason: response["reason"], ...(context === undefined ? {} : { hookSpecificOutput: { hookEventName: event, additionalContext: context } }) });
}

/**
 * Map a handler's response to what Qwen reads on stdout (or in an HTTP reply's body). `undefined` = no decision.
 * Measured on 0.24.4: PermissionRequest `{hookSpecificOutput:{hookEventName, decision:{behavior:"allow"}}}` skips the
 * dialog and PreToolUse `permissionDecision: "deny"` with a reason blocks the call (the reason reaches the model).
 */
export function qwenToWire(event: QwenHookEventName, response: unknown): Wire {
  if (response === undefined) return { ok: true, stdout: "" };
  if (!isRecord(response)) return fail(`${event} response is not an object`);
  switch (event) {
    case "PreToolUse": {
      const bad = shape(
        response,
        { permissionDecision: (v) => v === "allow" || v === "deny" || v === "ask", permissionDecisionReason: nonEmpty, additionalContext: nonEmpty, updatedInput: isRecord },
        event,
      );
      if (bad !== undefined) return fail(bad);
      if (response["permissionDecisionReason"] !== undefined && response["permissionDecision"] === undefined) return fail("PreToolUse permissionDecisionReason without a permissionDecision");
      if (response["updatedInput"] !== undefined && response["permissionDecision"] !== "allow") return fail('PreToolUse updatedInput only goes with permissionDecision "allow"');
      return json({ hookSpecificOutput: { hookEventName: event, ...response } });
    }
    case "PermissionRequest": {
      const bad = shape(response, { behavior: (v) => v === "allow" || v === "deny", message: nonEmpty, updatedInput: isRecord }, event);
      if (bad !== undefined) return fail(bad);
      if (response["behavior"] === undefined) return fail('PermissionRequest response needs behavior "allow" or "deny"');
      if (response["message"] !== undefined && response["behavior"] !== "deny") return fail('PermissionRequest message only goes with behavior "deny"');
      if (response["updatedInput"] !== undefined && response["behavior"] !== "allow") return fail('PermissionRequest updatedInput only goes with behavior "allow"');
      return json({ hookSpecificOutput: { hookEventName: event, decision: { ...response } } });
    }
    case "UserPromptSubmit":
      if (response["decision"] === undefined) {
        const bad = shape(response, { additionalContext: nonEmpty }, event);
        return bad !== undefined ? fail(bad) : json({ hookSpecificOutput: { hookEventName: event, additionalContext: response["additionalContext"] } });
      }
      return block(event, response);
    case "Stop":
    case "SubagentStop":
      return block(event, response);
    case "SessionStart": {
      const bad = shape(response, { additionalContext: nonEmpty }, event);
      if (bad !== undefined) return fail(bad);
      return json({ hookSpecificOutput: { hookEventName: event, additionalContext: response["additionalContext"] } });
    }
    default:
      return fail(`${event} is observe-only on Qwen Code: return undefined`);
  }
}
