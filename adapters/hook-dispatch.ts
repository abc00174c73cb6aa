// The hook dispatch skeleton both agents share: check, freeze, observe, run the handler with a deadline, answer in the agent's wire format.
import { snapshotJson } from "../effects/hook-bridge/snapshot.js";
import type { HookBridgeHandler, HookBridgeRequest } from "../effects/hook-bridge/server.js";
import type { BridgeReply } from "../effects/hook-bridge/protocol.js";
import { describeError, guardObserver, runHookHandler } from "./hook-handler-run.js";

export type HookErrorCategory = "timeout" | "handler_error" | "invalid_input" | "invalid_response" | "bridge_error";
export type HookDispatchError = {
  readonly category: HookErrorCategory;
  /** The agent's event name, or "Unknown" when the request named none of its events. */
  readonly event: string;
  readonly message: string;
  /** Only on genuine timeouts. */
  readonly timeoutMs?: number;
};
export type HookDispatchResult = { readonly event: string; readonly failedOpen: boolean; readonly response?: unknown };

export type HookDispatcherOptions<E extends string, P, H> = {
  readonly handlers: H;
  readonly timeoutMs: number;
  readonly onHookError: (e: HookDispatchError) => void;
  readonly onHookResult: (r: HookDispatchResult) => void;
  /** Called first for every valid event, with the frozen payload; the session turns it into machine events. */
  readonly onEvent: (event: E, payload: P) => void;
};

export type Wire = { readonly ok: true; readonly stdout: string } | { readonly ok: false; readonly reason: string };

type Rec = Readonly<Record<string, unknown>>;

/** What differs between agents: event names, payload checks, handler lookup and the reply format. */
export interface HookProtocol<E extends string, P, H> {
  /** Used in the "names no <agent> hook event" message. */
  readonly agentName: string;
  readonly isEvent: (name: string) => name is E;
  /** Why the request payload is not a valid `event` payload; undefined when it is. */
  readonly validate: (event: E, payload: Rec) => string | undefined;
  /** Rewrites a valid payload before it is frozen (Codex normalises tool names); identity when absent. */
  readonly normalize?: (event: E, payload: Rec) => Rec;
  /** The handler for this event; `keyed` says it was found under a more specific key than the event name. */
  readonly lookup: (handlers: H, event: E, payload: P) => { readonly handler: (p: P) => unknown; readonly keyed: boolean } | undefined;
  readonly toWire: (event: E, response: unknown, payload: P, keyed: boolean) => Wire;
  /**
   * The handler deadline for `event` given the configured one; identity when absent. An event the CLI itself
   * times out sooner gets a deadline inside the CLI's, so Elwood's fail-open answer still arrives.
   */
  readonly deadlineMs?: (event: E, configuredMs: number) => number;
}

const NO_DECISION: BridgeReply = Object.freeze({ stdout: "", exitCode: 0 });

export function createHookDispatcher<E extends string, P, H>(
  protocol: HookProtocol<E, P, H>,
  opts: HookDispatcherOptions<E, P, H>,
): HookBridgeHandler {
  const report = (e: HookDispatchError): void => {
    guardObserver(() => opts.onHookError(e));
    guardObserver(() => opts.onHookResult({ event: e.event, failedOpen: true }));
  };

  return async (req: HookBridgeRequest): Promise<BridgeReply> => {
    const event = req.event;
    if (!protocol.isEvent(event)) {
      report({ category: "invalid_input", event: "Unknown", message: `hook request names no ${protocol.agentName} hook event` });
      return NO_DECISION;
    }
    const invalid = protocol.validate(event, req.payload);
    if (invalid !== undefined) {
      report({ category: "invalid_input", event, message: invalid });
      return NO_DECISION;
    }
    const frozen = snapshotJson(protocol.normalize === undefined ? req.payload : protocol.normalize(event, req.payload));
    if (!frozen.ok) {
      report({ category: "invalid_input", event, message: `hook payload rejected: ${frozen.reason}` });
      return NO_DECISION;
    }
    const payload = frozen.value as P;
    // Observation never blocks dispatch: a throwing session listener is contained here.
    guardObserver(() => opts.onEvent(event, payload));

    const found = protocol.lookup(opts.handlers, event, payload);
    if (found === undefined) {
      guardObserver(() => opts.onHookResult({ event, failedOpen: false }));
      return NO_DECISION;
    }

    const deadline = protocol.deadlineMs === undefined ? opts.timeoutMs : protocol.deadlineMs(event, opts.timeoutMs);
    const outcome = await runHookHandler(found.handler, payload, deadline);
    if (outcome.kind === "timeout") {
      report({ category: "timeout", event, message: `hook handler did not answer within ${deadline} ms`, timeoutMs: deadline });
      return NO_DECISION;
    }
    if (outcome.kind === "threw") {
      report({ category: "handler_error", event, message: `hook handler failed: ${describeError(outcome.error)}` });
      return NO_DECISION;
    }
    // Snapshot first, then validate and serialise that same copy: later mutation by the handler changes nothing.
    const snap = snapshotJson(outcome.value);
    if (!snap.ok) {
      report({ category: "invalid_response", event, message: `hook response is not plain data: ${snap.reason}` });
      return NO_DECISION;
    }
    const wire = protocol.toWire(event, snap.value, payload, found.keyed);
    if (!wire.ok) {
      report({ category: "invalid_response", event, message: wire.reason });
      return NO_DECISION;
    }
    const result: HookDispatchResult = snap.value === undefined ? { event, failedOpen: false } : { event, failedOpen: false, response: snap.value };
    guardObserver(() => opts.onHookResult(result));
    return { stdout: wire.stdout, exitCode: 0 };
  };
}
