// E2E (every pinned Claude, Codex and Qwen Code): a session started, given one turn and stopped is resumed from a new process on
// its own conversation — the model sees the earlier turn, the replay is no turn, no status flap and no activity (issue
// 38), the next reply arrives — and startOrResume with an unknown id starts fresh.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startOrResumeAgentSession, startOrResumeClaude, startOrResumeCodex, type ActivityEvent, type AgentSession } from "../../../src/index.js";
import { CLAUDE_AGENTS, type E2EAgent } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";
import type { ResumeChildInput, ResumeChildOutput } from "../support/resume-child.js";
import { recordedConversation } from "../../support/recorded-conversation.js";
import { openSession } from "../support/session-fixture.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS, ...QWEN_AGENTS];
/** The first turn's prompt and reply: a resumed session's activity carries neither. */
const OLD_WORDS = ["remember the code word pelican", "Noted: the code word is pelican."];

/** Runs test/e2e/support/resume-child.ts as its own node process and returns the JSON line it printed. */
function runResumeChild(input: ResumeChildInput): Promise<ResumeChildOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "test/e2e/support/resume-child.ts"), JSON.stringify(input)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (code === 0 && line !== undefined) resolve(JSON.parse(line) as ResumeChildOutput);
      else reject(new Error(`resume child exited ${code}\n--- stdout ---\n${out}\n--- stderr ---\n${err}`));
    });
  });
}

/** Status changes (from->to) the session has decided so far, evidence left out. */
function changes(session: AgentSession): string[] {
  return session
    .statusDecisions()
    .filter((d) => d.to !== undefined && d.to !== d.from)
    .map((d) => `${d.from}->${d.to}`);
}

function startOrResume(agent: E2EAgent, cwd: string, env: Readonly<Record<string, string>>, elwoodSessionId: string): Promise<{ session: AgentSession; resumed: boolean }> {
  const common = { cwd, executable: agent.executable, env, elwoodSessionId };
  if (agent.kind === "claude") return startOrResumeClaude({ ...common, permissionMode: "default" });
  if (agent.kind === "codex") return startOrResumeCodex(common);
  // An agent without a typed shortcut: the generic form, as any caller's would.
  return startOrResumeAgentSession(agent.kind, { ...common, approvalMode: "default" });
}

