// E2E support: a fresh embedding process that resumes a stopped real-CLI session, waits for readiness, sends one
// message and prints (one JSON line) what it saw: the status decisions up to ready, the turn activities during the
// replay, the reply the CLI's Stop hook carried, and how long resume → ready took.
// Usage (inside the e2e netns): node --import tsx test/e2e/support/resume-child.ts '<ResumeChildInput as JSON>'

import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { resumeAgentSession, resumeClaude, resumeCodex, type ActivityEvent, type AgentKind, type AgentSession } from "../../../src/index.js";

export interface ResumeChildInput {
  readonly kind: AgentKind;
  readonly executable: string;
  /** Where the session started (its default store is `<cwd>/.elwood`). */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly elwoodSessionId: string;
  readonly message: string;
}

export interface ResumeChildOutput {
  readonly elwoodSessionId: string;
  readonly resumeToReadyMs: number;
  /** Status changes (from → to) the session decided from its start until its first ready. */
  readonly transitionsUntilReady: readonly string[];
  /** The same decisions with the evidence behind each (diagnostics). */
  readonly decisionsUntilReady: readonly string[];
  /** Turn-edge activities (turn_started / turn_ended) seen before the first ready: the replay's. */
  readonly replayTurnActivities: readonly string[];
  /** Turn-edge activities seen after the first ready but before the message was sent (replay held past readiness). */
  readonly heldTurnActivities: readonly string[];
  /** Status changes from the first ready until the reply's ready (the one real turn). */
  readonly transitionsAfterReady: readonly string[];
  /** The Stop hook's reply text for the message sent after ready. */
  readonly reply: string;
  /** Every activity the resumed session emitted, in order, with when it came (ms since the resume call). */
  readonly activities: readonly ChildActivity[];
  /** When the message was sent (ms since the resume call) and the turn id `sendMessage` returned. */
  readonly sentAtMs: number;
  readonly turnId: string;
  /** Hooks in arrival order (name and ms since the resume call). */
  readonly hooks: readonly { readonly name: string; readonly atMs: number }[];
  /** The main transcript's records (type tags only, diagnostics) as the hooks named it, read at the end. */
  readonly transcriptShape: readonly string[];
}

export interface ChildActivity {
  readonly atMs: number;
  readonly kind: string;
  readonly source: string;
  readonly text?: string;
  readonly turnId?: string;
}

/** Each transcript line's type tags (diagnostics only: which records the CLI wrote, never their content). */
function transcriptShape(file: string | undefined): string[] {
  if (file === undefined) return [];
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => {
        const r = JSON.parse(l) as { type?: unknown; payload?: { type?: unknown }; message?: { role?: unknown } };
        return [r.type, r.payload?.type, r.message?.role].filter((t) => typeof t === "string").join("/");
      });
  } catch {
    return [];
  }
}

const input = JSON.parse(process.argv[2] ?? "null") as ResumeChildInput | null;
if (input === null) throw new Error("usage: resume-child '<json>'");

const options = { elwoodSessionId: input.elwoodSessionId, cwd: input.cwd, executable: input.executable, env: input.env };
const t0 = performance.now();
// The typed shortcuts where an agent has one, the generic resume otherwise (the recorded posture is restored either way).
const session: AgentSession =
  input.kind === "claude" ? await resumeClaude(options) : input.kind === "codex" ? await resumeCodex(options) : await resumeAgentSession(input.kind, options);
// Listeners go on in the tick the resume resolves: the earliest the API allows.
const activities: ActivityEvent[] = [];
const timed: ChildActivity[] = [];
const since = (): number => Math.round(performance.now() - t0);
session.on("activity", (a) => {
  activities.push(a);
  timed.push({ atMs: since(), kind: a.kind, source: a.source, ...(a.text === undefined ? {} : { text: a.text }), ...(a.turnId === undefined ? {} : { turnId: a.turnId }) });
});
let reply: string | undefined;
let transcriptPath: string | undefined;
const hooks: Array<{ name: string; atMs: number }> = [];
session.on("hook", (h) => {
  hooks.push({ name: h.name, atMs: since() });
  const file = h.payload["transcript_path"];
  if (typeof file === "string" && file !== "") transcriptPath = file;
  if (h.name === "Stop") reply = String(h.payload["last_assistant_message"] ?? "");
});
try {
  await session.waitForStatus((s) => s === "ready", 60_000);
  const resumeToReadyMs = performance.now() - t0;
  const transitionsUntilReady = session
    .statusDecisions()
    .filter((d) => d.to !== undefined && d.to !== d.from)
    .map((d) => `${d.from}->${d.to}`);
  const decisionsUntilReady = session
    .statusDecisions()
    .filter((d) => d.to !== undefined && d.to !== d.from)
    .map((d) => `${d.from}->${d.to} (${d.reason})`);
  const isTurnEdge = (a: ActivityEvent): boolean => a.kind === "turn_started" || a.kind === "turn_ended";
  const replayTurnActivities = activities.filter(isTurnEdge).map((a) => `${a.kind}:${a.label}`);
  const changes = (): string[] =>
    session
      .statusDecisions()
      .filter((d) => d.to !== undefined && d.to !== d.from)
      .map((d) => `${d.from}->${d.to}`);
  const readyAt = changes().length;
  // Give the replay hold a chance to see the repainted history before the real turn (any edge it let through shows).
  await new Promise((r) => setTimeout(r, 2000));
  const heldTurnActivities = activities.filter(isTurnEdge).map((a) => `${a.kind}:${a.label}`);
  const sentAtMs = since();
  const turnId = await session.sendMessage(input.message);
  const deadline = Date.now() + 60_000;
  while (reply === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await session.waitForStatus((s) => s === "ready", 60_000);
  const transitionsAfterReady = changes().slice(readyAt);
  // Let the transcript's last records of the reply reach the feed before the record is read.
  await new Promise((r) => setTimeout(r, 500));
  const out: ResumeChildOutput = {
    elwoodSessionId: session.elwoodSessionId,
    resumeToReadyMs,
    transitionsUntilReady,
    decisionsUntilReady,
    replayTurnActivities,
    heldTurnActivities,
    transitionsAfterReady,
    reply: reply ?? "",
    activities: timed,
    sentAtMs,
    turnId,
    hooks,
    transcriptShape: transcriptShape(transcriptPath),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
} finally {
  await session.stop();
}
process.exit(0);
