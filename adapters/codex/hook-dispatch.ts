// Codex hook dispatch: validate and normalise a bridge request, run the typed handler with a deadline, answer Codex's JSON protocol.
import type { HookBridgeHandler } from "../../effects/hook-bridge/server.js";
import { failWire as fail, jsonWire as json, ownHandler, responseShapeProblem } from "../hook-wire.js";
import { createHookDispatcher, type HookDispatcherOptions, type HookDispatchError, type HookDispatchResult, type Wire } from "../hook-dispatch.js";
import { CODEX_SHORT_HOOK_EVENTS, CODEX_SHORT_HOOK_TIMEOUT_SEC, isCodexHookEventName, type CodexHookEventName } from "./hook-events.js";
import type { CodexHookHandlers, CodexHookPayload, CodexToolName } from "./hook-types.js";

const shape = (r: Readonly<Record<string, unknown>>, allowed: Readonly<Record<string, (v: unknown) => boolean>>, event: string): string | undefined =>
  responseShapeProblem(r, allowed, event, "Codex");

export type { HookErrorCategory as CodexHookErrorCategory } from "../hook-dispatch.js";
export type CodexHookError = HookDispatchError;
export type CodexHookResult = HookDispatchResult;
export type CodexHookDispatcherOptions = HookDispatcherOptions<CodexHookEventName, CodexHookPayload, CodexHookHandlers>;

const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PermissionRequest", "PostToolUse"]);

type Rec = Readonly<Record<string, unknown>>;
const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

/** Required input fields per event beyond the common ones (observed payload keys). */
const REQUIRED: { readonly [E in CodexHookEventName]: Readonly<Record<string, (v: unknown) => boolean>> } = {
  PreToolUse: { tool_name: isText, tool_input: isRecord, tool_use_id: isText },
  PermissionRequest: { tool_name: isText, tool_input: isRecord },
  PostToolUse: { tool_name: isText, tool_input: isRecord },
  PreCompact: { trigger: isText },
  PostCompact: { trigger: isText },
  SessionStart: { source: isText },
  SessionEnd: { reason: isText },
  UserPromptSubmit: { prompt: isText },
  SubagentStart: {},
  SubagentStop: {},
  Stop: { stop_hook_active: (v) => typeof v === "boolean" },
  Interrupt: {},
};

/** Codex's raw tool name as Elwood dispatches it: known, MCP verbatim, else `unknown:<raw>` (normalised before dispatch). */
export function normalizeCodexToolName(raw: string): CodexToolName {
  if (raw === "Bash" || raw === "apply_patch") return raw;
  if (raw.startsWith("mcp__")) return raw as `mcp__${string}`;
  return `unknown:${raw}`;
}

export function validateCodexInput(event: CodexHookEventName, payload: Rec): string | undefined {
  if (payload["hook_event_name"] !== event) return "hook_event_name does not match the hook command's event";
  if (!isText(payload["session_id"])) return "hook payload: missing session_id";
  if (!isText(payload["cwd"])) return "hook payload: missing cwd";
  const tp = payload["transcript_path"];
  if (tp !== undefined && tp !== null && !isText(tp)) return "hook payload: transcript_path has the wrong type";
  // Codex subagent transcripts are not observed, but their path is delivered to hosts that read it themselves.
  const atp = payload["agent_transcript_path"];
  if (event === "SubagentStop" && atp !== undefined && atp !== null && !isText(atp)) return "SubagentStop payload: wrong type for agent_transcript_path";
  for (const [key, ok] of Object.entries(REQUIRED[event])) {
    if (!ok(payload[key])) return `${event} payload: ${payload[key] === undefined ? "missing" : "wrong type for"} ${key}`;
  }
  return undefined;
}

/**
 * Codex kills SessionEnd/Interrupt hooks after its clamped 3 s, so their handler deadline ends 500 ms before that
 * (room for the bridge to relay the fail-open answer); every other event keeps the configured deadline.
 */
export function codexHandlerDeadlineMs(event: string, configuredMs: number): number {
  if (!CODEX_SHORT_HOOK_EVENTS.has(event)) return configuredMs;
  return Math.min(configuredMs, CODEX_SHORT_HOOK_TIMEOUT_SEC * 1000 - SHORT_HOOK_RELAY_MS);
}

const SHORT_HOOK_RELAY_MS = 500;

