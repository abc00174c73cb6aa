// Unit (real files): a session's transcript observation — Codex `codex:transcript` summaries, their activity projection, and listener isolation (spec B §3.3, §3.8).
import { appendFileSync } from "node:fs";
import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readClaudeSubagentRecord, readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { validateCodexInput } from "../../adapters/codex/hook-dispatch.js";
import { readCodexTranscriptRecord } from "../../adapters/codex/transcript-records.js";
import { summarizeCodexRecord } from "../../adapters/codex/transcript-summary.js";
import type { ActivityEvent, TranscriptSummary, WarningEvent } from "../../src/contracts/public-types.js";
import { ExitGate } from "../../effects/exit-gate.js";
import type { ResumeTranscriptMark } from "../../effects/resume-transcript-mark.js";
import { TranscriptFeed } from "../../src/conversation/transcript-feed.js";
import type { AgentSession } from "../../src/session-api.js";
import { SessionEvents } from "../../src/session-events.js";
import { observeTranscript } from "../../src/transcript-activity.js";
import { TypedEmitter } from "../../src/typed-emitter.js";
import { eventually } from "../support/eventually.js";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "elwood-observe-"));
  file = path.join(dir, "rollout.jsonl");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (record: unknown) => `${JSON.stringify(record)}\n`;
const RECORDS = [
  { type: "event_msg", payload: { type: "task_started" } },
  { type: "response_item", payload: { type: "reasoning", summary: [{ type: "summary_text", text: "Planning the search" }] } },
  { type: "response_item", payload: { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "elwood" } } },
  { type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "Found it." }] } },
];

/** The session edge: hooks and statuses come from a plain emitter; events go through the real SessionEvents. */
function harness(
  adapter: Parameters<typeof observeTranscript>[1] = { kind: "codex", readTranscript: readCodexTranscriptRecord, summarizeTranscript: summarizeCodexRecord },
  status = "ready",
  exitGate?: ExitGate,
  resumedFrom?: ResumeTranscriptMark,
) {
  const hooks = new TypedEmitter<{ hook: { name: string; payload: Record<string, unknown> }; status: { status: string }; "terminal:exit": { exitCode: number } }>();
  const session = { status, on: (event: "hook" | "status" | "terminal:exit", listener: never) => hooks.on(event, listener) } as unknown as AgentSession;
  const events = new SessionEvents("s1", "codex");
  observeTranscript(
    session,
    adapter,
    {
      activity: (a) => events.activity(a),
      summary: (s) => events.emitter.emit("codex:transcript", s),
      warning: (code, message, details) => events.warning(code, message, details),
      isolate: (deliver, failed) => events.isolate(deliver, failed),
    },
    exitGate,
    resumedFrom,
  );
  const order: string[] = [];
  const summaries: TranscriptSummary[] = [];
  const activities: ActivityEvent[] = [];
  const warnings: WarningEvent[] = [];
  return {
    session,
    events,
    order,
    summaries,
    activities,
    warnings,
    follow: () => hooks.emit("hook", { name: "SessionStart", payload: { transcript_path: file } }),
    hook: (name: string, payload: Record<string, unknown>) => hooks.emit("hook", { name, payload }),
    exit: () => hooks.emit("terminal:exit", { exitCode: 0 }),
    collect: () => {
      events.emitter.on("codex:transcript", (s) => (summaries.push(s), order.push(`summary:${s.kind}`)));
      events.emitter.on("activity", (a) => (activities.push(a), order.push(`activity:${a.kind}`)));
      events.emitter.on("warning", (w) => (warnings.push(w), order.push(`warning:${String(w.details?.["channel"])}`)));
    },
  };
}

describe("codex:transcript (spec B §3.3)", () => {
  it("C-CODEX-16: every new rollout record is one summary (kind, label, text, raw), projected into activity once", async () => {
    await writeFile(file, RECORDS.map(line).join(""));
    const h = harness();
    h.collect();
    h.follow();
    await eventually(() => h.summaries.length === 4, 5_000, "four summaries");
    expect(h.summaries.map((s) => [s.kind, s.label, s.text])).toEqual([
      ["other", "task_started", undefined],
      ["reasoning", "reasoning", "Planning the search"],
      ["web_search", "web_search", "elwood"],
      ["message", "assistant", "Found it."],
    ]);
    expect(h.summaries[2]?.raw).toEqual(RECORDS[2]);
    expect(h.activities.map((a) => [a.source, a.kind, a.label])).toEqual([
      ["transcript", "transcript", "task_started"],
      ["transcript", "reasoning", "reasoning"],
      ["transcript", "tool_call", "web_search"],
      ["transcript", "assistant_message", "assistant"],
    ]);
    await TranscriptFeed.of(h.session)?.finish();
  });
});

