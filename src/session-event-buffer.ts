// Holds hook traffic that arrives while a session is being assembled, then forwards it to the live session.

import type { Actor } from "xstate";
import type { SessionMachine } from "../machines/session.js";
import type { SessionFacade, HookErrorEvent } from "./agent-session.js";
import type { WarningEvent } from "./contracts/public-types.js";

type Pending =
  | { readonly kind: "hook"; readonly name: string; readonly payload: Readonly<Record<string, unknown>>; readonly handlerDecision?: string }
  | { readonly kind: "hookError"; readonly error: HookErrorEvent }
  | { readonly kind: "hookResult"; readonly name: string; readonly failedOpen: boolean; readonly response: unknown }
  | { readonly kind: "warning"; readonly code: WarningEvent["code"]; readonly message: string; readonly details?: Readonly<Record<string, unknown>> };

export class SessionEventBuffer {
  private pending: Pending[] = [];
  private session: SessionFacade | undefined;
  private actor: Actor<SessionMachine> | undefined;

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

  attach(session: SessionFacade, actor: Actor<SessionMachine>): void {
    this.session = session;
    this.actor = actor;
    const queued = this.pending;
    this.pending = [];
    for (const item of queued) this.deliver(item);
  }

  private push(item: Pending): void {
    if (this.session) this.deliver(item);
    else this.pending.push(item);
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
