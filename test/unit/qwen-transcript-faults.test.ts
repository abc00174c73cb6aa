// Unit (real files): a Qwen Code transcript that is missing, truncated or holds unknown records, read through the same feed as Claude's and Codex's (issue 34).
import { appendFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readQwenTranscriptRecord } from "../../adapters/qwen/transcript-records.js";
import type { ActivityEvent, WarningEvent } from "../../src/contracts/public-types.js";
import { TranscriptFeed } from "../../src/conversation/transcript-feed.js";
import type { AgentSession } from "../../src/session-api.js";
import { SessionEvents } from "../../src/session-events.js";
import { observeTranscript } from "../../src/transcript-activity.js";
import { TypedEmitter } from "../../src/typed-emitter.js";
import { eventually } from "../support/eventually.js";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "elwood-qwen-transcript-"));
  file = path.join(dir, "chats", "session.jsonl");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const T = "2026-12-07T12:41:44.842Z";
const record = (type: string, message: unknown, uuid: string) => ({ uuid, parentUuid: null, sessionId: "s", timestamp: T, type, cwd: "/w", version: "0.24.4", message });
const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
const prompt = (text: string, uuid: string): string => line(record("user", { role: "user", parts: [{ text }] }, uuid));
const reply = (text: string, uuid: string): string => line(record("assistant", { role: "model", parts: [{ text }] }, uuid));

/** Hooks come from a plain emitter (Qwen's Claude-compatible SessionStart / Stop payloads); events go through the real SessionEvents. */
function harness() {
  const hooks = new TypedEmitter<{ hook: { name: string; payload: Record<string, unknown> }; status: { status: string }; "terminal:exit": { exitCode: number } }>();
  const session = { status: "ready", on: (event: "hook" | "status" | "terminal:exit", listener: never) => hooks.on(event, listener) } as unknown as AgentSession;
  const events = new SessionEvents("s1", "qwen");
  observeTranscript(session, { kind: "qwen", readTranscript: readQwenTranscriptRecord }, {
    activity: (a) => events.activity(a),
    summary: () => undefined,
    warning: (code, message, details) => events.warning(code, message, details),
    isolate: (deliver, failed) => events.isolate(deliver, failed),
  });
  const activities: ActivityEvent[] = [];
  const warnings: WarningEvent[] = [];
  events.emitter.on("activity", (a) => activities.push(a));
  events.emitter.on("warning", (w) => warnings.push(w));
  return {
    session,
    activities,
    warnings,
    texts: () => activities.filter((a) => a.kind === "assistant_message").map((a) => a.text),
    hook: (name: string, payload: Record<string, unknown>) => hooks.emit("hook", { name, payload }),
  };
}

/** An empty transcript Qwen just created, named by its SessionStart: what a started session follows. */
async function followedEmptyTranscript(): Promise<ReturnType<typeof harness>> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "");
  const h = harness();
  h.hook("SessionStart", { session_id: "s", transcript_path: file, source: "startup" });
  return h;
}

describe("Qwen Code transcript faults (issue 34: the same warnings as for Claude and Codex, never a crash)", () => {
  it("a transcript SessionStart names that does not exist yet is read from its start once Qwen creates it; none at all is no warning", async () => {
    const h = harness();
    h.hook("SessionStart", { session_id: "s", transcript_path: file, source: "startup" });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(h.warnings).toEqual([]);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, prompt("hello", "u1") + reply("FAKE-REPLY: hello", "a1"));
    await eventually(() => h.texts().includes("FAKE-REPLY: hello"), 5000, "the created file's reply");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.warnings).toEqual([]);
  });

  it("an unparseable line between whole records is one content-free transcript_records_dropped (unparseable); the records around it are read", async () => {
    const h = await followedEmptyTranscript();
    await appendFile(file, prompt("secret prompt", "u1") + reply("before", "a1") + '{"uuid":"a2","type":"assistant","message":{"parts":[{"text":"secret half\n' + reply("after", "a3"));
    h.hook("Stop", { session_id: "s", transcript_path: file, last_assistant_message: "after" });
    await eventually(() => h.texts().includes("after"), 5000, "the record after the broken line");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.texts()).toEqual(["before", "after"]);
    const dropped = h.warnings.filter((w) => w.code === "transcript_records_dropped");
    expect(dropped.map((w) => w.details)).toEqual([{ cause: "unparseable", transcriptPath: file }]);
    expect(JSON.stringify(h.warnings)).not.toContain("secret");
  });

  it("a record cut mid-write (no newline yet) is waited for, not dropped: read whole once Qwen finishes the line", async () => {
    const h = await followedEmptyTranscript();
    const whole = reply("written in two parts", "a1");
    await appendFile(file, prompt("go", "u1") + whole.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.texts()).toEqual([]);
    await appendFile(file, whole.slice(40));
    await eventually(() => h.texts().includes("written in two parts"), 5000, "the finished record");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.warnings).toEqual([]);
  });

  it("record types Qwen 0.24.4 never wrote, system records and non-object lines are read as nothing — no activity, no warning, the next record still read", async () => {
    const h = await followedEmptyTranscript();
    const odd = [
      line({ uuid: "x1", type: "future_kind", timestamp: T, message: { parts: [{ text: "not a reply" }] } }),
      line(record("system", { parts: [{ text: "system note" }] }, "x2")),
      line(42),
      line(["a", "list"]),
      line(record("assistant", "not an object", "x3")),
    ].join("");
    await appendFile(file, prompt("go", "u1") + odd + reply("still read", "a1"));
    h.hook("Stop", { session_id: "s", transcript_path: file, last_assistant_message: "still read" });
    await eventually(() => h.texts().includes("still read"), 5000, "the reply after the odd records");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.texts()).toEqual(["still read"]);
    expect(h.warnings).toEqual([]);
  });
});