describe("transcript listener isolation (spec B §3.8)", () => {
  it("throwing codex:transcript and activity listeners: every record still reaches both channels, polling goes on, one content-free warning per channel after the scan", async () => {
    await writeFile(file, RECORDS.map(line).join(""));
    const h = harness();
    h.events.emitter.on("codex:transcript", () => {
      throw new Error("secret summary listener failure");
    });
    h.events.emitter.on("activity", (a) => {
      if (a.source === "transcript") throw new Error("secret activity listener failure");
    });
    h.collect();
    h.follow();
    await eventually(() => h.warnings.length === 2, 5_000, "two listener warnings");
    expect(h.summaries).toHaveLength(4);
    expect(h.activities.filter((a) => a.source === "transcript")).toHaveLength(4);
    // Deferred: both warnings arrive after the scan's last delivery (each followed by its activity projection, B §4.1).
    expect(h.order.filter((e) => e !== "activity:warning").slice(-2).sort()).toEqual(["warning:activity", "warning:codex:transcript"]);
    expect(h.activities.filter((a) => a.kind === "warning").map((a) => a.label)).toEqual(["transcript_listener_error", "transcript_listener_error"]);
    for (const w of h.warnings) {
      expect(w.code).toBe("transcript_listener_error");
      expect(w.message).toBe("a transcript listener threw");
      expect(JSON.stringify(w)).not.toContain("secret");
    }
    // Polling continues, and a later failure warns no more.
    await appendFile(file, line({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "More." }] } }));
    await eventually(() => h.summaries.length === 5, 5_000, "the later record");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.warnings).toHaveLength(2);
    expect(h.warnings.some((w) => w.code === "hook_observer_failed")).toBe(false);
    await TranscriptFeed.of(h.session)?.finish();
  });
});

describe("subagent transcripts (spec B §3.7)", () => {
  it("C-CLAUDE-15: Claude reads SubagentStop's agent_transcript_path once as subagent activity, never as the turn's items, then retires it", async () => {
    const sub = path.join(dir, "agent-1.jsonl");
    await writeFile(file, line({ type: "user", message: { role: "user", content: "go" } }));
    await writeFile(sub, line({ type: "assistant", isSidechain: true, message: { id: "m1", role: "assistant", content: [{ type: "text", text: "sub found it" }] } }));
    const h = harness({ kind: "claude", readTranscript: readClaudeTranscriptRecord, readSubagentTranscript: readClaudeSubagentRecord });
    h.collect();
    const turnItems: unknown[] = [];
    const feed = TranscriptFeed.of(h.session);
    feed?.events.on("items", (b) => turnItems.push(...b.items));
    h.hook("SubagentStop", { transcript_path: file, agent_transcript_path: sub });
    await eventually(() => h.activities.some((a) => a.kind === "subagent_message"), 5_000, "the subagent's words");
    expect(h.activities.filter((a) => a.kind === "subagent_message")).toEqual([
      expect.objectContaining({ source: "transcript", text: "sub found it", transcriptPath: sub }),
    ]);
    // Retired: what the file gets later is never read.
    await appendFile(sub, line({ type: "assistant", isSidechain: true, message: { id: "m2", role: "assistant", content: [{ type: "text", text: "late" }] } }));
    await appendFile(file, line({ type: "assistant", message: { id: "m3", role: "assistant", content: [{ type: "text", text: "main reply" }] } }));
    await eventually(() => h.activities.some((a) => a.text === "main reply"), 5_000, "the main reply");
    expect(h.activities.some((a) => a.text === "late")).toBe(false);
    expect(JSON.stringify(turnItems)).not.toContain("sub found it");
    await feed?.finish();
  });

  it("Codex subagent transcripts are not observed; agent_transcript_path is validated and delivered on SubagentStop", async () => {
    const base = { hook_event_name: "SubagentStop", session_id: "s", cwd: dir };
    expect(validateCodexInput("SubagentStop", { ...base, agent_transcript_path: "/tmp/a.jsonl" })).toBeUndefined();
    expect(validateCodexInput("SubagentStop", { ...base, agent_transcript_path: 7 })).toMatch(/agent_transcript_path/);
    const sub = path.join(dir, "agent-1.jsonl");
    await writeFile(sub, line({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "sub" }] } }));
    await writeFile(file, "");
    const h = harness();
    h.collect();
    h.hook("SubagentStop", { transcript_path: file, agent_transcript_path: sub });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.activities).toEqual([]);
    await TranscriptFeed.of(h.session)?.finish();
  });
});

