// The inspector's wire protocol: JSON messages between the local server and the page (type-only, shared by both).

/** One state node of a machine graph; `parent` is null for the machine's root node. */
export interface GraphNode {
  readonly id: string;
  readonly key: string;
  readonly parent: string | null;
  readonly final: boolean;
  /** Child id the parent enters by default (drawn as an entry marker). */
  readonly initial: boolean;
  /** The state's own description from the machine definition: what it waits for. */
  readonly description?: string;
}

/** Transitions between the same two nodes are merged; `events` lists their event types. */
export interface GraphEdge {
  readonly source: string;
  readonly target: string;
  readonly events: readonly string[];
}

export interface MachineGraph {
  readonly machineId: string;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

/** How much of one machine's graph the model tests walk, from the coverage report a test run wrote. */
export interface MachineCoverage {
  readonly machineId: string;
  /** State node ids some test reached. */
  readonly reached: readonly string[];
  /** Every transition of the graph (source × event × guard branch) and whether some test walked it. */
  readonly transitions: readonly { readonly source: string; readonly targets: readonly string[]; readonly walked: boolean }[];
}

/** One live actor of a session, flattened depth-first (depth 0 = the session root). */
export interface ActorInfo {
  /** Path of actor ids from the root, e.g. `session/queue/submission`. */
  readonly path: string;
  readonly depth: number;
  /** Present for state-machine actors; names the graph to draw. */
  readonly machineId?: string;
  /** Active state node ids (leaf and ancestors) for machines. */
  readonly active: readonly string[];
  /** Dotted state value for display, e.g. `running.turn`. */
  readonly state: string;
  readonly status: string;
}

export interface TransitionInfo {
  readonly actor: string;
  readonly machineId: string;
  readonly eventType: string;
  readonly source: string;
  /** The states it targets (targetless transitions are not reported). */
  readonly targets: readonly string[];
  readonly at: number;
}

export type TimelineKind = "hook" | "frame" | "status" | "activity" | "event" | "warning" | "error" | "exit";

export interface TimelineEntry {
  readonly seq: number;
  readonly at: number;
  readonly sid: string;
  readonly kind: TimelineKind;
  readonly label: string;
  /** Structured detail (live only, shown on demand and exported by the browser; never written to disk). */
  readonly detail?: unknown;
}

export interface SessionInfo {
  readonly sid: string;
  readonly agent: string;
  readonly cwd: string;
}

export interface DecisionRow {
  readonly at: number;
  readonly evidence: string;
  readonly from: string;
  readonly to: string | null;
  readonly reason: string;
}

export type ServerMessage =
  | { readonly t: "hello"; readonly sessions: readonly SessionInfo[] }
  | { readonly t: "graph"; readonly graph: MachineGraph }
  | { readonly t: "coverage"; readonly machines: readonly MachineCoverage[] }
  | { readonly t: "term"; readonly sid: string; readonly data: string }
  | { readonly t: "size"; readonly sid: string; readonly cols: number; readonly rows: number }
  | { readonly t: "status"; readonly sid: string; readonly status: string }
  | { readonly t: "tree"; readonly sid: string; readonly actors: readonly ActorInfo[] }
  | { readonly t: "transition"; readonly sid: string; readonly transition: TransitionInfo }
  | { readonly t: "timeline"; readonly entries: readonly TimelineEntry[] }
  | { readonly t: "decisions"; readonly sid: string; readonly rows: readonly DecisionRow[] }
  | { readonly t: "result"; readonly reqId: number; readonly ok: boolean; readonly error?: string };

export type CommandOp = "send" | "keys" | "interrupt" | "resize" | "stop" | "kill" | "teardown";

export interface ClientCommand {
  readonly t: "cmd";
  readonly reqId: number;
  readonly sid: string;
  readonly op: CommandOp;
  readonly text?: string;
  readonly cols?: number;
  readonly rows?: number;
}
