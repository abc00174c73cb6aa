// Claude hook dispatch: ingress validation, handler outcomes, response snapshotting and mapping to Claude's hook JSON.
import { describe, expect, it } from "vitest";
import { createClaudeHookDispatcher, toWire, type ClaudeHookError, type ClaudeHookResult } from "../../adapters/claude/hook-dispatch.js";
import {
  claudeHookEventsFor,
  claudeHookSettings,
  claudeHookTimeoutSec,
  CLAUDE_HOOK_EVENTS_2_1_215,
  CLAUDE_HOOK_EVENTS_2_1_332,
  type ClaudeHookEventName,
} from "../../adapters/claude/hook-events.js";
import { isClaudeTool, type ClaudeHookHandlers, type ClaudeHookPayloads } from "../../adapters/claude/hook-types.js";
import { bridgeCommand, bridgeScriptPath } from "../../effects/hook-bridge/bridge-command.js";
import { snapshotJson } from "../../effects/hook-bridge/snapshot.js";

const base = { session_id: "s", transcript_path: "/t.jsonl", cwd: "/w" };
const bash = { ...base, tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "tu-1" };
const PAYLOADS: Partial<Record<ClaudeHookEventName, Record<string, unknown>>> = {
  PreToolUse: { ...bash, hook_event_name: "PreToolUse" },
  PermissionRequest: { ...bash, hook_event_name: "PermissionRequest" },
  PostToolUse: { ...bash, hook_event_name: "PostToolUse", tool_response: { stdout: "" } },
  Stop: { ...base, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "done" },
  StopFailure: { ...base, hook_event_name: "StopFailure", error: { weird: [1] } },
  UserPromptSubmit: { ...base, hook_event_name: "UserPromptSubmit", prompt: "hi" },
  SessionStart: { ...base, hook_event_name: "SessionStart", source: "startup", model: "m" },
  Notification: { ...base, hook_event_name: "Notification", message: "m", notification_type: "idle_prompt" },
  WorktreeCreate: { ...base, hook_event_name: "WorktreeCreate", name: "wt" },
  Elicitation: { ...base, hook_event_name: "Elicitation", mcp_server_name: "srv", message: "?" },
  PermissionDenied: { ...bash, hook_event_name: "PermissionDenied", reason: "r" },
};

function setup(handlers: ClaudeHookHandlers, timeoutMs = 1000) {
  const errors: ClaudeHookError[] = [];
  const results: ClaudeHookResult[] = [];
  const order: string[] = [];
  const seen: unknown[] = [];
  const dispatch = createClaudeHookDispatcher({
    handlers,
    timeoutMs,
    onHookError: (e) => (order.push(`error:${e.category}`), errors.push(e)),
    onHookResult: (r) => (order.push("result"), results.push(r)),
    onEvent: (e, p) => (order.push(`event:${e}`), seen.push(p)),
  });
  const call = (event: ClaudeHookEventName | string, payload?: Record<string, unknown>) =>
    dispatch({ event, payload: payload ?? PAYLOADS[event as ClaudeHookEventName] ?? {} });
  return { call, errors, results, order, seen };
}

const out = (stdout: string): unknown => JSON.parse(stdout);