describe("turn recovery (spec B §3.6)", () => {
  const claude = { kind: "claude" as const, readTranscript: readClaudeTranscriptRecord, readSubagentTranscript: readClaudeSubagentRecord };
  const user = (text: string) => line({ type: "user", message: { role: "user", content: text } });
  const reply = (id: string, text: string) => line({ type: "assistant", message: { id, role: "assistant", content: [{ type: "text", text }] } });

  it("a file first seen at a turn-boundary hook is read from its last user prompt: the current turn is recovered, earlier turns are not replayed", async () => {
    await writeFile(file, user("old question") + reply("m1", "old answer") + user("new question") + reply("m2", "new answer"));
    const h = harness(claude);
    h.collect();
    h.hook("Stop", { transcript_path: file, last_assistant_message: "new answer" });
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the recovered turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["new answer"]);
  });

  it("a resumed conversation named by SessionStart while the session starts is history: nothing of it is replayed, what the CLI appends is read", async () => {
    await writeFile(file, user("old question") + reply("m1", "old answer"));
    const h = harness(claude, "starting");
    h.collect();
    h.hook("SessionStart", { transcript_path: file, source: "resume" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await appendFile(file, user("new question") + reply("m2", "new answer"));
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the new turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["new answer"]);
  });

  it("issue 17 (C-TURN-01): records appended right after SessionStart names a resumed file (the first prompt racing the tail's first open) are read, the history before it is not", async () => {
    await writeFile(file, user("old question") + reply("m1", "old answer"));
    const h = harness(claude, "starting");
    h.collect();
    h.hook("SessionStart", { transcript_path: file, source: "resume" });
    // No await between: the CLI writes its next turn while the tail's first open is still in flight.
    appendFileSync(file, user("new question") + reply("m2", "new answer"));
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the new turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["new answer"]);
  });

  it("a file SessionStart names before it exists is read from its start once created", async () => {
    const h = harness(claude, "starting");
    h.collect();
    h.hook("SessionStart", { transcript_path: file, source: "startup" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeFile(file, user("first question") + reply("m1", "first answer"));
    await eventually(() => h.activities.some((a) => a.text === "first answer"), 5_000, "the first turn");
    await TranscriptFeed.of(h.session)?.finish();
  });

  it("issue 17 (Codex resume): a resumed rollout's lazy SessionStart comes before the new prompt is recorded — the previous turn is not replayed, the new one is read", async () => {
    const codex = { kind: "codex" as const, readTranscript: readCodexTranscriptRecord, sessionStartBeforePrompt: true };
    const prompt = (text: string) => line({ type: "event_msg", payload: { type: "user_message", message: text } });
    const answer = (text: string) => line({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text }] } });
    await writeFile(file, prompt("old question") + answer("old answer"));
    const h = harness(codex, "ready");
    h.collect();
    // Measured on 0.144.6 and 0.171.0: SessionStart (source=resume) fires at the first submit, before the prompt is in the file.
    h.hook("SessionStart", { transcript_path: file, source: "resume" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await appendFile(file, prompt("new question"));
    h.hook("UserPromptSubmit", { transcript_path: file, prompt: "new question" });
    await appendFile(file, answer("new answer"));
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the new turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["new answer"]);
  });

  it("issue 38 (Codex resume): the rollout is read from the resume's mark — UserPromptSubmit before the new prompt is recorded replays nothing of the old turn", async () => {
    const codex = { kind: "codex" as const, readTranscript: readCodexTranscriptRecord, sessionStartBeforePrompt: true };
    const prompt = (text: string) => line({ type: "event_msg", payload: { type: "user_message", message: text } });
    const answer = (text: string) => line({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text }] } });
    await writeFile(file, prompt("old question") + answer("old answer"));
    // The mark is the file's length when the CLI was relaunched.
    const h = harness(codex, "running", undefined, { file, offset: (prompt("old question") + answer("old answer")).length });
    h.collect();
    // As measured on 0.171.0 (2 of 4) and 0.144.6: the new prompt's record lands after the hooks were seen.
    h.hook("SessionStart", { transcript_path: file, source: "resume" });
    h.hook("UserPromptSubmit", { transcript_path: file, prompt: "new question" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await appendFile(file, prompt("new question") + answer("new answer"));
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the new turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["new answer"]);
  });

  it("issue 38 (Claude resume): a SessionStart after start-up names the file — what the CLI appended since the relaunch is read, nothing before the mark", async () => {
    const history = user("old question") + reply("m1", "old answer");
    await writeFile(file, history);
    const h = harness(claude, "running", undefined, { file, offset: history.length });
    h.collect();
    // Measured on 2.1.215 / 2.1.332: bookkeeping records first, then SessionStart while the screen already runs.
    await appendFile(file, line({ type: "permission-mode", permissionMode: "default" }) + reply("m2", "said after the relaunch"));
    h.hook("SessionStart", { transcript_path: file, source: "resume" });
    await appendFile(file, user("new question") + reply("m3", "new answer"));
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the new turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["said after the relaunch", "new answer"]);
  });

  it("issue 38: a resume whose record names no file (an older record) reads the first file named from its end, even at a turn-boundary hook", async () => {
    await writeFile(file, user("old question") + reply("m1", "old answer"));
    const h = harness(claude, "running", undefined, { file: undefined, offset: 0 });
    h.collect();
    h.hook("UserPromptSubmit", { transcript_path: file, prompt: "new question" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await appendFile(file, user("new question") + reply("m2", "new answer"));
    await eventually(() => h.activities.some((a) => a.text === "new answer"), 5_000, "the new turn");
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.filter((a) => a.kind === "assistant_message").map((a) => a.text)).toEqual(["new answer"]);
  });

  it("a turn longer than the reach: the records inside the window are recovered and the truncation is one content-free transcript_records_dropped (unread_backlog)", async () => {
    const filler = Array.from({ length: 1200 }, (_, n) => reply(`f${n}`, `${"x".repeat(4000)} ${n}`)).join("");
    await writeFile(file, user("huge turn") + filler + reply("last", "the last words"));
    const h = harness(claude);
    h.collect();
    h.hook("Stop", { transcript_path: file, last_assistant_message: "the last words" });
    await eventually(() => h.activities.some((a) => a.text === "the last words"), 10_000, "the window's records");
    await TranscriptFeed.of(h.session)?.finish();
    const dropped = h.warnings.filter((w) => w.code === "transcript_records_dropped");
    expect(dropped.map((w) => w.details)).toEqual([{ cause: "unread_backlog", transcriptPath: file }]);
    expect(JSON.stringify(dropped)).not.toContain("huge turn");
    expect(h.activities.some((a) => a.text?.endsWith(" 0"))).toBe(false);
  });
});

