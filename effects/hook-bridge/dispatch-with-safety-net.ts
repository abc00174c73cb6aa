// One hook call handed to the dispatcher, the same for both transports: a throw, a rejection or no answer in time fails open.

import { FAIL_OPEN_REPLY, type BridgeReply } from "./protocol.js";

export interface SafeDispatchHooks {
  dispatch(req: { readonly event: string; readonly payload: Record<string, unknown> }): Promise<BridgeReply>;
  report(e: { readonly category: "bridge_error"; readonly event: string; readonly message: string }): void;
}

/** Calls the dispatcher and answers exactly once: its reply, or the fail-open reply (reported) after `safetyNetMs`. */
export function dispatchWithSafetyNet(
  hooks: SafeDispatchHooks,
  event: string,
  payload: Record<string, unknown>,
  safetyNetMs: number,
  answer: (reply: BridgeReply) => void,
): void {
  // Safety net only: the dispatcher owns the real deadline and answers before this fires.
  const net = setTimeout(() => {
    hooks.report({ category: "bridge_error", event, message: "hook handler gave no answer in time" });
    answer(FAIL_OPEN_REPLY);
  }, safetyNetMs);
  let reply: Promise<BridgeReply>;
  try {
    reply = hooks.dispatch({ event, payload });
  } catch (e) {
    reply = Promise.reject(e);
  }
  Promise.resolve(reply).then(
    (r) => {
      clearTimeout(net);
      answer(r);
    },
    (e: unknown) => {
      clearTimeout(net);
      hooks.report({ category: "bridge_error", event, message: `hook handler failed: ${e instanceof Error ? e.message : String(e)}` });
      answer(FAIL_OPEN_REPLY);
    },
  );
}