describe("Claude hook dispatch mapping", () => {
  it("C-HRESP-01: PreToolUse allow/ask/defer with reason, updatedInput and additionalContext alone", async () => {
    const { call } = setup({ PreToolUse: (p) => (isClaudeTool(p, "Bash") ? { permissionDecision: "allow", updatedInput: { command: `${p.tool_input.command} -la` } } : undefined) });
    expect(out((await call("PreToolUse")).stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls -la" } },
    });
    for (const permissionDecision of ["ask", "defer"] as const) {
      const w = toWire("PreToolUse", { permissionDecision, permissionDecisionReason: "why" });
      expect(w.ok && out(w.stdout)).toEqual({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision, permissionDecisionReason: "why" },
      });
    }
    const ctx = toWire("PreToolUse", { additionalContext: "note" });
    expect(ctx.ok && out(ctx.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "note" } });
  });

  it("C-HRESP-06: PermissionRequest allow/deny map to hookSpecificOutput.decision; mixed fields are invalid", async () => {
    const allow = toWire("PermissionRequest", { behavior: "allow", updatedInput: { command: "pwd" } }, PAYLOADS.PermissionRequest as ClaudeHookPayloads["PermissionRequest"]);
    expect(allow.ok && out(allow.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "pwd" } } },
    });
    const deny = toWire("PermissionRequest", { behavior: "deny", message: "no", interrupt: true });
    expect(deny.ok && out(deny.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "no", interrupt: true } },
    });
    expect(toWire("PermissionRequest", { behavior: "allow", message: "x" }).ok).toBe(false);
    expect(toWire("PermissionRequest", { behavior: "maybe" }).ok).toBe(false);
    expect(toWire("PermissionRequest", { systemMessage: "only common" })).toEqual({ ok: true, stdout: JSON.stringify({ systemMessage: "only common" }) });
  });

  it("C-HRESP-03 C-HRESP-06: Stop block needs a reason; UserPromptSubmit block + context; SessionStart context", () => {
    const stop = toWire("Stop", { decision: "block", reason: "keep going" });
    expect(stop.ok && out(stop.stdout)).toEqual({ decision: "block", reason: "keep going" });
    expect(toWire("Stop", { decision: "block" }).ok).toBe(false);
    expect(toWire("Stop", { decision: "block", reason: "  " }).ok).toBe(false);
    const ups = toWire("UserPromptSubmit", { decision: "block", reason: "secret", additionalContext: "c" });
    expect(ups.ok && out(ups.stdout)).toEqual({ decision: "block", reason: "secret", hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c" } });
    const ss = toWire("SessionStart", { additionalContext: "ctx", watchPaths: ["/a"] });
    expect(ss.ok && out(ss.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "ctx", watchPaths: ["/a"] } });
    const common = toWire("SessionEnd", { continue: false, stopReason: "bye", suppressOutput: true, systemMessage: "m" });
    expect(common.ok && out(common.stdout)).toEqual({ continue: false, stopReason: "bye", suppressOutput: true, systemMessage: "m" });
  });

  it("C-HRESP-05: Elicitation accept/decline/cancel; PermissionDenied retry; WorktreeCreate prints the path", () => {
    const el = toWire("Elicitation", { action: "accept", content: { name: "x" } });
    expect(el.ok && out(el.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "Elicitation", action: "accept", content: { name: "x" } } });
    expect(toWire("Elicitation", { action: "later" }).ok).toBe(false);
    const pd = toWire("PermissionDenied", { retry: true });
    expect(pd.ok && out(pd.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PermissionDenied", retry: true } });
    expect(toWire("WorktreeCreate", { worktreePath: "/w/t" })).toEqual({ ok: true, stdout: "/w/t\n" });
    expect(toWire("WorktreeCreate", { worktreePath: "/w\n/t" }).ok).toBe(false);
  });

  it("C-HRESP-04 C-HRESP-06: observe-only events reject blocking fields at runtime; void and {} give no output", () => {
    expect(toWire("Notification", { decision: "block", reason: "x" }).ok).toBe(false);
    expect(toWire("PostCompact", { permissionDecision: "deny" }).ok).toBe(false);
    expect(toWire("Notification", undefined)).toEqual({ ok: true, stdout: "" });
    expect(toWire("Stop", {})).toEqual({ ok: true, stdout: "" });
    expect(toWire("Notification", "text" as unknown)).toEqual({ ok: false, reason: expect.any(String) });
  });

  it("C-HOOK-08 C-HOOK-09 C-HRESP-04: event names narrow payloads and responses at compile time", () => {
    const handlers: ClaudeHookHandlers = {
      // @ts-expect-error Notification cannot return a blocking decision
      Notification: () => ({ decision: "block", reason: "no" }),
      // @ts-expect-error PreToolUse decisions are allow/deny/ask/defer only
      PreToolUse: () => ({ permissionDecision: "maybe" }),
      Stop: (p) => (p.stop_hook_active ? undefined : { decision: "block", reason: "r" }),
      PermissionRequest: (p) => {
        if (isClaudeTool(p, "Edit")) {
          const path: string = p.tool_input.file_path;
          return { behavior: "deny", message: path };
        }
        // Unknown / MCP tools keep a plain record input.
        const raw: Record<string, unknown> = p.tool_input;
        return raw.x === 1 ? { behavior: "allow" } : undefined;
      },
    };
    expect(Object.keys(handlers)).toHaveLength(4);
  });
});

