// Unit (real transcript file, fake session at the edge): when the CLI dies mid-turn, the transcript's final flush is streamed before the stream rejects (issue 17: exit ordering).
import { appendFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readClaudeTurnHook } from "../../adapters/claude/turn-hooks.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import type { TurnEvent } from "../../src/contracts/turn-events.js";
import { TranscriptFeed } from "../../src/conversation/transcript-feed.js";
import { TurnEventBuffer } from "../../src/conversation/turn-event-buffer.js";
import { TurnRun } from "../../src/conversation/turn-run.js";
import type { AgentSession } from "../../src/session-api.js";
import { TypedEmitter } from "../../src/typed-emitter.js";
import { eventually } from "../support/eventually.js";

type FakeEvents = {
  hook: { readonly name: string; readonly payload: Readonly<Record<string, unknown>> };
  status: { readonly status: SessionStatus; readonly previous: SessionStatus };
  activity: { readonly kind: string; readonly label: string };
  warning: { readonly code: string; readonly message: string };
};

/** The few members a turn and the feed use: status, events, and a sendMessage that enters at once. */
class FakeSession extends TypedEmitter<FakeEvents> {
  status: SessionStatus = "ready";
  move(to: SessionStatus): void {
    const previous = this.status;
    this.status = to;
    this.emit("status", { status: to, previous });
  }
  sendMessage(): Promise<string> {
    this.move("running");
    return Promise.resolve("turn-1");
  }
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "elwood-turn-exit-"));
  file = path.join(dir, "transcript.jsonl");
  await writeFile(file, "");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (record: unknown): string => `${JSON.stringify(record)}\n`;
const said = (text: string): string => line({ type: "assistant", message: { id: text, role: "assistant", content: [{ type: "text", text }] } });

describe("TurnRun exit ordering", () => {
  it("the CLI dying right after writing its last words: they are streamed, then the iterator rejects session_not_running (issue 17: exit ordering)", async () => {
    const session = new FakeSession();
    const feed = new TranscriptFeed(session as unknown as AgentSession, readClaudeTranscriptRecord);
    session.emit("hook", { name: "SessionStart", payload: { transcript_path: file } });
    const buffer = new TurnEventBuffer({ maxEvents: 100, maxBytes: 1 << 20 });
    const produced: TurnEvent[] = [];
    const run = new TurnRun(
      { session: session as unknown as AgentSession, feed, readHook: readClaudeTurnHook, onEvent: (e) => produced.push(e) },
      "the prompt",
      {},
      buffer,
    );
    run.start();
    appendFileSync(file, line({ type: "user", message: { role: "user", content: "the prompt" } }) + said("first words"));
    await eventually(() => produced.length === 1, 5000, "the first text event");
    // The last record and the exit land together: no tail pass can run in between.
    appendFileSync(file, said("last words"));
    session.move("exited");
    const events: TurnEvent[] = [];
    const failure = await (async () => {
      for await (const e of buffer) events.push(e);
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(events).toEqual([
      { type: "text", text: "first words" },
      { type: "text", text: "last words" },
    ]);
    expect(isElwoodError(failure, "session_not_running")).toBe(true);
    await expect(run.result).rejects.toMatchObject({ name: "session_not_running" });
    await run.settled;
  });
});
