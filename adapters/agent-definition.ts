// One agent's whole definition: identity, executable, options, launch plan, resume posture, capabilities and the
// runtime profile the machines take. Each adapters/<cli>/index.ts exports one; adapters/registry.ts lists them.

import type { AgentAdapter } from "../src/contracts/agent-adapter.js";
import type { AgentKind, AgentResumePostureOf } from "../src/contracts/agent-kinds.js";
import type { ResumeTarget } from "../src/contracts/start-or-resume.js";
import type { TurnHookReader } from "../src/contracts/turn-hooks.js";
import type { AgentLaunchPlan, CommonResolvedOptions } from "./agent-launch-plan.js";

/** A launch posture option the elwood command offers per agent (`--claude-permission-mode`, `--codex-sandbox` …). */
export interface AgentPostureOption {
  /** The session option it sets (`permissionMode`, `sandbox`, `approvalPolicy`). */
  readonly option: string;
  /** How people call it, for messages ("Claude permission mode"). */
  readonly label: string;
  readonly values: readonly string[];
  /** The elwood command's choice when nobody chose and highTrust is off: a posture that never asks (C-CLI-07). */
  readonly commandDefault: string;
  /** The value `highTrust` stands for. */
  readonly highTrust: string;
  /**
   * The value when a person at the keyboard answers the CLI's own prompts (the inspector's live session), so their
   * settings' default posture does not apply; unset: the CLI's own default.
   */
  readonly interactive?: string;
}

/** What an agent can do through Elwood, so a face refuses the rest with a typed error instead of failing late. */
export interface AgentCapabilities {
  /** `login()` drives the CLI's own `/login` panel. */
  readonly login: boolean;
  /** Images reach the composer (`images` on send / stream). */
  readonly images: boolean;
  /** `listModels` / `setModel` through the CLI's `/model` picker. */
  readonly models: boolean;
  readonly compact: boolean;
  /** A recorded session relaunches on the CLI's own conversation. */
  readonly resume: boolean;
  readonly loops: boolean;
}

/** How a resume restores the recorded posture: which option fields it keeps, and which a caller's highTrust replaces. */
export interface AgentResumePosture<K extends AgentKind = AgentKind> {
  /**
   * Option fields the session record's posture restores unless the caller sets them: exactly the keys of the posture
   * the agent's registry entry declares (a record holding others is refused as corrupt).
   */
  readonly fields: readonly Extract<keyof AgentResumePostureOf<K>, string>[];
  /** A recorded field that the caller's options make moot (highTrust chooses its own posture). */
  readonly overriddenBy: (field: string, options: Readonly<Record<string, unknown>>) => boolean;
}

/** What a person's own interactive launch of the CLI carries (`elwood interactive`): no Elwood hooks or settings. */
export interface InteractiveLaunch {
  readonly cwd: string;
  readonly model: string | undefined;
  readonly effort: string | undefined;
  /** The posture by session option name (`permissionMode`, `sandbox` …). */
  readonly posture: Readonly<Record<string, string | undefined>>;
  /** The agent's own conversation id, to resume it. */
  readonly conversation: string | undefined;
}

/** Everything Elwood knows about one agent CLI. `R` is its validated options, `P` its probe's answer. */
export interface AgentDefinition<K extends AgentKind = AgentKind, R extends CommonResolvedOptions = CommonResolvedOptions, P = unknown> {
  readonly id: K;
  /** The name people know it by ("Claude Code"). */
  readonly displayName: string;
  /** Where detection tries it among the agents (lower first): the elwood command picks the first one installed. */
  readonly detectionOrder: number;
  /** The command the login shell resolves when the caller names no executable. */
  readonly executable: string;
  /** How a person installs it, for the "no agent found" message. */
  readonly installHint: string;
  /**
   * Variables a running instance of this CLI sets for its children (a trailing `*` makes a prefix). Every agent's
   * launch drops them from the inherited environment, so an embedder running inside this CLI starts a fresh instance
   * of it (anywhere in the new agent's process tree), never a nested one.
   */
  readonly nestingEnv?: readonly string[];
  /** The CLI versions its screen facts were verified against. */
  readonly verifiedVersions: readonly string[];
  /** The reasoning-effort levels its `/model` picker and flag accept. */
  readonly reasoningEfforts: readonly string[];
  /** Posture options the elwood command offers for it, in flag order. */
  readonly postures: readonly AgentPostureOption[];
  readonly capabilities: AgentCapabilities;
  /** What the machines and the session actor take: screen reader, readiness, hooks, picker / login profiles. */
  readonly adapter: AgentAdapter;
  /** Validates a caller's options (untrusted input) into the resolved options, or rejects with a typed error. */
  readonly validateOptions: (options: unknown) => Promise<R>;
  /** The launch plan for validated options; with `resume`, the same launch on the CLI's recorded conversation. */
  readonly launchPlan: (resolved: R, resume?: ResumeTarget) => AgentLaunchPlan<P>;
  readonly resumePosture: AgentResumePosture<K>;
  /** The CLI's own argv (after its executable) for a person's interactive launch with this model, effort and posture. */
  readonly interactiveArgs: (launch: InteractiveLaunch) => string[];
  /** Reads the hooks that accept, end or reject a `send` / `stream` turn (its transcript reader is the adapter's). */
  readonly turnHooks: TurnHookReader;
  /** Whether a name is one of its hook events (a handler key, a bridge call's event). */
  readonly isHookEventName: (name: string) => boolean;
}

/** Declares an agent: the identity function that checks the definition's shape and keeps its precise types. */
export function defineAgent<K extends AgentKind, R extends CommonResolvedOptions, P>(definition: AgentDefinition<K, R, P>): AgentDefinition<K, R, P> {
  return Object.freeze(definition);
}
