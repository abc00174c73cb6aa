// Executes one headless run: optional persona turn, the user turn streamed into the output, signals, deadline, cleanup once.

import type { SessionEventMap, TurnResult } from "../src/index.js";
import { CliError, EXIT } from "./cli-error.js";
import type { HeadAttachment } from "./head-attach.js";
import type { CliIo } from "./cli-io.js";
import { asCliError } from "./exit-status.js";
import type { LaunchPlan } from "./launch-plan.js";
import type { OutputSink } from "./output-sink.js";
import type { OutputWriter } from "./output-writer.js";
import { ProgressLine } from "./progress-line.js";
import { type Cleanup, eventRecord, type TerminalRecord } from "./records.js";
import { sanitizeText } from "./sanitize.js";

export interface RunOptions {
  readonly prompt: string;
  readonly images: readonly string[];
  readonly persona: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly ephemeral: boolean;
  readonly verbose: boolean;
  readonly debug: boolean;
  readonly showSessionId: boolean;
  /** Rewrites the paths of a failure's message for a person (relative to the state directory or the cwd). */
  readonly displayPaths?: (message: string) => string;
  readonly text: boolean;
  /** jsonl carries warnings as records, so they are never repeated on stderr. */
  readonly jsonl: boolean;
  readonly startedAt: number;
  /** `--head`: stderr is the display, restored after cleanup and before the final output. */
  readonly head?: HeadAttachment | undefined;
}

/** The session events the blocked watch reads; both session classes have them (their `on` overloads do not unify). */
interface WatchedEvents {
  on<E extends "status" | "activity">(event: E, listener: (payload: SessionEventMap<string>[E]) => void): () => void;
}

/** Why the run stopped early: the deadline, Ctrl+C, or a dialog nobody will answer. */
type Abort = "timeout" | "interrupted" | "blocked" | "display_overflow";

/** A dialog that safe trust automation has not cleared by then is one a headless run cannot answer. */
export const BLOCKED_GRACE_MS = 5_000;

