// The facade's public events: turns what the session machine announces into status, activity, hook and frame events.

import type { SessionPublicEvent } from "../machines/session.js";
import type { AgentHookKind, AgentKind, ActivityEvent, SessionStatus, WarningEvent, Unsubscribe } from "./contracts/public-types.js";
import type { ScreenFacts } from "./contracts/screen-facts.js";
import { observerPhase, warningRaw, warningSource } from "./contracts/warning-fields.js";
import { activityForHook } from "./hook-activity.js";
import type { FacadeEventMap, ScreenFrameEvent, HookErrorEvent, HookEventName, HookEventRecord } from "./session-types.js";
import { TypedEmitter } from "./typed-emitter.js";
import type { WaitSources } from "./wait-for.js";

export class SessionEvents {
  readonly emitter: TypedEmitter<FacadeEventMap>;
  readonly frames = new TypedEmitter<{ frame: ScreenFrameEvent }>();
  status: SessionStatus = "starting";
  /** The latest rendered facts (a key written to a dialog is checked against the next ones). */
  latestFacts: ScreenFacts | undefined;
  private attentionLabel: string | undefined;
  /** The turn id of the latest entered submission; every activity event from then on carries it. */
  turnId: string | undefined;

  /** A submission was entered: its op id is the new turn id, except guidance, which joins a running turn. */
  enteredTurn(kind: "prompt" | "message" | "guidance", opId: string): string {
    this.turnId = kind === "guidance" && this.turnId !== undefined ? this.turnId : opId;
    return this.turnId;
  }

  constructor(
    private readonly elwoodSessionId: string,
    private readonly agent: AgentKind,
    /** The adapter's map of its hook names onto the common kinds (`HookEventRecord.kind`). */
    private readonly hookKinds: Readonly<Partial<Record<string, AgentHookKind>>> = {},
  ) {
    this.emitter = new TypedEmitter<FacadeEventMap>((event) => {
      // No recursive warning: a throwing warning listener, or activity listener fed a warning's projection, is not reported again.
      if (event === "warning" || this.projectingWarning) return;
      if (this.listenerFailed) return this.listenerFailed();
      this.warning("hook_observer_failed", `a listener for "${event}" threw`, { event, phase: observerPhase(event) });
    });
  }

  /** Set while a warning's activity projection is delivered. */
  private projectingWarning = false;

  /** Set while `isolate` runs: where a throwing listener of its emits is reported instead. */
  private listenerFailed: (() => void) | undefined;

  /** Runs `deliver`; a listener that throws in it is reported to `failed` (transcript deliveries report their own way). */
  isolate(deliver: () => void, failed: () => void): void {
    const previous = this.listenerFailed;
    this.listenerFailed = failed;
    try {
      deliver();
    } finally {
      this.listenerFailed = previous;
    }
  }

  /** Announcements about the session itself (op and interrupt results are the facade's own business). */
  apply(event: SessionPublicEvent): void {
    switch (event.type) {
      case "public.status":
        this.status = event.to;
        this.emitter.emit("status", { status: event.to, previous: event.from });
        this.activity({ source: "lifecycle", kind: "status", label: event.to, status: event.to });
        if (event.to === "blocked") this.announceAttention([...event.ruleIds].sort().join(",") || "blocked");
        break;
      case "public.frame":
        this.latestFacts = event.facts;
        // While blocked, a newly painted or changed dialog (e.g. after hook evidence blocked first) names its rules.
        if (this.status === "blocked" && event.facts.dialog?.blocking) {
          const label = [...event.facts.dialog.ruleIds].sort().join(",");
          if (label !== "" && label !== this.attentionLabel) this.announceAttention(label);
        }
        this.frames.emit("frame", { seq: event.seq, facts: event.facts });
        break;
      case "public.hook": {
        // The hook server only passes names of the adapter's own hook list.
        const name = event.name as HookEventName;
        const kind = this.hookKinds[name];
        const record: HookEventRecord = kind === undefined ? { name, payload: event.payload } : { name, kind, payload: event.payload };
        this.emitter.emit("hook", record);
        this.emitter.emit(`hook:${name}`, event.payload);
        this.activity(activityForHook(event.name, event.payload));
        break;
      }
      case "public.turn":
        this.activity({ source: "terminal", kind: event.edge === "started" ? "turn_started" : "turn_ended", label: event.source });
        break;
      case "public.startupPrompt":
        this.activity({ source: "terminal", kind: "startup_prompt", label: event.label, text: event.text });
        break;
      case "public.warning":
        this.warning(event.code, event.message, event.details);
        break;
      case "public.hookError":
        this.hookError(event.error);
        break;
      case "public.hookResult":
        this.hookResult(event.name, event.failedOpen, event.response);
        break;
      case "public.exit":
        this.emitter.emit("terminal:exit", event.signal === undefined ? { exitCode: event.exitCode } : { exitCode: event.exitCode, signal: event.signal });
        break;
      default:
        break;
    }
  }

  hookError(error: HookErrorEvent): void {
    this.emitter.emit("hookError", error);
    this.activity({
      source: "hook",
      kind: "hook_error",
      label: error.category,
      text: error.message,
      failedOpen: true,
      ...(error.hookEventName === undefined ? {} : { hookEventName: error.hookEventName }),
    });
  }

  hookResult(hookEventName: string, failedOpen: boolean, response: unknown): void {
    this.activity({ source: "hook", kind: "hook_result", label: hookEventName, hookEventName, failedOpen, raw: response });
  }

  /**
   * A warning goes to `warning` listeners and is projected into `activity` (same source, its code as label, its
   * content-free `raw` line); the projection is built first, so no warning listener can change it. Source,
   * severity and `raw` follow from the code (`contracts/warning-fields.ts`), so every warning site gets them.
   */
  warning(code: WarningEvent["code"], message: string, details?: Readonly<Record<string, unknown>>): void {
    const frozenDetails = details === undefined ? undefined : Object.freeze({ ...details });
    const source = warningSource(code);
    const raw = warningRaw(code, frozenDetails);
    const projection = { source, kind: "warning", label: code, text: message, raw } as const;
    const warning: WarningEvent = { elwoodSessionId: this.elwoodSessionId, agent: this.agent, source, code, severity: "warning", message, raw, ...(frozenDetails ? { details: frozenDetails } : {}) };
    this.emitter.emit("warning", Object.freeze(warning));
    this.projectingWarning = true;
    try {
      this.activity(projection);
    } finally {
      this.projectingWarning = false;
    }
  }

  activity(partial: Omit<ActivityEvent, "elwoodSessionId" | "agent">): void {
    const turn = this.turnId === undefined ? {} : { turnId: this.turnId };
    this.emitter.emit("activity", { elwoodSessionId: this.elwoodSessionId, agent: this.agent, ...turn, ...partial });
  }

  waitSources(deadline: WaitSources["deadline"]): WaitSources {
    return {
      deadline,
      currentStatus: () => this.status,
      onStatus: (listener: (status: SessionStatus) => void): Unsubscribe => this.emitter.on("status", (e) => listener(e.status)),
      onActivity: (listener: (activity: ActivityEvent) => void): Unsubscribe => this.emitter.on("activity", listener),
    };
  }

  private announceAttention(label: string): void {
    this.attentionLabel = label;
    this.activity({ source: "terminal", kind: "attention", label, text: "the agent is waiting on a human decision" });
  }
}