describe.each(AGENTS)("$label: resume", (agent) => {
  it(`${agent.label}: stopped, then resumed from a new process: the model sees the earlier turn, the replay is no turn, no flap and no activity, the reply arrives (issue 18: resume, issue 38, C-STATE-13, C-API-26)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, server, home } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const freshUntilReady = changes(session);
    fx.server.enqueue({ kind: "text", text: "Noted: the code word is pelican." });
    await session.sendMessage("remember the code word pelican");
    await fx.waitForHook("Stop", undefined, 60_000);
    await session.waitForStatus((s) => s === "ready", 60_000);
    const location = { cwd: home.project, elwoodSessionId: session.elwoodSessionId };
    // The CLI's own conversation id reaches the record in the background after its first hook.
    await recordedConversation(location, 600);
    await session.stop();

    server.enqueue({ kind: "text", text: "The code word was pelican." });
    const before = fx.mainRequests().length;
    const resumed = await runResumeChild({
      kind: agent.kind,
      executable: agent.executable,
      cwd: home.project,
      env: home.env,
      elwoodSessionId: session.elwoodSessionId,
      message: "what was the code word?",
    });
    console.log(`${agent.label}: resume → ready ${resumed.resumeToReadyMs.toFixed(0)} ms`);
    expect(resumed.elwoodSessionId).toBe(session.elwoodSessionId);
    // One assertion over all of them, so a failure shows each (and the evidence behind each decision). The way to
    // ready is the startup window a fresh start of this CLI shows too (starting → running → ready where its first
    // frame is not yet ready, B §13.1): the replay adds no status of its own, and after ready the only changes are
    // the one real turn's.
    expect(
      {
        untilReady: resumed.transitionsUntilReady,
        replayTurns: resumed.replayTurnActivities,
        heldTurns: resumed.heldTurnActivities,
        afterReady: resumed.transitionsAfterReady,
        reply: resumed.reply,
      },
      resumed.decisionsUntilReady.join("; "),
    ).toEqual({
      untilReady: freshUntilReady,
      replayTurns: [],
      heldTurns: [],
      afterReady: ["ready->running", "running->ready"],
      reply: "The code word was pelican.",
    });
    // Issue 38: the old conversation is never replayed as activity, whenever it would come (listeners attached in the
    // tick the resume resolved): nothing carries the old prompt or reply, nothing came from the transcript before the
    // new prompt was sent, and the README's recipe for this turn's reply gets the new reply.
    const oldWords = resumed.activities.filter((a) => a.text !== undefined && OLD_WORDS.some((w) => a.text?.includes(w)));
    const transcriptBeforeTurn = resumed.activities.filter((a) => a.source === "transcript" && a.atMs < resumed.sentAtMs);
    const recipe = resumed.activities.find((a) => a.kind === "assistant_message" && a.turnId === resumed.turnId);
    expect(
      { oldWords, transcriptBeforeTurn, recipe: recipe?.text },
      `hooks ${JSON.stringify(resumed.hooks)}; transcript ${resumed.transcriptShape.join(",")}`,
    ).toEqual({ oldWords: [], transcriptBeforeTurn: [], recipe: "The code word was pelican." });
    expect(freshUntilReady.at(-1)).toBe("running->ready");
    expect(freshUntilReady.filter((t) => t.endsWith("->ready"))).toHaveLength(1);
    const next = fx.mainRequests().slice(before);
    expect(next.map((r) => r.userText)).toEqual(["what was the code word?"]);
    // The earlier turn travels with the new one: its prompt and the model's reply are both in the request body.
    const body = JSON.stringify(next[0]?.body);
    expect(body).toContain("remember the code word pelican");
    expect(body).toContain("Noted: the code word is pelican.");
  });

  it(`${agent.label}: stopped, then resumed in the same process: no activity of the old conversation, the recipe gets the new reply (issue 38, C-API-26)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, server, home } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    server.enqueue({ kind: "text", text: "Noted: the code word is pelican." });
    await session.sendMessage("remember the code word pelican");
    await fx.waitForHook("Stop", undefined, 60_000);
    await session.waitForStatus((s) => s === "ready", 60_000);
    await recordedConversation({ cwd: home.project, elwoodSessionId: session.elwoodSessionId }, 600);
    await session.stop();

    server.enqueue({ kind: "text", text: "The code word was pelican." });
    const { session: resumed, resumed: wasResumed } = await startOrResume(agent, home.project, home.env, session.elwoodSessionId);
    // Attached in the tick the resume resolved: the earliest the API allows.
    const seen: Array<{ readonly sent: boolean; readonly activity: ActivityEvent }> = [];
    let sent = false;
    resumed.on("activity", (activity) => seen.push({ sent, activity }));
    try {
      expect(wasResumed).toBe(true);
      await resumed.waitForStatus((s) => s === "ready", 60_000);
      sent = true;
      const turnId = await resumed.sendMessage("what was the code word?");
      // The README's recipe for this turn's reply.
      const reply = await resumed.waitForActivity((a) => a.kind === "assistant_message" && a.turnId === turnId, 60_000);
      await resumed.waitForStatus((s) => s === "ready", 60_000);
      const oldWords = seen.filter(({ activity: a }) => a.text !== undefined && OLD_WORDS.some((w) => a.text?.includes(w))).map(({ activity: a }) => `${a.source}:${a.kind}:${a.text}`);
      const transcriptBeforeTurn = seen.filter(({ sent: after, activity: a }) => !after && a.source === "transcript").map(({ activity: a }) => `${a.kind}:${a.text ?? ""}`);
      expect({ reply: reply.text, oldWords, transcriptBeforeTurn }).toEqual({ reply: "The code word was pelican.", oldWords: [], transcriptBeforeTurn: [] });
    } finally {
      await resumed.teardown();
    }
  });

  it(`${agent.label}: startOrResume with an unknown id starts fresh with resumed: false (issue 18: startOrResume, C-API-26)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { home } = fx;
    await fx.session.teardown();
    const { session, resumed } = await startOrResume(agent, home.project, home.env, "never-recorded-session");
    try {
      expect(resumed).toBe(false);
      expect(session.elwoodSessionId).not.toBe("never-recorded-session");
      await session.waitForStatus((s) => s === "ready", 60_000);
      fx.server.enqueue({ kind: "text", text: "fresh and ready" });
      const stop = new Promise<string>((resolve) => session.on("hook", (h) => h.name === "Stop" && resolve(String(h.payload["last_assistant_message"]))));
      await session.sendMessage("are you new?");
      expect(await stop).toBe("fresh and ready");
      // A fresh conversation: the model saw only this prompt.
      const last = fx.mainRequests().at(-1);
      expect(last?.userText).toBe("are you new?");
    } finally {
      await session.teardown();
    }
  });
});