export async function runTurn(plan: LaunchPlan, options: RunOptions, io: CliIo, sink: OutputSink, stderr: OutputWriter): Promise<number> {
  const { session } = plan;
  // In head mode stderr is the display: no status line over it.
  const progress = options.head ? undefined : ProgressLine.forStderr(io.stderr, options.startedAt);
  const note = async (line: string) => {
    if (options.verbose || options.debug) {
      progress?.stop();
      await stderr.write(`elwood: [${((Date.now() - options.startedAt) / 1000).toFixed(1)}s] ${line}\n`);
    }
  };
  let abort: Abort | undefined;
  let wake!: () => void;
  const aborted = new Promise<void>((resolve) => (wake = resolve));
  /** Set when the agent must be killed now (deadline, second Ctrl+C, or an interrupt that could not be sent). */
  let killNow = false;
  const stopEarly = (why: Abort) => {
    abort ??= why;
    killNow = true;
    wake();
  };
  let interrupts = 0;
  /** Cleanup has begun: a graceful stop can wait out its grace, which a Ctrl+C then cuts short. */
  let cleaning = false;
  let cutShort = false;
  // Installed before launch: the first Ctrl+C interrupts the turn, a second one tears everything down.
  const offInterrupt = io.onInterrupt(() => {
    interrupts += 1;
    if (cleaning) {
      abort ??= "interrupted";
      cutShort = true;
      killAgentGroup(session.session?.pid);
    } else if (interrupts === 1 && session.session !== undefined) {
      abort ??= "interrupted";
      void session.interrupt().catch(() => stopEarly("interrupted"));
    } else stopEarly("interrupted");
  });
  options.head?.onOverflow(() => stopEarly("display_overflow"));
  const deadline = options.timeoutMs === undefined ? undefined : setTimeout(() => stopEarly("timeout"), options.timeoutMs);
  let blockedLabel: string | undefined;
  let blockedTimer: NodeJS.Timeout | undefined;
  /**
   * Headless runs never type into a dialog: one still up after the grace period fails the run as blocked_prompt.
   * Watched on the session for the whole run (start-up, persona turn, user turn), since nobody answers any of them.
   */
  const events: WatchedEvents = session;
  const offStatus = events.on("status", ({ status }) => {
    if (status !== "blocked") {
      clearTimeout(blockedTimer);
      blockedTimer = undefined;
      return;
    }
    blockedTimer ??= setTimeout(() => stopEarly("blocked"), BLOCKED_GRACE_MS);
  });
  // The dialog's name comes with the attention activity that accompanies the blocked status.
  const offAttention = events.on("activity", (activity) => {
    if (activity.kind === "attention") blockedLabel = activity.label;
  });

  let failure: CliError | undefined;
  let result: TurnResult | undefined;
  const work = (async () => {
    progress?.start();
    await session.start();
    await note(`${plan.agent} started`);
    if (options.persona !== undefined) {
      progress?.update("persona");
      await note("persona turn");
      // A real setup turn: its side effects stay, its reply is discarded before the user turn is observed.
      await session.send(options.persona);
    }
    progress?.update("working");
    const turn = session.stream(options.prompt, options.images.length === 0 ? {} : { images: options.images.map((path) => ({ path })) });
    for await (const event of turn) {
      if (killNow) break;
      if (event.type === "result") {
        result = event;
        break;
      }
      if (options.debug) await stderr.write(`elwood: event ${JSON.stringify(eventRecord(event) ?? {})}\n`);
      if (event.type === "tool_call") {
        progress?.update("working", sanitizeText(event.name));
        await note(`tool ${sanitizeText(event.name)}`);
      }
      if (event.type === "warning" && !options.jsonl) await note(`warning ${event.code}: ${sanitizeText(event.message)}`);
      const record = eventRecord(event);
      if (record) await sink.event(record);
    }
  })().catch((error: unknown) => {
    const e = asCliError(error);
    failure = options.displayPaths === undefined ? e : new CliError(e.code, options.displayPaths(e.message), e.exitCode);
  });
  await Promise.race([work, aborted]);
  if (deadline) clearTimeout(deadline);
  offStatus();
  offAttention();
  clearTimeout(blockedTimer);
  progress?.stop();
  // A deadline or a second Ctrl+C ends the agent now; the turn loop is abandoned.
  let killed = killNow ? await killSession(plan) : undefined;

  cleaning = true;
  let cleanup = await cleanUp(plan, options.ephemeral);
  offInterrupt();
  // The close ended once the SIGKILLed agent was gone; a kill reaps whatever of the session outlived it.
  if (cutShort) killed = (await killSession(plan)) && killed !== false;
  // A kept session whose agent was killed was not stopped: the record says kill, as the second Ctrl+C did.
  if (killed !== undefined && cleanup.action === "stop") cleanup = { action: "kill", status: killed && cleanup.status !== "failed" ? "succeeded" : "failed" };
  await note(`cleanup ${cleanup.action} ${cleanup.status}`);
  await options.head?.restore();

  let outcome: CliError | undefined;
  if (abort === "timeout") outcome = new CliError("timeout", `the run did not finish within --timeout (${options.timeoutMs} ms)`, EXIT.timeout);
  else if (abort === "blocked") outcome = new CliError("blocked_prompt", `the agent waits on a dialog a headless run does not answer (${sanitizeText(blockedLabel ?? "unlabelled dialog")})`, EXIT.failure);
  else if (abort === "display_overflow") outcome = new CliError("display_overflow", "the --head display fell behind by more than 4 MiB or 1,024 frames", EXIT.failure);
  else if (abort !== undefined || result?.status === "interrupted") outcome = new CliError("interrupted", "interrupted by Ctrl+C", EXIT.interrupted);
  // The agent ended on its own before cleanup asked it to: whatever call noticed first, that is agent_exited.
  else if (failure?.code === "session_not_running") outcome = new CliError("agent_exited", `the agent exited before the turn ended (${failure.message})`, EXIT.failure);
  else if (failure) outcome = failure;
  else if (result?.status === "failed") outcome = new CliError("turn_failed", result.error ?? "the agent rejected the turn", EXIT.failure);
  else if (!result) outcome = new CliError("agent_exited", "the agent exited before the turn ended", EXIT.failure);
  // A cleanup failure never hides a primary outcome, and turns a success into a failure.
  if (!outcome && cleanup.status === "failed") outcome = new CliError("cleanup_failed", `the session could not be ${cleanup.action === "teardown" ? "torn down" : "stopped"}`, EXIT.failure);

  const sessionId = options.ephemeral ? null : (session.session?.elwoodSessionId ?? plan.resume ?? null);
  const fields = { agent: plan.agent, response: sink.response, sessionId, durationMs: Math.round(Date.now() - options.startedAt), cleanup };
  const terminal: TerminalRecord = outcome ? { type: "error", ...fields, error: { code: outcome.code, message: outcome.message } } : { type: "result", ...fields };
  await sink.finish(terminal);
  // Every failure gets its one stderr line, in every format (json/jsonl also carry it in the terminal record).
  if (outcome) await stderr.write(`elwood: ${outcome.message}\n`);
  if (!outcome && options.text && options.showSessionId && sessionId !== null) await stderr.write(`elwood: session ${sessionId} (elwood resume ${sessionId} "...")\n`);
  return outcome?.exitCode ?? EXIT.ok;
}

/**
 * Ctrl+C during cleanup ends the agent now instead of after the stop's grace: SIGKILL to its process group (the PTY
 * child leads its own session). The close in flight then finishes at once and reaps the rest.
 */
function killAgentGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

/** SIGKILLs the session's agent and reaps what it left; false when the kill failed. */
function killSession(plan: LaunchPlan): Promise<boolean> {
  return plan.session.kill().then(
    () => true,
    () => false,
  );
}

/** Runs exactly once: keep (stop, falling back to kill; the state stays resumable) or teardown for --ephemeral. */
async function cleanUp(plan: LaunchPlan, ephemeral: boolean): Promise<Cleanup> {
  if (plan.session.session === undefined) {
    // A start in flight still has to be ended: close() waits for it.
    await (ephemeral ? plan.session.teardown() : plan.session.close()).catch(() => {});
    return { action: plan.session.session === undefined ? "none" : ephemeral ? "teardown" : "stop", status: plan.session.session === undefined ? "skipped" : "succeeded" };
  }
  try {
    await (ephemeral ? plan.session.teardown() : plan.session.close());
    return { action: ephemeral ? "teardown" : "stop", status: "succeeded" };
  } catch {
    return { action: ephemeral ? "teardown" : "stop", status: "failed" };
  }
}
