// The facade's loops (B §6): createLoop / listLoops / cancelLoop, the `loop` event, and the sidecar kept in step. The
// definitions live here (they outlive the session's actor, for a stopped session's list and cancel); their machines
// run as children of the session root, which reports state, firing, expiry and failure back.

import { randomUUID } from "node:crypto";
import type { Actor } from "xstate";
import type { LoopSidecarStore } from "../effects/loop-sidecar-store.js";
import type { SessionMachine, SessionPublicEvent } from "../machines/session.js";
import { ElwoodError, isElwoodError } from "./contracts/errors.js";
import type { ElwoodLoopEvent, ElwoodLoopRequest, ElwoodLoopSnapshot } from "./contracts/loop.js";
import { unexpiredLoops, type LoopDefinition } from "./contracts/loop-sidecar.js";
import { admitLoop, loopSnapshot, redactLoopSnapshot, sortLoopSnapshots } from "./contracts/loop-snapshot.js";
import { isTerminalStatus, type SessionStatus } from "./contracts/public-types.js";

/** What a launched session brings for its loops: where they persist, and the definitions a resume restored. */
export interface SessionLoopRuntime {
  readonly store: LoopSidecarStore;
  readonly restored: readonly LoopDefinition[];
  /** False once a resume in this process superseded this session object (its loop changes would clobber the new one's). */
  readonly current: () => boolean;
}

export interface SessionLoopsDeps {
  readonly actor: Actor<SessionMachine>;
  readonly runtime: SessionLoopRuntime | undefined;
  readonly status: () => SessionStatus;
  readonly emit: (event: ElwoodLoopEvent) => void;
  /** A loop's prompt was entered: activities from then on carry its turn id. */
  readonly fired: (turnId: string) => void;
}

/** A content-free message for a failed loop event (never the prompt). */
const failedMessage = (phase: "persistence" | "scheduling" | "submission"): string =>
  phase === "persistence" ? "the loop sidecar could not be written" : `the loop's ${phase} failed`;

export class SessionLoops {
  private definitions: LoopDefinition[];
  /** Every change to the list runs after the previous one settled (see `serial`). */
  private changes: Promise<unknown> = Promise.resolve();
  /** Killed or torn down: the list is gone for good, a change still in flight adds nothing back. */
  private ended = false;

  constructor(private readonly deps: SessionLoopsDeps) {
    this.definitions = unexpiredLoops(deps.runtime?.restored ?? [], Date.now());
  }

  /** Hands the restored definitions to the root (their clocks start fresh at its first readiness). */
  restore(): void {
    for (const definition of this.definitions) this.deps.actor.send({ type: "cmd.loopAdd", definition });
  }

  create(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    return this.serial(async () => {
      const status = this.deps.status();
      if (this.ended || isTerminalStatus(status) || this.deps.actor.getSnapshot().status !== "active" || this.superseded()) {
        throw new ElwoodError("session_not_running", `the session is ${status}`, { status });
      }
      const now = Date.now();
      this.definitions = unexpiredLoops(this.definitions, now);
      const definition = admitLoop(this.definitions, request, randomUUID(), now);
      if (definition instanceof Error) throw definition;
      // Nothing runs that is not on disk first: a failed write leaves no loop behind.
      await this.persist([...this.definitions, definition], definition.id);
      if (this.ended) throw new ElwoodError("session_not_running", `the session is ${this.deps.status()}`, { status: this.deps.status() });
      this.definitions = [...this.definitions, definition];
      this.deps.actor.send({ type: "cmd.loopAdd", definition });
      const snapshot = this.snapshot(definition);
      this.deps.emit({ kind: "created", loopId: definition.id, at: definition.createdAt, snapshot: redactLoopSnapshot(snapshot) });
      return snapshot;
    });
  }

  list(): readonly ElwoodLoopSnapshot[] {
    this.prune(Date.now());
    return sortLoopSnapshots(this.definitions.map((definition) => this.snapshot(definition)));
  }

  cancel(loopId: unknown): Promise<void> {
    return this.serial(async () => {
      if (this.superseded()) throw new ElwoodError("session_not_running", "a resume superseded this session object", { status: this.deps.status() });
      this.definitions = unexpiredLoops(this.definitions, Date.now());
      const definition = this.definitions.find((d) => d.id === loopId);
      if (typeof loopId !== "string" || definition === undefined) {
        throw new ElwoodError("loop_not_found", "no loop with this id", { loopId: typeof loopId === "string" ? loopId : "" });
      }
      await this.persist(
        this.definitions.filter((d) => d !== definition),
        loopId,
      );
      this.definitions = this.definitions.filter((d) => d !== definition);
      this.deps.actor.send({ type: "cmd.loopCancel", loopId });
      this.deps.emit({ kind: "cancelled", loopId, at: Date.now(), reason: "caller" });
    });
  }