export function createCodexHookDispatcher(opts: CodexHookDispatcherOptions): HookBridgeHandler {
  return createHookDispatcher(
    {
      agentName: "Codex",
      isEvent: isCodexHookEventName,
      validate: (event, payload) => (isRecord(payload) ? validateCodexInput(event, payload) : "hook payload is not an object"),
      normalize: (event, payload) =>
        TOOL_EVENTS.has(event) ? { ...payload, tool_name: normalizeCodexToolName(payload["tool_name"] as string) } : payload,
      lookup: (handlers, event, payload) => {
        // A tool-keyed handler ("PreToolUse.Bash") wins over the plain event handler.
        const toolKey = event === "PreToolUse" ? `PreToolUse.${String((payload as Rec)["tool_name"])}` : undefined;
        const keyed = toolKey === undefined ? undefined : ownHandler<CodexHookPayload>(handlers, toolKey);
        const handler = keyed ?? ownHandler<CodexHookPayload>(handlers, event);
        return handler === undefined ? undefined : { handler, keyed: keyed !== undefined };
      },
      toWire: (event, response, _payload, keyed) => codexToWire(event, response, keyed),
      deadlineMs: codexHandlerDeadlineMs,
    },
    opts,
  );
}

/**
 * Map a validated response to what Codex reads on stdout. `undefined` = no decision (empty stdout).
 * Wire shapes mirror Codex exactly: PreToolUse puts `permissionDecision` beside `hookEventName`;
 * PermissionRequest nests `{ behavior, message? }` under `decision`.
 */
export function codexToWire(event: CodexHookEventName, response: unknown, toolKeyed: boolean): Wire {
  if (response === undefined) return { ok: true, stdout: "" };
  if (!isRecord(response)) return fail(`${event} response is not an object`);
  switch (event) {
    case "PreToolUse": {
      const bad = shape(
        response,
        {
          permissionDecision: (v) => v === "allow" || v === "deny",
          permissionDecisionReason: nonEmpty,
          additionalContext: nonEmpty,
          ...(toolKeyed ? { updatedInput: isRecord } : {}),
        },
        event,
      );
      if (bad !== undefined) return fail(toolKeyed || response["updatedInput"] === undefined ? bad : `${bad} (updatedInput needs a tool-keyed handler such as "PreToolUse.Bash")`);
      if (response["updatedInput"] !== undefined && response["permissionDecision"] !== "allow") {
        return fail("PreToolUse updatedInput only goes with permissionDecision \"allow\"");
      }
      if (response["permissionDecisionReason"] !== undefined && response["permissionDecision"] === undefined) {
        return fail("PreToolUse permissionDecisionReason without a permissionDecision");
      }
      return json({ hookSpecificOutput: { hookEventName: event, ...response } });
    }
    case "PermissionRequest": {
      const bad = shape(response, { behavior: (v) => v === "allow" || v === "deny", message: nonEmpty }, event);
      if (bad !== undefined) return fail(bad);
      if (response["behavior"] === undefined) return fail('PermissionRequest response needs behavior "allow" or "deny"');
      if (response["message"] !== undefined && response["behavior"] !== "deny") return fail("PermissionRequest message only goes with behavior \"deny\"");
      return json({ hookSpecificOutput: { hookEventName: event, decision: { ...response } } });
    }
    case "Stop":
    case "SubagentStop": {
      const context = response["additionalContext"];
      if (response["decision"] !== undefined) {
        const bad = shape(response, { decision: (v) => v === "block", reason: nonEmpty, additionalContext: nonEmpty }, event);
        if (bad !== undefined) return fail(bad);
        if (response["reason"] === undefined) return fail(`${event} block decision needs a non-empty reason`);
        return json({ decision: "block", reason: response["reason"], ...(context === undefined ? {} : { hookSpecificOutput: { hookEventName: event, additionalContext: context } }) });
      }
      const bad = shape(response, { continue: (v) => v === false, stopReason: nonEmpty, additionalContext: nonEmpty }, event);
      if (bad !== undefined) return fail(bad);
      if (response["continue"] !== false || response["stopReason"] === undefined) {
        return fail(`${event} response must block with a reason or return continue: false with a stopReason`);
      }
      return json({ continue: false, stopReason: response["stopReason"], ...(context === undefined ? {} : { hookSpecificOutput: { hookEventName: event, additionalContext: context } }) });
    }
    case "SessionStart": {
      const bad = shape(response, { additionalContext: nonEmpty }, event);
      if (bad !== undefined) return fail(bad);
      return json({ hookSpecificOutput: { hookEventName: event, additionalContext: response["additionalContext"] } });
    }
    default:
      return fail(`${event} is observe-only on Codex: return undefined`);
  }
}