describe("exit ordering (spec B §3.9)", () => {
  it("no transcript activity or codex:transcript after terminal:exit", async () => {
    await writeFile(file, line(RECORDS[3]));
    const h = harness();
    h.collect();
    h.follow();
    await eventually(() => h.activities.length === 1, 5_000, "the first reply");
    h.exit();
    await appendFile(file, line({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "after exit" }] } }));
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.map((a) => a.text)).toEqual(["Found it."]);
    expect(h.summaries).toHaveLength(1);
  });

  const claudeReply = (text: string) => line({ type: "assistant", message: { id: `m-${text}`, role: "assistant", content: [{ type: "text", text }] } });
  const codexReply = (text: string) => line({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text }] } });
  it.each([
    ["Codex", undefined, codexReply],
    ["Claude", { kind: "claude", readTranscript: readClaudeTranscriptRecord, readSubagentTranscript: readClaudeSubagentRecord }, claudeReply],
  ] as const)("C-API-20 (%s): records committed right before the exit are delivered by the exit gate's flush before terminal:exit; none after it", async (_cli, adapter, reply) => {
    await writeFile(file, reply("first"));
    const gate = new ExitGate();
    const h = harness(adapter, "starting", gate);
    h.collect();
    h.hook("SessionStart", { transcript_path: file });
    await appendFile(file, reply("second"));
    await eventually(() => h.activities.some((a) => a.text === "second"), 5_000, "the tail running");
    // The CLI's last words and then at once its exit: no poll or change notification gets a turn in between, so only
    // the flush the exit waits for can read them.
    appendFileSync(file, reply("the last words"));
    await gate.pass();
    h.exit();
    appendFileSync(file, reply("after exit"));
    await TranscriptFeed.of(h.session)?.finish();
    expect(h.activities.map((a) => a.text)).toEqual(["second", "the last words"]);
  });
});
