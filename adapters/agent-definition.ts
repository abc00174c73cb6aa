// One agent's whole definition: identity, executable, options, launch plan, resume posture, capabilities and the
// runtime profile the machines take. Each adapters/<cli>/index.ts exports one; adapters/registry.ts lists them.

import type { AgentAdapter } from "../src/contracts/agent-adapter.js";
import type { AgentKind } from "../src/contracts/agent-kinds.js";
import type { ResumeTarget } from "../src/contracts/start-or-resume.js";
import type { TurnHookReader } from "../src/contracts/turn-hooks.js";
import type { InteractiveLaunch, PublicAgentDefinition } from "./agent-facts.js";
import type { AgentLaunchPlan, CommonResolvedOptions } from "./agent-launch-plan.js";

export type { AgentCapabilities, AgentPostureOption, AgentResumePosture, InteractiveLaunch, PublicAgentDefinition } from "./agent-facts.js";

/** Everything Elwood knows about one agent CLI: its public data plus how Elwood drives it. `R` is its validated options, `P` its probe's answer. */
export interface AgentDefinition<K extends AgentKind = AgentKind, R extends CommonResolvedOptions = CommonResolvedOptions, P = unknown>
  extends PublicAgentDefinition<K> {
  /**
   * Variables a running instance of this CLI sets for its children (a trailing `*` makes a prefix). Every agent's
   * launch drops them from the inherited environment, so an embedder running inside this CLI starts a fresh instance
   * of it (anywhere in the new agent's process tree), never a nested one.
   */
  readonly nestingEnv?: readonly string[];
  /** What the machines and the session actor take: screen reader, readiness, hooks, picker / login profiles. */
  readonly adapter: AgentAdapter;
  /** Validates a caller's options (untrusted input) into the resolved options, or rejects with a typed error. */
  readonly validateOptions: (options: unknown) => Promise<R>;
  /** The launch plan for validated options; with `resume`, the same launch on the CLI's recorded conversation. */
  readonly launchPlan: (resolved: R, resume?: ResumeTarget) => AgentLaunchPlan<P>;
  /** The CLI's own argv (after its executable) for a person's interactive launch with this model, effort and posture. */
  readonly interactiveArgs: (launch: InteractiveLaunch) => string[];
  /**
   * Variables a person's interactive launch of a stored session needs, from its session directory (an agent whose
   * conversation lives in a private config home there); absent: none.
   */
  readonly interactiveEnv?: (sessionDir: string) => Readonly<Record<string, string>>;
  /** Reads the hooks that accept, end or reject a `send` / `stream` turn (its transcript reader is the adapter's). */
  readonly turnHooks: TurnHookReader;
  /** Whether a name is one of its hook events (a handler key, a bridge call's event). */
  readonly isHookEventName: (name: string) => boolean;
}

/** Declares an agent: the identity function that checks the definition's shape and keeps its precise types. */
export function defineAgent<K extends AgentKind, R extends CommonResolvedOptions, P>(definition: AgentDefinition<K, R, P>): AgentDefinition<K, R, P> {
  return Object.freeze(definition);
}
