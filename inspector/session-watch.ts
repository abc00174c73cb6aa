// Watches one session for the inspector: facade events, XState inspection, actor tree and decisions → wire messages.

import type { AnyActorRef, AnyStateMachine, InspectionEvent } from "xstate";
import type { Subscription } from "rxjs";
import { factsKey } from "../src/contracts/screen-facts.js";
import type { SessionFacade } from "../src/agent-session.js";
import type { Unsubscribe } from "../src/contracts/public-types.js";
import { hookResultSummary } from "./hook-result.js";
import { actorPath, machineOf, readActorTree } from "./actor-tree.js";
import type { DecisionRow, ServerMessage, TimelineEntry, TimelineKind, TransitionInfo } from "./protocol.js";

/** How many timeline entries a late-opened page still gets. */
const BACKLOG_LIMIT = 3000;
/** Batch window for timeline, tree and decision pushes: keeps a repaint storm from flooding the socket. */
const PUSH_DELAY_MS = 40;

export interface WatchSink {
  broadcast(message: ServerMessage): void;
  machine(machine: AnyStateMachine): void;
  nextSeq(): number;
}

/** Events that arrive with every frame, hook or write: handled in place, they would flood the graph highlight. */
const STREAM_EVENT = /^(frame|hook\.|io\.|status\.changed|turn\.|submission\.|effect\.|xstate\.)/;

/**
 * The facade keeps its root actor protected so consumers never depend on it; the inspector is a debugging tool
 * of this package and reads it to show the actor tree even for sessions started before `inspect()` was called.
 */
export function sessionActor(session: SessionFacade): AnyActorRef {
  return (session as unknown as { runtime: { actor: AnyActorRef } }).runtime.actor;
}

export class SessionWatch {
  readonly sid: string;
  private readonly root: AnyActorRef;
  private readonly offs: Unsubscribe[] = [];
  private readonly frames: Subscription;
  private readonly backlog: TimelineEntry[] = [];
  private readonly transitions = new Map<string, TransitionInfo>();
  private pendingEntries: TimelineEntry[] = [];
  private entryTimer: NodeJS.Timeout | undefined;
  private treeTimer: NodeJS.Timeout | undefined;
  private decisionsTimer: NodeJS.Timeout | undefined;
  private lastFactsKey = "";

  constructor(
    readonly session: SessionFacade,
    private readonly sink: WatchSink,
  ) {
    this.sid = session.elwoodSessionId;
    this.root = sessionActor(session);
    this.offs.push(
      session.on("status", (e) => {
        this.entry("status", `${e.previous} → ${e.status}`, e);
        this.sink.broadcast({ t: "status", sid: this.sid, status: e.status });
        this.scheduleDecisions();
      }),
      session.on("hook", (h) => this.entry("hook", h.name, h.payload)),
      session.on("activity", (a) => {
        const result = a.kind === "hook_result" ? ` → ${hookResultSummary(a.failedOpen, a.raw)}` : "";
        this.entry("activity", `${a.source}/${a.kind}: ${a.label}${result}`, a);
      }),
      session.on("hookError", (e) => this.entry("error", `hook ${e.category}${e.hookEventName ? ` (${e.hookEventName})` : ""}: ${e.message}`, e)),
      session.on("warning", (w) => this.entry("warning", `${w.code}: ${w.message}`, w)),
      session.on("terminal:exit", (e) => this.entry("exit", e.signal === undefined ? `exit ${e.exitCode}` : `killed by signal ${e.signal}`, e)),
    );
    this.frames = session.frames$.subscribe((frame) => {
      // Repaints that keep the same meaning are noise; the timeline shows a frame when its facts change.
      const key = factsKey(frame.facts);
      if (key === this.lastFactsKey) return;
      this.lastFactsKey = key;
      const rules = frame.facts.ruleIds.join(", ") || "no rules";
      this.entry("frame", `#${frame.seq} ${rules}`, frame.facts);
    });
  }

