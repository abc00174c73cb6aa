// What the public declarations may say about an agent's definition: plain data and the shapes faces use, with no
// launch plan, probe or effect type (those name Node's types, and a consumer compiles without @types/node).

import type { AgentKind, AgentResumePostureOf } from "../src/contracts/agent-kinds.js";

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

/**
 * An agent definition as the public declarations show it (each folder's export, the registry's entries): its plain
 * data. The whole definition (adapters/agent-definition.ts) adds the adapter, validation and launch plan.
 */
export interface PublicAgentDefinition<K extends AgentKind = AgentKind> {
  readonly id: K;
  /** The name people know it by ("Claude Code"). */
  readonly displayName: string;
  /** Where detection tries it among the agents (lower first): the elwood command picks the first one installed. */
  readonly detectionOrder: number;
  /** The command the login shell resolves when the caller names no executable. */
  readonly executable: string;
  /** How a person installs it, for the "no agent found" message. */
  readonly installHint: string;
  /** The CLI versions its screen facts were verified against. */
  readonly verifiedVersions: readonly string[];
  /** The reasoning-effort levels its `/model` picker and flag accept. */
  readonly reasoningEfforts: readonly string[];
  /** Posture options the elwood command offers for it, in flag order. */
  readonly postures: readonly AgentPostureOption[];
  readonly capabilities: AgentCapabilities;
  readonly resumePosture: AgentResumePosture<K>;
}