  /**
   * Holds loop delivery until the returned release is called (a `send` / `stream` turn holds it through its real
   * boundary, so a loop never answers for the caller's prompt). A root that no longer runs needs no hold or release.
   */
  hold(): () => void {
    const holdId = randomUUID();
    const { actor } = this.deps;
    if (actor.getSnapshot().status !== "active") return () => {};
    actor.send({ type: "cmd.loopHold", holdId });
    let released = false;
    return () => {
      if (released || actor.getSnapshot().status !== "active") return;
      released = true;
      actor.send({ type: "cmd.loopRelease", holdId });
    };
  }

  /** What the root reports about its loop children. */
  onPublic(event: SessionPublicEvent): boolean {
    switch (event.type) {
      case "public.loopFired": {
        const definition = this.definitions.find((d) => d.id === event.loopId);
        if (definition === undefined) return true;
        this.deps.fired(event.opId);
        const snapshot = { ...redactLoopSnapshot(loopSnapshot(definition, "submitted")), state: "submitted" as const };
        this.deps.emit({ kind: "fired", loopId: event.loopId, scheduledDueAt: event.scheduledDueAt, submittedAt: event.submittedAt, snapshot: Object.freeze(snapshot) });
        return true;
      }
      case "public.loopExpired":
        this.expire(event.loopId, event.at);
        return true;
      case "public.loopFailed": {
        const definition = this.definitions.find((d) => d.id === event.loopId);
        if (definition === undefined) return true;
        this.deps.emit({
          kind: "failed",
          loopId: event.loopId,
          at: event.at,
          phase: event.phase,
          snapshot: redactLoopSnapshot(this.snapshot(definition)),
          code: "loop_submission_failed",
          message: failedMessage(event.phase),
        });
        return true;
      }
      default:
        return false;
    }
  }

  /** After a successful kill every definition is gone for good; after a teardown the sidecar went with the directory. */
  async closed(as: "killed" | "torn_down"): Promise<void> {
    this.ended = true;
    const removed = this.definitions;
    this.definitions = [];
    // After any write still in flight, so a create racing the kill cannot leave its loop on disk.
    const store = this.deps.runtime?.store;
    // A session object a resume superseded speaks for the session no more: its kill leaves the new one's loops alone.
    if (as === "killed" && store !== undefined && !this.superseded()) await this.serial(() => store.clear());
    const at = Date.now();
    for (const definition of removed) this.deps.emit({ kind: "cancelled", loopId: definition.id, at, reason: as === "killed" ? "kill" : "teardown" });
  }

  private superseded(): boolean {
    return this.deps.runtime !== undefined && !this.deps.runtime.current();
  }

  private expire(loopId: string, at: number): void {
    const definition = this.definitions.find((d) => d.id === loopId);
    if (definition === undefined) return;
    this.definitions = this.definitions.filter((d) => d !== definition);
    this.deps.emit({ kind: "expired", loopId, at });
    this.serial(() => this.persist(this.definitions, loopId)).catch(() => {
      this.deps.emit({ kind: "failed", loopId, at: Date.now(), phase: "persistence", code: "loop_persistence_failed", message: failedMessage("persistence") });
    });
  }

  /** Expired definitions go silently (a stopped session's clock runs no more; the list still must not show them). */
  private prune(now: number): void {
    const kept = unexpiredLoops(this.definitions, now);
    if (kept.length === this.definitions.length) return;
    this.definitions = kept;
    this.serial(() => this.persist(this.definitions)).catch(() => undefined);
  }

  /**
   * Runs one change after the previous one settled, so each starts from the list the last one left: a change built
   * from the list as it was before an earlier save finished would write that save's loop out of the sidecar (two
   * concurrent creates kept one on disk) and could pass the per-session limit.
   */
  private serial<T>(change: () => Promise<T>): Promise<T> {
    const run = this.changes.then(change, change);
    this.changes = run.catch(() => undefined);
    return run;
  }

  private async persist(definitions: readonly LoopDefinition[], loopId?: string): Promise<void> {
    const store = this.deps.runtime?.store;
    // An expiry or prune on a superseded object must not write its stale list over the resumed session's.
    if (store === undefined || this.superseded()) return;
    try {
      await store.save(definitions);
    } catch (error) {
      const details = isElwoodError(error) ? (error.details as { errno?: string; path?: string }) : {};
      throw new ElwoodError("loop_persistence_failed", "the loop sidecar could not be written", {
        ...(details.errno === undefined ? {} : { errno: details.errno }),
        ...(loopId === undefined ? {} : { loopId }),
      });
    }
  }

  private snapshot(definition: LoopDefinition): ElwoodLoopSnapshot {
    const actor = this.deps.actor.getSnapshot();
    const entry = actor.status === "active" ? actor.context.loops[definition.id] : undefined;
    return loopSnapshot(definition, entry?.state ?? "waiting", entry?.nextDueAt);
  }
}
