// The facade's public event and handle types, and the runtime a launched session runs on.

import type xtermModule from "@xterm/headless";
import type { Actor } from "xstate";
import type { LoginCallbacks } from "../effects/transaction-effects.js";
import type { PtyHandle } from "../effects/pty/pty-handle.js";
import type { TerminalSlot } from "../effects/terminal-slot.js";
import type { ExitGate } from "../effects/exit-gate.js";
import type { ResumeTranscriptMark } from "../effects/resume-transcript-mark.js";
import type { ImageInput } from "../effects/image-files.js";
import type { SessionMachine } from "../machines/session.js";
import type { AgentAdapter } from "./contracts/agent-adapter.js";
import type { ElwoodLoopEvent } from "./contracts/loop.js";
import type { SessionLoopRuntime } from "./session-loops.js";
import type { AgentHookKind, AgentKind, ActivityEvent, HookErrorEvent, InputEvent, SessionStatus, WarningEvent, TerminalExitEvent, TerminalSize } from "./contracts/public-types.js";
import type { ElwoodError } from "./contracts/errors.js";

export type { HookErrorEvent } from "./contracts/public-types.js";
import type { ScreenFacts } from "./contracts/screen-facts.js";
import type { TerminalSnapshot } from "./contracts/terminal-snapshot.js";
import type { AgentHookEventName, AgentTranscriptEventMap, CommonAgentHookEventName } from "./contracts/agent-kinds.js";

/** Every hook event name a registered agent sends (each agent's own list, from its registry entry). */
export type HookEventName = AgentHookEventName;

/** The hook names every agent sends: what `hook:<Name>` takes on the adapter-neutral session type. */
export type CommonHookEventName = CommonAgentHookEventName;

export interface HookEventRecord {
  /** The CLI's own event name (its typed channel is `hook:<name>`). */
  readonly name: HookEventName;
  /** What the event means in the vocabulary every agent shares, when it means one of those (absent otherwise). */
  readonly kind?: AgentHookKind;
  readonly payload: Readonly<Record<string, unknown>>;
}


export interface StatusChangeEvent {
  readonly status: SessionStatus;
  readonly previous: SessionStatus;
}

export interface ScreenFrameEvent {
  readonly seq: number;
  readonly facts: ScreenFacts;
}

/**
 * The session's events, with a `hook:<Name>` event per hook name in `H` (a misspelt hook name is a compile error).
 * `H` defaults to every agent's names; each agent's session type narrows it to its own CLI's.
 */
export type SessionEventMap<H extends string = HookEventName> = {
  "terminal:data": string;
  "terminal:exit": TerminalExitEvent;
  /** Every write Elwood makes to the PTY, as the exact bytes after framing (live only, no replay). */
  input: InputEvent;
  status: StatusChangeEvent;
  activity: ActivityEvent;
  warning: WarningEvent;
  hook: HookEventRecord;
  hookError: HookErrorEvent;
  /** A recurring loop was created, fired, cancelled, expired or failed (live only; never carries the prompt). */
  loop: ElwoodLoopEvent;
} & { [K in `hook:${H}`]: Readonly<Record<string, unknown>> };

export type SessionEventName<H extends string = HookEventName> = keyof SessionEventMap<H> & string;

/** Every event the facade classes carry: the common map plus each agent's own (the public types narrow it per CLI). */
export type FacadeEventMap = SessionEventMap & AgentTranscriptEventMap;
export type FacadeEventName = keyof FacadeEventMap & string;

/** The session's headless terminal handle. */
export interface SessionTerminal {
  readonly xterm: InstanceType<typeof xtermModule.Terminal>;
  readonly size: TerminalSize;
  readonly title: string;
  readonly renderFailed: boolean;
  snapshot(): TerminalSnapshot;
  /** Resolves once every byte received so far has been rendered; never rejects. */
  settled(): Promise<void>;
  /** Input through the terminal's input path (as a person typing); resolves once forwarded to the PTY. */
  sendInput(data: string): Promise<void>;
}

export interface SendOptions {
  /** Ordered images attached to this submission through the CLI's own path, before its text (C-API-44). */
  readonly images?: readonly ImageInput[];
}

/** Everything a started session runs on; built by src/launch-session.ts. */
export interface SessionRuntime {
  readonly agent: AgentKind;
  /** The CLI's adapter: everything CLI-specific the facade needs comes from here. */
  readonly adapter: AgentAdapter;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  /** The headless terminal the io actor creates when the tree starts (its views, replay, typed input, the caller's size). */
  readonly terminal: TerminalSlot;
  /** The io actor's handle on the CLI's PTY (the io actor spawns and wires it; the facade writes raw keys and reads pid). */
  readonly pty: PtyHandle;
  /** What must be done before the CLI's exit is announced: the facade adds its transcript's final flush. */
  readonly exitGate: ExitGate;
  readonly actor: Actor<SessionMachine>;
  /** Releases Elwood-owned resources (hook server, and on teardown the session directory). */
  readonly release: (how: "stop" | "kill" | "teardown") => Promise<void>;
  readonly stopGraceMs: number;
  /** Login callbacks per op, read by the transaction effects actor (never stored in a machine). */
  readonly loginCallbacks: Map<string, LoginCallbacks>;
  /** Why this session cannot take images though its agent does (the launch plan's `imagesUnavailable`). */
  readonly imagesRefusal?: ElwoodError;
  /** Why setModel would touch the user's own files right now (the launch plan's `modelSelectionUnavailable`). */
  readonly modelSelectionRefusal?: () => ElwoodError | undefined;
  /** The environment the agent was launched with (its display is the one image attach must use). */
  readonly agentEnv?: Readonly<Record<string, string>>;
  /** Where the session's loops persist and what a resume restored (absent: loops live in memory only). */
  readonly loops?: SessionLoopRuntime;
  /** A resume's transcript mark, measured before the relaunch: where the recorded history ends (absent: a fresh start). */
  readonly resumedTranscript?: ResumeTranscriptMark;
}
