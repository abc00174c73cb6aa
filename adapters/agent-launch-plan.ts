// What an agent's folder hands the shared start skeleton: its probe, version gate, hook bridge installation, command
// line and the posture its session record keeps. Everything here is per-CLI knowledge the skeleton only calls.

import type { ResumeTarget } from "../src/contracts/start-or-resume.js";
import type { AgentAdapter } from "../src/contracts/agent-adapter.js";
import type { ElwoodError, ElwoodErrorCode } from "../src/contracts/errors.js";
import type { HookErrorEvent, HookEventSelection, TerminalSize } from "../src/contracts/public-types.js";
import type { BridgeCallMode } from "../effects/hook-bridge/bridge-command.js";
import type { HookBridgeHandler, HookHttpEndpoint } from "../effects/hook-bridge/server.js";
import type { RecordSeed } from "../effects/session-record.js";
import type { UpdateRequest } from "./agent-update.js";
import type { UpdateReport } from "./update-coordinator.js";
import type { VersionDecision } from "./version-probe.js";

/** The validated options every agent's start needs, whatever else its adapter adds. */
export interface CommonResolvedOptions {
  readonly cwd: string;
  readonly stateDir: string | undefined;
  readonly initialSize: TerminalSize;
  readonly persona: string | undefined;
  readonly autotrust: boolean;
  readonly hookTimeoutMs: number;
  readonly hookEvents: HookEventSelection;
  /** The caller's hook handlers, keyed by event (or "Event.tool"). */
  readonly hooks: object | undefined;
  readonly strictVersionCheck: boolean;
  /** Run the CLI's own update before the version gate (src/start-preflight.ts). */
  readonly autoupdate: boolean;
  readonly executable: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly shell: string | undefined;
}

/** What the skeleton hands the probe: where and how the agent's `--version` runs. */
export interface AgentProbeRequest {
  readonly executable?: string;
  readonly shell?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

/** The observers a hook dispatcher reports to; both agents' dispatchers accept exactly these. */
export interface HookDispatchSinks {
  readonly onEvent: (name: string, payload: unknown) => void;
  readonly onHookError: (e: {
    readonly category: HookErrorEvent["category"];
    readonly event: string;
    readonly message: string;
    readonly timeoutMs?: number;
  }) => void;
  readonly onHookResult: (r: { readonly event: string; readonly failedOpen: boolean; readonly response?: unknown }) => void;
}

/** Agent-specific pieces the shared start skeleton (src/start-agent.ts) cannot know; built by each agent's folder. */
export interface AgentLaunchPlan<P> {
  readonly resolved: CommonResolvedOptions;
  readonly adapter: AgentAdapter;
  readonly defaultExecutable: string;
  readonly startFailedCode: ElwoodErrorCode;
  readonly startFailedMessage: string;
  readonly probe: (request: AgentProbeRequest) => Promise<P>;
  readonly decide: (probe: P, strict: boolean) => VersionDecision;
  /** `autoupdate`'s update: the CLI's own command, coordinated once per process and across the user's processes. */
  readonly update: (request: UpdateRequest) => Promise<UpdateReport>;
  /** The probed version, for the `agent_update_failed` warning. */
  readonly installedVersion: (probe: P) => string | undefined;
  readonly hookEvents: (probe: P) => readonly string[];
  readonly isHookEventName: (name: string) => boolean;
  readonly createDispatcher: (sinks: HookDispatchSinks) => HookBridgeHandler;
  /** Whether the bridge also listens on 127.0.0.1 for hooks the CLI POSTs itself (a CLI and version with HTTP hooks). */
  readonly httpHooks?: (probe: P, env: Readonly<Record<string, string>>) => boolean;
  /** The agent's command line, with the hook bridge installed its own way (settings file or `-c` overrides). */
  readonly args: (ctx: {
    readonly probe: P;
    readonly hookEvents: readonly string[];
    readonly sessionDir: string;
    /** The shell command a hook setting runs for `event`, bound to this session's private bridge config. */
    readonly bridgeCommand: (event: string) => string;
    /** The loopback HTTP endpoint, when `httpHooks` asked for it. */
    readonly http: HookHttpEndpoint | undefined;
    /**
     * bridge.bash over that endpoint (no Node start per hook), when it listens and bash is at a system path; `observe`
     * for an event whose answer nobody waits on (the client exits once the call is sent).
     */
    readonly bashBridgeCommand: ((event: string, mode?: BridgeCallMode) => string) | undefined;
  }) => Promise<readonly string[]>;
  /**
   * Variables the agent's process gets for this session, over the caller's (a private config home inside the session
   * directory, which a resume reopens). The probe never sees them: it runs before the directory exists.
   */
  readonly sessionEnv?: (sessionDir: string) => Readonly<Record<string, string>>;
  /**
   * Why this session's images could not reach the agent, though its definition takes images (the agent reads them from
   * a place this session's directory does not allow); undefined when they can. A message with images is then refused.
   */
  readonly imagesUnavailable?: (sessionDir: string) => ElwoodError | undefined;
  /**
   * Why switching this session's model would write a file of the user's (the agent persists the picker's choice
   * somewhere Elwood does not own); undefined when it would not. Asked at each setModel, which it then refuses.
   */
  readonly modelSelectionUnavailable?: () => ElwoodError | undefined;
  /** Physical size at spawn; differs from initialSize when the agent needs a bootstrap size. */
  readonly spawnSize: TerminalSize;
  /** The adapter and resolved launch posture the session record persists (what a resume restores). */
  readonly recordSeed: RecordSeed;
  /**
   * Set for a resume: the session's existing id and the CLI conversation its record names. The session directory is
   * re-opened and claimed (never created afresh or removed on failure), and the session starts `resumed`.
   */
  readonly resume?: ResumeTarget;
}
