// Conversation-layer benchmark on the simulated Claude CLI (test/sim, writing a Claude-shaped transcript): the latency
// from the CLI appending a transcript line to the matching TurnEvent, and the per-turn cost of `send` beside
// `sendMessage` + waiting for `ready` on the same session, interleaved, 3 repetitions.
// Run: npx tsx test/bench/turn-events.ts [turns]

import { pathToFileURL } from "node:url";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readClaudeTurnHook } from "../../adapters/claude/turn-hooks.js";
import type { ClaudeAgentSession } from "../../src/session-api.js";
import type { StartClaudeOptions } from "../../src/start-claude.js";
import { ConversationSession } from "../../src/conversation/conversation-session.js";
import { simDir, startClaudeSim, type ClaudeSim } from "../integration/claude-sim-start.js";
import { simRecords, type SimScript } from "../sim/sim-control.js";
import { percentile, round2, spread } from "./bench-stats.js";

const now = (): number => performance.timeOrigin + performance.now();

type Conversation = ConversationSession<ClaudeAgentSession, StartClaudeOptions>;

/** A primary-API session whose CLI is the simulated Claude with the given script. */
function simConversation(script: SimScript): { conversation: Conversation; sim: () => ClaudeSim | undefined; close: () => Promise<void> } {
  const dir = simDir("elwood-bench-turns-");
  let sim: ClaudeSim | undefined;
  const conversation: Conversation = new ConversationSession<ClaudeAgentSession, StartClaudeOptions>(
    { cwd: dir },
    {
      start: async () => {
        sim = await startClaudeSim({ dir, script, initialSize: { cols: 160, rows: 48 } });
        return sim.session;
      },
      readRecord: readClaudeTranscriptRecord,
      readHook: readClaudeTurnHook,
    },
  );
  return { conversation, sim: () => sim, close: async () => void (await sim?.cleanup()) };
}

function summary(values: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round2(percentile(sorted, 0.5)), p99: round2(percentile(sorted, 0.99)), max: round2(sorted.at(-1) ?? Number.NaN) };
}

export interface TranscriptLatencyRow {
  readonly events: number;
  readonly writeToEventP50Ms: number;
  readonly writeToEventP99Ms: number;
  readonly writeToEventMaxMs: number;
  readonly writeToReadP50Ms: number;
  readonly writeToReadP99Ms: number;
}

/**
 * `turns` turns of `recordsPerTurn` assistant text lines each, written 15 ms apart. Every text TurnEvent is matched
 * by its text to the sim's own stamp of the append; the delay is measured to the `onTurnEvent` call (the event
 * entering the stream's buffer) and, split out, to the tail's read of the batch.
 */
export async function benchTranscriptLatency(turns = 20, recordsPerTurn = 12): Promise<TranscriptLatencyRow> {
  const { conversation, sim, close } = simConversation({ turnMs: 20, transcript: { records: recordsPerTurn, gapMs: 15 } });
  const seen = new Map<string, { at: number; readAt: number | undefined }>();
  conversation.onTurnEvent = (event, readAt) => {
    if (event.type === "text") seen.set(event.text, { at: now(), readAt });
  };
  try {
    await conversation.start();
    await conversation.waitForStatus((s) => s === "ready", 60_000);
    for (let i = 1; i <= turns; i += 1) await conversation.send(`bench turn ${i}`, { timeoutMs: 60_000 });
    const writes = simRecords(sim()?.log() ?? [], "transcript");
    const toEvent: number[] = [];
    const toRead: number[] = [];
    for (const w of writes) {
      const e = seen.get(w.text);
      if (!e) throw new Error(`no TurnEvent for the transcript line "${w.text}"`);
      toEvent.push(e.at - w.at);
      if (e.readAt !== undefined) toRead.push(e.readAt - w.at);
    }
    if (toEvent.length < turns * recordsPerTurn) throw new Error(`expected ${turns * recordsPerTurn} lines, the sim wrote ${toEvent.length}`);
    const ev = summary(toEvent);
    const rd = summary(toRead);
    return { events: toEvent.length, writeToEventP50Ms: ev.p50, writeToEventP99Ms: ev.p99, writeToEventMaxMs: ev.max, writeToReadP50Ms: rd.p50, writeToReadP99Ms: rd.p99 };
  } finally {
    await close();
  }
}

/** The low-level way: `sendMessage`, then the first `ready` after the turn ran. */
function messageAndReady(session: ClaudeAgentSession, prompt: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let ran = false;
    const off = session.on("status", (e) => {
      if (e.status === "running") ran = true;
      else if (e.status === "ready" && ran) {
        off();
        resolve();
      }
    });
    session.sendMessage(prompt).catch((error: unknown) => {
      off();
      reject(error);
    });
  });
}

export interface SendOverheadRow {
  readonly turnsPerRep: number;
  readonly baselineMedianMs: string;
  readonly sendMedianMs: string;
  readonly ratio: string;
}

/** Per repetition: `turns` baseline turns and `turns` `send` turns, alternating, on one session; ratio of medians. */
export async function benchSendOverhead(turns = 10, reps = 3): Promise<SendOverheadRow> {
  const base: number[] = [];
  const sends: number[] = [];
  const ratios: number[] = [];
  for (let rep = 0; rep < reps; rep += 1) {
    const { conversation, close } = simConversation({ turnMs: 50, transcript: { records: 1 } });
    try {
      const session = await conversation.start();
      await conversation.waitForStatus((s) => s === "ready", 60_000);
      const b: number[] = [];
      const s: number[] = [];
      for (let i = 0; i < turns; i += 1) {
        let t0 = performance.now();
        await messageAndReady(session, `baseline ${rep}.${i}`);
        b.push(performance.now() - t0);
        t0 = performance.now();
        const reply = await conversation.send(`send ${rep}.${i}`, { timeoutMs: 60_000 });
        s.push(performance.now() - t0);
        if (reply !== `FAKE-REPLY: send ${rep}.${i}`) throw new Error(`send returned "${reply}"`);
      }
      const mb = percentile([...b].sort((x, y) => x - y), 0.5);
      const ms = percentile([...s].sort((x, y) => x - y), 0.5);
      base.push(mb);
      sends.push(ms);
      ratios.push(ms / mb);
    } finally {
      await close();
    }
  }
  return { turnsPerRep: turns, baselineMedianMs: spread(base, 1), sendMedianMs: spread(sends, 1), ratio: spread(ratios, 3) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const n = Number(process.argv[2]);
  console.table([await benchTranscriptLatency(Number.isInteger(n) && n > 0 ? n : undefined)]);
  console.table([await benchSendOverhead()]);
}
