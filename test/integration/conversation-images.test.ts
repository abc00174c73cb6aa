// Integration (simulated Claude): a `send`/`stream` turn's images are snapshotted at the call and held — their budget reservation and temp files — until the turn really ends (spec B §5.3, C-API-44).

import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readClaudeTurnHook } from "../../adapters/claude/turn-hooks.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import type { TurnEvent } from "../../src/contracts/turn-events.js";
import { ConversationSession, type TurnStream } from "../../src/conversation/conversation-session.js";
import type { ClaudeAgentSession } from "../../src/session-api.js";
import type { StartClaudeOptions } from "../../src/start-claude.js";
import { simRecords, type SimLogRecord, type SimScript } from "../sim/sim-control.js";
import { waitForLog } from "../support/sim-probe.js";
import { simDir, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
const sims: ClaudeSim[] = [];
afterEach(async () => {
  for (const sim of sims.splice(0)) await sim.cleanup();
});

/** A primary-API session on the simulated Claude; `log` reads what the sim received. */
function conversation(script: SimScript) {
  const dir = simDir("elwood-conversation-images-");
  let sim: ClaudeSim | undefined;
  const c = new ConversationSession<ClaudeAgentSession, StartClaudeOptions>(
    { cwd: dir },
    {
      start: async () => {
        sim = await startClaudeSim({ dir, script });
        sims.push(sim);
        return sim.session;
      },
      readRecord: readClaudeTranscriptRecord,
      readHook: readClaudeTurnHook,
    },
  );
  return { c, log: (): SimLogRecord[] => sim?.log() ?? [] };
}

/** A 25 MiB byte image (a PNG header, then filler): the largest one image may be. */
function bigPng(): Uint8Array {
  const big = new Uint8Array(25 * 1024 * 1024).fill(7);
  big.set(PNG.subarray(0, 8));
  return big;
}

async function drain(turn: TurnStream): Promise<{ events: TurnEvent[]; error?: unknown }> {
  const events: TurnEvent[] = [];
  try {
    for await (const e of turn) events.push(e);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe("send/stream hold their images until the turn's real end (spec B §5.3)", () => {
  it("C-API-44 spec B §5.3: the bytes are snapshotted at the call, and the turn's temp file outlives its submission until the turn ends", async () => {
    const { c, log } = conversation({ transcript: { records: 2, gapMs: 1_500 } });
    try {
      const data = Uint8Array.from(PNG);
      const turn = c.stream("describe the picture", { images: [{ data, format: "png" }] });
      // Changing the buffer after the call (the session has not even started yet) changes nothing.
      data.fill(0);
      const events: TurnEvent[] = [];
      let heldWhileRunning: boolean | undefined;
      let attached: string | undefined;
      for await (const e of turn) {
        events.push(e);
        if (e.type === "text" && heldWhileRunning === undefined) {
          // The prompt was entered long ago (the CLI already committed a reply line); the turn is still running.
          attached = simRecords(log(), "image")[0]?.path;
          heldWhileRunning = attached !== undefined && existsSync(attached);
        }
      }
      expect(events.at(-1)).toMatchObject({ type: "result", status: "completed" });
      expect(simRecords(log(), "submit").map((r) => r.text)).toEqual(["[Image #1] describe the picture"]);
      expect(simRecords(log(), "image")[0]?.bytes).toBe(PNG.byteLength);
      expect(heldWhileRunning).toBe(true);
      // Once the turn has ended the temp file goes (removal is asynchronous, best-effort).
      const deadline = Date.now() + 20_000;
      while (existsSync(attached ?? "") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(attached ?? "")).toBe(false);
    } finally {
      await c.close();
    }
  }, 90_000);

  it("C-API-44 spec B §5.3: a running turn keeps its reservation past submission; queued turns reserve at the call; one ceiling for facade and raw session; close releases it", async () => {
    const { c, log } = conversation({});
    const two = () => [{ data: bigPng(), format: "png" as const }, { data: bigPng(), format: "png" as const }];
    // HANG: the simulated agent never finishes this turn, so it runs until the session closes.
    const running = drain(c.stream("HANG with pictures", { images: two() }));
    await waitForLog(log, (r) => simRecords(r, "submit").length === 1, "the running turn's submission", 60_000);
    // Three more 50 MiB turns queue behind it; with the running turn's 50 MiB that is the whole 200 MiB ceiling.
    const queued = [1, 2, 3].map((n) => drain(c.stream(`queued ${n}`, { images: two() })));
    const small = [{ data: PNG, format: "png" as const }];
    const viaFacade = await c.sendMessage("one more", { images: small }).catch((e: unknown) => e);
    expect(isElwoodError(viaFacade, "input_queue_full")).toBe(true);
    const viaRaw = await c.session?.sendMessage("raw one more", { images: small }).catch((e: unknown) => e);
    expect(isElwoodError(viaRaw, "input_queue_full")).toBe(true);
    const viaStream = await drain(c.stream("stream one more", { images: small }));
    expect(isElwoodError(viaStream.error, "input_queue_full")).toBe(true);
    await c.close();
    // Closing reaches every turn's boundary: the running one and the queued ones end, and free their bytes.
    for (const t of [await running, ...(await Promise.all(queued))]) expect(isElwoodError(t.error, "session_not_running")).toBe(true);
    const after = await c.sendMessage("after close", { images: small }).catch((e: unknown) => e);
    expect(isElwoodError(after, "session_not_running")).toBe(true);
    expect(simRecords(log(), "submit")).toHaveLength(1);
  }, 120_000);
});