describe("Claude hook dispatch outcomes", () => {
  it("C-HOOK-03 C-HOOK-07: onEvent runs first with a frozen payload; a missing handler is a normal no-decision", async () => {
    const { call, order, seen, results, errors } = setup({});
    expect(await call("Stop")).toEqual({ stdout: "", exitCode: 0 });
    expect(order).toEqual(["event:Stop", "result"]);
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(results).toEqual([{ event: "Stop", failedOpen: false }]);
    expect(errors).toEqual([]);
  });

  it("C-HOOK-22: a throwing onEvent observer does not stop dispatch or change the answer", async () => {
    const results: ClaudeHookResult[] = [];
    const dispatch = createClaudeHookDispatcher({
      handlers: { Stop: () => ({ decision: "block", reason: "r" }) },
      timeoutMs: 1000,
      onHookError: () => undefined,
      onHookResult: (r) => {
        results.push(r);
        throw new Error("result observer broke");
      },
      onEvent: () => {
        throw new Error("observer broke");
      },
    });
    const reply = await dispatch({ event: "Stop", payload: PAYLOADS.Stop! });
    expect(out(reply.stdout)).toEqual({ decision: "block", reason: "r" });
    expect(results).toHaveLength(1);
  });

  it("C-HOOK-07 C-HOOK-17: ingress rejects mismatched names, unknown events, bad tool inputs and non-finite numbers", async () => {
    const { call, errors, order } = setup({ PreToolUse: () => ({ permissionDecision: "deny" }) });
    expect(await call("Stop", { ...PAYLOADS.Stop, hook_event_name: "Notification" })).toEqual({ stdout: "", exitCode: 0 });
    expect(await call("Nope", { ...base, hook_event_name: "Nope" })).toEqual({ stdout: "", exitCode: 0 });
    expect(await call("PreToolUse", { ...PAYLOADS.PreToolUse, tool_input: { command: 7 } })).toEqual({ stdout: "", exitCode: 0 });
    expect(await call("Stop", { ...PAYLOADS.Stop, stop_hook_active: "yes" })).toEqual({ stdout: "", exitCode: 0 });
    expect(await call("Stop", { ...PAYLOADS.Stop, extra: JSON.parse("1e999") as number })).toEqual({ stdout: "", exitCode: 0 });
    expect(errors.map((e) => [e.category, e.event])).toEqual([
      ["invalid_input", "Stop"],
      ["invalid_input", "Unknown"],
      ["invalid_input", "PreToolUse"],
      ["invalid_input", "Stop"],
      ["invalid_input", "Stop"],
    ]);
    expect(order.some((o) => o.startsWith("event:"))).toBe(false);
  });

  it("C-HOOK-10: unknown and MCP tools pass through with any input shape", async () => {
    const { call, errors } = setup({ PreToolUse: (p) => ({ permissionDecisionReason: p.tool_name, permissionDecision: "ask" }) });
    const reply = await call("PreToolUse", { ...PAYLOADS.PreToolUse, tool_name: "mcp__srv__do", tool_input: { anything: [1, { b: null }] } });
    expect(out(reply.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "mcp__srv__do" } });
    expect(errors).toEqual([]);
  });

  it("StopFailure admits arbitrarily shaped error fields (Claude's rejection details vary)", async () => {
    const { call, errors, seen } = setup({});
    await call("StopFailure");
    expect(errors).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("C-HOOK-04: a never-settling handler times out with the timeout duration and fails open", async () => {
    const { call, errors, results } = setup({ Stop: () => new Promise<never>(() => undefined) }, 30);
    expect(await call("Stop")).toEqual({ stdout: "", exitCode: 0 });
    expect(errors).toEqual([{ category: "timeout", event: "Stop", message: expect.any(String), timeoutMs: 30 }]);
    expect(results).toEqual([{ event: "Stop", failedOpen: true }]);
  });

  it("C-HOOK-05: sync throws and rejections are handler_error without timeoutMs", async () => {
    const { call, errors } = setup({
      Stop: () => {
        throw new Error("x");
      },
      Notification: () => Promise.reject(new Error("y")),
    });
    await call("Stop");
    await call("Notification");
    expect(errors.map((e) => e.category)).toEqual(["handler_error", "handler_error"]);
    expect(errors.every((e) => e.timeoutMs === undefined)).toBe(true);
  });

  it("C-HOOK-06 C-HOOK-21: responses are snapshotted; getters, thenables, NaN rewrites and cycles are invalid_response", async () => {
    let getterRan = false;
    let thenRan = false;
    const cyclic: Record<string, unknown> = { additionalContext: "c" };
    cyclic.self = cyclic;
    const responses: unknown[] = [
      Object.defineProperty({}, "systemMessage", { enumerable: true, get: () => ((getterRan = true), "m") }),
      { then: () => void (thenRan = true) },
      { permissionDecision: "allow", updatedInput: { command: "ls", timeout: Number.NaN } },
      cyclic,
      { permissionDecision: "allow", updatedInput: { command: 42 } },
    ];
    let i = 0;
    const { call, errors } = setup({ PreToolUse: () => responses[i++] as never });
    for (let n = 0; n < responses.length; n++) expect(await call("PreToolUse")).toEqual({ stdout: "", exitCode: 0 });
    expect(errors.map((e) => e.category)).toEqual(Array(responses.length).fill("invalid_response"));
    expect(getterRan).toBe(false);
    expect(thenRan).toBe(false);
  });

  it("C-HOOK-21: mutating a response after it resolved cannot change what Claude receives", async () => {
    const resp: { permissionDecision: "deny" | "allow"; permissionDecisionReason: string } = { permissionDecision: "deny", permissionDecisionReason: "r" };
    const results: ClaudeHookResult[] = [];
    const dispatch = createClaudeHookDispatcher({
      handlers: {
        PreToolUse: async () => {
          // Runs after the resolution is observed (a macrotask), as a late mutation by user code would.
          setTimeout(() => (resp.permissionDecision = "allow"), 0);
          return resp;
        },
      },
      timeoutMs: 1000,
      onHookError: () => undefined,
      onHookResult: (r) => results.push(r),
      onEvent: () => undefined,
    });
    const reply = await dispatch({ event: "PreToolUse", payload: PAYLOADS.PreToolUse! });
    await new Promise((r) => setTimeout(r, 5));
    expect(resp.permissionDecision).toBe("allow");
    expect(out(reply.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "r" } });
    expect(Object.isFrozen(results[0]!.response)).toBe(true);
    expect(results[0]!.response).toEqual({ permissionDecision: "deny", permissionDecisionReason: "r" });
  });
});

