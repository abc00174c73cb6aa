// Holds hook traffic that arrives while a session is being assembled, then forwards it to the live session in order.

import type { Actor } from "xstate";
import type { SessionMachine } from "../machines/session.js";
import type { SessionFacade, HookErrorEvent } from "./agent-session.js";
import type { WarningEvent } from "./contracts/public-types.js";

type Pending =
  | { readonly kind: "hook"; readonly name: string; readonly payload: Readonly<Record<string, unknown>>; readonly handlerDecision?: string }
  | { readonly kind: "hookError"; readonly error: HookErrorEvent }
  | { readonly kind: "hookResult"; readonly name: string; readonly failedOpen: boolean; readonly response: unknown }
  | { readonly kind: "warning"; readonly code: WarningEvent["code"]; readonly message: string; readonly details?: Readonly<Record<string, unknown>> };

/**
 * How long a hook waits for the PTY output that arrived before it to be rendered. A hook over HTTP reaches the session
 * within a millisecond, sooner than the 4 ms render batch that carries the text the CLI wrote just before it; without
 * the wait, `ready` on a Stop hook could come with a screen that does not show the turn's last words yet.
 */
const RENDER_WAIT_MS = 250;

export class SessionEventBuffer {
  private pending: Pending[] = [];
  private session: SessionFacade | undefined;
  private actor: Actor<SessionMachine> | undefined;
  private rendered: (() => Promise<void>) | undefined;
  private chain: Promise<void> = Promise.resolve();

  /** `handlerDecision` is set for hooks delivered after their handler answered (see HookEvent). */
  hook(name: string, payload: Readonly<Record<string, unknown>>, handlerDecision?: string): void {
    this.push(handlerDecision === undefined ? { kind: "hook", name, payload } : { kind: "hook", name, payload, handlerDecision });
  }

  hookError(error: HookErrorEvent): void {
    this.push({ kind: "hookError", error });
  }

  hookResult(name: string, failedOpen: boolean, response: unknown): void {
    this.push({ kind: "hookResult", name, failedOpen, response });
  }

  warning(code: WarningEvent["code"], message: string, details?: Readonly<Record<string, unknown>>): void {
    this.push(details === undefined ? { kind: "warning", code, message } : { kind: "warning", code, message, details });
  }

  /** `rendered` resolves once every PTY byte received so far is on the screen (the terminal's `settled`). */
  attach(session: SessionFacade, actor: Actor<SessionMachine>, rendered?: () => Promise<void>): void {
    this.session = session;
    this.actor = actor;
    this.rendered = rendered;
    const queued = this.pending;
    this.pending = [];
    for (const item of queued) this.enqueue(item);
  }

  /** Resolves once everything pushed so far has reached the session. */
  delivered(): Promise<void> {
    return this.chain;
  }

  private push(item: Pending): void {
    if (this.session) this.enqueue(item);
    else this.pending.push(item);
  }

  /** Delivers in arrival order; a hook only after the output that came before it is rendered (bounded). */
  private enqueue(item: Pending): void {
    const gate = item.kind === "hook" && this.rendered !== undefined ? bounded(this.rendered) : undefined;
    this.chain = this.chain
      .then(async () => {
        if (gate !== undefined) await gate;
        this.deliver(item);
      })
      .catch(() => undefined);
  }

  private deliver(item: Pending): void {
    const session = this.session;
    const actor = this.actor;
    if (!session || !actor) return;
    switch (item.kind) {
      case "hook":
        actor.send({
          type: `hook.${item.name}`,
          name: item.name,
          payload: item.payload,
          ...(item.handlerDecision === undefined ? {} : { handlerDecision: item.handlerDecision }),
        });
        break;
      case "hookError":
        session.emitHookError(item.error);
        break;
      case "hookResult":
        session.emitHookResult(item.name, item.failedOpen, item.response);
        break;
      case "warning":
        session.emitWarning(item.code, item.message, item.details);
        break;
    }
  }
}

function bounded(rendered: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RENDER_WAIT_MS);
  });
  let done: Promise<void>;
  try {
    done = rendered();
  } catch {
    done = Promise.resolve();
  }
  return Promise.race([done.catch(() => undefined), limit]).finally(() => clearTimeout(timer));
}
