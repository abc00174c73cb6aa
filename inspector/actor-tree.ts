// Reads a live actor system into a flat, depth-first list of actors with their current states.

import type { AnyActorRef, AnyStateMachine, StateValue } from "xstate";
import type { ActorInfo } from "./protocol.js";

interface MachineLikeSnapshot {
  readonly status?: string;
  readonly value?: StateValue;
  readonly machine?: AnyStateMachine;
  readonly children?: Record<string, AnyActorRef | undefined>;
}

/** Active state node ids for a state value: every ancestor and leaf, prefixed with the machine id. */
export function activeIds(machineId: string, value: StateValue): string[] {
  const out: string[] = [];
  const walk = (prefix: string, v: StateValue): void => {
    if (typeof v === "string") {
      out.push(`${prefix}.${v}`);
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      out.push(`${prefix}.${key}`);
      if (sub !== undefined) walk(`${prefix}.${key}`, sub as StateValue);
    }
  };
  walk(machineId, value);
  return out;
}

/** `running.turn` for `{ running: "turn" }`; parallel regions are joined with ` | `. */
export function dottedValue(value: StateValue): string {
  if (typeof value === "string") return value;
  return Object.entries(value)
    .map(([key, sub]) => {
      const rest = sub === undefined ? "" : dottedValue(sub as StateValue);
      return rest === "" ? key : `${key}.${rest}`;
    })
    .join(" | ");
}

export function machineOf(actor: AnyActorRef): AnyStateMachine | undefined {
  return (actor.getSnapshot() as MachineLikeSnapshot | undefined)?.machine;
}

/** The root's own id is a generated system id; its machine id reads better. */
function rootName(root: AnyActorRef): string {
  return machineOf(root)?.id ?? root.id;
}

/** Path of ids from the root to this actor, e.g. `session/queue/submission`. */
export function actorPath(actor: AnyActorRef): string {
  const ids: string[] = [];
  for (let a: AnyActorRef | undefined = actor; a; a = a._parent) ids.unshift(a._parent ? a.id : rootName(a));
  return ids.join("/");
}

/** `onMachine` sees every machine met on the way, so the caller can make sure its graph is known. */
export function readActorTree(root: AnyActorRef, onMachine?: (machine: AnyStateMachine) => void): ActorInfo[] {
  const out: ActorInfo[] = [];
  const visit = (actor: AnyActorRef, path: string, depth: number): void => {
    const snap = actor.getSnapshot() as MachineLikeSnapshot | undefined;
    const machine = snap?.machine;
    const base = { path, depth, status: snap?.status ?? "unknown" };
    if (machine && snap?.value !== undefined) {
      onMachine?.(machine);
      out.push({ ...base, machineId: machine.id, active: activeIds(machine.id, snap.value), state: dottedValue(snap.value) });
    } else {
      out.push({ ...base, active: [], state: "" });
    }
    for (const [id, child] of Object.entries(snap?.children ?? {})) {
      if (child) visit(child, `${path}/${id}`, depth + 1);
    }
  };
  visit(root, rootName(root), 0);
  return out;
}