describe("snapshotJson limits", () => {
  it("C-HOOK-21: depth over 128 edges and over 100,000 visits are rejected; shared children are fine", () => {
    let deep: unknown = 1;
    for (let d = 0; d < 129; d++) deep = [deep];
    expect(snapshotJson(deep).ok).toBe(false);
    let ok: unknown = 1;
    for (let d = 0; d < 128; d++) ok = [ok];
    expect(snapshotJson(ok).ok).toBe(true);
    expect(snapshotJson(new Array(100_000).fill(0)).ok).toBe(false);
    const shared = { a: 1 };
    expect(snapshotJson({ x: shared, y: shared })).toEqual({ ok: true, value: { x: { a: 1 }, y: { a: 1 } } });
    expect(snapshotJson([undefined, , 1])).toEqual({ ok: true, value: [null, null, 1] });
    expect(snapshotJson(Object.create(null) as object).ok).toBe(true);
    expect(snapshotJson(new Date()).ok).toBe(false);
    expect(snapshotJson(new Proxy({}, {})).ok).toBe(false);
    expect(snapshotJson(JSON.parse('{"__proto__": {"x": 1}}'))).toEqual({ ok: true, value: JSON.parse('{"__proto__": {"x": 1}}') });
  });
});

describe("Claude hook settings and bridge command", () => {
  it("C-HOOK-01: per-version event lists and the generated hooks block", () => {
    expect(CLAUDE_HOOK_EVENTS_2_1_332).toHaveLength(34);
    expect(CLAUDE_HOOK_EVENTS_2_1_215).toHaveLength(30);
    expect(claudeHookEventsFor("2.1.332 (Claude Code)")).toBe(CLAUDE_HOOK_EVENTS_2_1_332);
    expect(claudeHookEventsFor("2.2.0")).toBe(CLAUDE_HOOK_EVENTS_2_1_332);
    expect(claudeHookEventsFor("garbage")).toBe(CLAUDE_HOOK_EVENTS_2_1_332);
    expect(claudeHookEventsFor("2.1.300")).toBe(CLAUDE_HOOK_EVENTS_2_1_215);
    expect(claudeHookEventsFor("2.1.215")).toBe(CLAUDE_HOOK_EVENTS_2_1_215);
    expect(claudeHookEventsFor("2.0.1")).toBe(CLAUDE_HOOK_EVENTS_2_1_215);
    expect(claudeHookTimeoutSec(30_000)).toBe(35);
    expect(claudeHookTimeoutSec(1_500)).toBe(7);
    const hooks = claudeHookSettings(["Stop", "PreToolUse"], (e) => `run ${e}`, 35);
    expect(hooks).toEqual({
      Stop: [{ matcher: "*", hooks: [{ type: "command", command: "run Stop", timeout: 35 }] }],
      PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "run PreToolUse", timeout: 35 }] }],
    });
  });

  it("bridge command runs this Node on the absolute bridge path, POSIX-quoted", () => {
    expect(bridgeScriptPath()).toMatch(/^\/.*\/effects\/hook-bridge\/bridge\.mjs$/);
    const cmd = bridgeCommand("PreToolUse");
    expect(cmd).toBe(`'${process.execPath}' '${bridgeScriptPath()}' PreToolUse`);
    expect(bridgeCommand("a b'c")).toMatch(/ 'a b'\\''c'$/);
  });
});