  /** Everything a newly connected page needs to catch up, in order. */
  catchUp(): ServerMessage[] {
    const size = this.session.terminal.size;
    return [
      { t: "status", sid: this.sid, status: this.session.status },
      { t: "size", sid: this.sid, cols: size.cols, rows: size.rows },
      { t: "tree", sid: this.sid, actors: this.tree() },
      { t: "decisions", sid: this.sid, rows: this.decisions() },
      ...[...this.transitions.values()].map((transition): ServerMessage => ({ t: "transition", sid: this.sid, transition })),
      { t: "timeline", entries: [...this.backlog] },
    ];
  }

  /** Inspector-side failures (a control request the session refused) belong in the same log. */
  error(label: string, detail?: unknown): void {
    this.entry("error", label, detail);
  }

  onInspection(event: InspectionEvent): void {
    // Inspection types its refs loosely (ActorRefLike); inside one process they are full actor refs.
    const ref = event.actorRef as AnyActorRef;
    switch (event.type) {
      case "@xstate.snapshot":
        this.scheduleTree();
        if (ref.id === "status") this.scheduleDecisions();
        break;
      case "@xstate.microstep": {
        const machine = machineOf(ref);
        if (!machine) break;
        const actor = actorPath(ref);
        for (const t of event._transitions) {
          // Targetless transitions on the stream of screen, hook and write traffic fire on every repaint; the graph
          // highlights the last transition that targets a state (or a targetless one with meaning, like a deadline).
          const targetless = !t.target || t.target.length === 0;
          if (targetless && STREAM_EVENT.test(t.eventType)) continue;
          const transition: TransitionInfo = {
            actor,
            machineId: machine.id,
            eventType: t.eventType,
            source: t.source.id,
            targets: targetless ? [t.source.id] : (t.target ?? []).map((n) => n.id),
            at: Date.now(),
          };
          this.transitions.set(actor, transition);
          this.sink.broadcast({ t: "transition", sid: this.sid, transition });
        }
        break;
      }
      case "@xstate.event": {
        // Frames are shown as facts (above); event payloads can hold prompt text, so only the type is listed.
        const type = event.event.type;
        if (type === "frame" || !machineOf(ref)) break;
        const from = event.sourceRef ? actorPath(event.sourceRef as AnyActorRef) : "facade";
        this.entry("event", `${from} → ${actorPath(ref)}: ${type}`);
        break;
      }
      default:
        break;
    }
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.frames.unsubscribe();
    clearTimeout(this.entryTimer);
    clearTimeout(this.treeTimer);
    clearTimeout(this.decisionsTimer);
  }

  private tree() {
    return readActorTree(this.root, (m) => this.sink.machine(m));
  }

  private decisions(): DecisionRow[] {
    return this.session.statusDecisions().map((d) => ({
      at: d.at,
      evidence: [d.evidence.kind, d.evidence.source, d.evidence.ruleIds?.join(",")].filter((x) => x !== undefined && x !== "").join(" · "),
      from: d.from,
      to: d.to ?? null,
      reason: d.reason,
    }));
  }

  private entry(kind: TimelineKind, label: string, detail?: unknown): void {
    const entry: TimelineEntry = { seq: this.sink.nextSeq(), at: Date.now(), sid: this.sid, kind, label, ...(detail === undefined ? {} : { detail }) };
    this.backlog.push(entry);
    if (this.backlog.length > BACKLOG_LIMIT) this.backlog.splice(0, this.backlog.length - BACKLOG_LIMIT);
    this.pendingEntries.push(entry);
    this.entryTimer ??= setTimeout(() => {
      this.entryTimer = undefined;
      const entries = this.pendingEntries;
      this.pendingEntries = [];
      this.sink.broadcast({ t: "timeline", entries });
    }, PUSH_DELAY_MS);
  }

  private scheduleTree(): void {
    this.treeTimer ??= setTimeout(() => {
      this.treeTimer = undefined;
      this.sink.broadcast({ t: "tree", sid: this.sid, actors: this.tree() });
    }, PUSH_DELAY_MS);
  }

  private scheduleDecisions(): void {
    this.decisionsTimer ??= setTimeout(() => {
      this.decisionsTimer = undefined;
      this.sink.broadcast({ t: "decisions", sid: this.sid, rows: this.decisions() });
    }, PUSH_DELAY_MS);
  }
}
