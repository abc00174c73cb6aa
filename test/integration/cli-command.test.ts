// The elwood command as a child process against the simulated Claude: formats, stdin composition, images, resume,
// sessions, models, timeout and Ctrl+C statuses, and no agent found — every jsonl record validated by the schema.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSimLog, simRecords } from "../sim/sim-control.js";
import { sandboxPerTest, runCliChild, startCli } from "../support/cli-child.js";
import { eventually } from "../support/eventually.js";
import { schemaProblems } from "../support/json-schema-check.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const DOCUMENT = (SCHEMA["$defs"] as Record<string, Record<string, unknown>>)["document"] as Record<string, unknown>;
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

const sandbox = sandboxPerTest();

function jsonl(stdout: string): Array<Record<string, unknown>> {
  const records = stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const r of records) expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
  expect(records.map((r) => r["sequence"])).toEqual(records.map((_, i) => i));
  expect(records.filter((r) => r["type"] === "result" || r["type"] === "error")).toHaveLength(1);
  expect(["result", "error"]).toContain(records.at(-1)?.["type"]);
  return records;
}

describe("elwood command on the simulated Claude (issue 19)", () => {
  it("C-CLI-04, C-CLI-11: jsonl: piped stdin follows the words; text records equal what the agent wrote; one result; the schema validates every record", async () => {
    const s = sandbox({ script: { transcript: { records: 2 } } });
    const run = await runCliChild(s, ["--output", "jsonl", "explain", "this"], { stdin: "piped part\n" });
    expect(run.code, run.stderr).toBe(0);
    const records = jsonl(run.stdout);
    const texts = records.filter((r) => r["type"] === "text").map((r) => r["text"]);
    expect(texts).toEqual(["sim line 1.1", "FAKE-REPLY: explain this piped part"]);
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["explain this\n\npiped part\n"]);
    expect(records.at(-1)).toMatchObject({ type: "result", agent: "claude", response: texts.join("\n\n"), cleanup: { action: "stop", status: "succeeded" } });
    expect(typeof records.at(-1)?.["sessionId"]).toBe("string");
    // Nothing but the chosen protocol on stdout; no progress line on a piped stderr.
    expect(run.stderr).toBe("");
  }, 120_000);

  it("C-CLI-10, C-CLI-11, C-CLI-24, C-CLI-23: text then json output; sessions lists the kept session; resume continues it", async () => {
    const s = sandbox({ script: { transcript: { records: 2 } } });
    const text = await runCliChild(s, ["hello", "there"]);
    expect(text).toMatchObject({ code: 0, stdout: "sim line 1.1\n\nFAKE-REPLY: hello there\n", stderr: "" });
    const listed = await runCliChild(s, ["sessions", "--output", "json"]);
    const doc = JSON.parse(listed.stdout) as { type: string; stateDir: string; sessions: Array<{ id: string; agent: string; cwd: string; resumable: boolean; live: boolean }> };
    expect(doc).toMatchObject({ schemaVersion: 1, type: "sessions", stateDir: s.stateDir });
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    expect(doc.sessions).toHaveLength(1);
    const session = doc.sessions[0] as { id: string };
    // The run is over: its session was stopped and kept, so nothing owns it now.
    expect(doc.sessions[0]).toMatchObject({ agent: "claude", cwd: s.ws, resumable: true, live: false });
    const table = await runCliChild(s, ["sessions"]);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+AGENT\s+LIVE\s+RESUMABLE\s+LAST USED\s+CREATED\s+WORKSPACE$/);
    expect(table.stdout).toContain(session.id);
    expect(table.stdout.split("\n")[1]).toMatch(new RegExp(`^${session.id}\\s+claude\\s+no\\s+yes\\s`));

    const resumed = await runCliChild(s, ["resume", session.id, "--output", "json", "and", "then"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const result = JSON.parse(resumed.stdout) as Record<string, unknown>;
    expect(schemaProblems(SCHEMA, result, DOCUMENT)).toEqual([]);
    expect(result).toMatchObject({ type: "result", agent: "claude", sessionId: session.id });
    expect(String(result["response"])).toContain("FAKE-REPLY: and then");
    expect(simRecords(readSimLog(s.logFile), "resumed")).toHaveLength(1);
    const missing = await runCliChild(s, ["resume", "00000000-0000-4000-8000-000000000000", "x"]);
    expect(missing).toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("no stored session") });
  }, 180_000);

  it("C-CLI-08, C-CLI-27, C-CLI-10: --persona runs first and its reply is discarded; --stream text; --show-session-id on stderr; --ephemeral keeps nothing", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["--persona", "you are terse", "--stream", "--show-session-id", "the", "task"]);
    expect(run.code, run.stderr).toBe(0);
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["you are terse", "the task"]);
    expect(run.stdout).toBe("FAKE-REPLY: the task\n");
    const listed = JSON.parse((await runCliChild(s, ["sessions", "--output", "json"])).stdout) as { sessions: Array<{ id: string }> };
    expect(run.stderr).toBe(`elwood: session ${listed.sessions[0]?.id} (elwood resume ${listed.sessions[0]?.id} "...")\n`);
    const ephemeral = await runCliChild(s, ["--ephemeral", "--show-session-id", "--output", "json", "gone"]);
    expect(JSON.parse(ephemeral.stdout)).toMatchObject({ type: "result", sessionId: null, cleanup: { action: "teardown", status: "succeeded" } });
    expect(ephemeral.stderr).toBe("");
    expect((JSON.parse((await runCliChild(s, ["sessions", "--output", "json"])).stdout) as { sessions: unknown[] }).sessions).toHaveLength(1);
    const resumeWithPersona = await runCliChild(s, ["resume", listed.sessions[0]?.id ?? "", "--persona", "p", "x"]);
    expect(resumeWithPersona).toMatchObject({ code: 2, stderr: expect.stringContaining("applies to new sessions only") });
  }, 180_000);

  it("C-CLI-04: --image attaches each file in flag order to the user turn, resolved against the workspace", async () => {
    const s = sandbox();
    writeFileSync(join(s.ws, "a.png"), PNG);
    writeFileSync(join(s.ws, "b.png"), PNG);
    const run = await runCliChild(s, ["--image", "a.png", "--image", "b.png", "--output", "jsonl", "--verbose", "what are these"]);
    expect(run.code, run.stderr).toBe(0);
    jsonl(run.stdout);
    // --verbose: elapsed-time progress on stderr, never the assistant's text.
    expect(run.stderr).toMatch(/^elwood: \[\d+\.\d+s\] claude started$/m);
    expect(run.stderr).toMatch(/^elwood: \[\d+\.\d+s\] cleanup stop succeeded$/m);
    expect(run.stderr).not.toContain("FAKE-REPLY");
    expect(simRecords(readSimLog(s.logFile), "image").map((r) => r.path)).toEqual([join(s.ws, "a.png"), join(s.ws, "b.png")]);
    const unreadable = await runCliChild(s, ["--image", "missing.png", "x"]);
    expect(unreadable).toMatchObject({ code: 2, stderr: "elwood: --image missing.png is not readable\n" });
  }, 120_000);

  it("C-CLI-24, C-CLI-27 (issue 38): --no-keep keeps nothing; sessions rm deletes a real kept session, which then cannot be resumed; rm again is state_not_found", async () => {
    const s = sandbox();
    const gone = await runCliChild(s, ["--no-keep", "--output", "json", "forget", "me"]);
    expect(JSON.parse(gone.stdout)).toMatchObject({ type: "result", sessionId: null, cleanup: { action: "teardown", status: "succeeded" } });
    const kept = await runCliChild(s, ["--output", "json", "keep", "me"]);
    const id = String((JSON.parse(kept.stdout) as { sessionId: string }).sessionId);
    const list = async () => (JSON.parse((await runCliChild(s, ["sessions", "--output", "json"])).stdout) as { sessions: Array<{ id: string }> }).sessions.map((x) => x.id);
    expect(await list()).toEqual([id]);
    const removed = await runCliChild(s, ["sessions", "rm", id]);
    expect(removed).toMatchObject({ code: 0, stdout: `${id}\n`, stderr: "" });
    expect(await list()).toEqual([]);
    const resumed = await runCliChild(s, ["resume", id, "again"]);
    expect(resumed).toMatchObject({ code: 2, stderr: expect.stringContaining("no stored session") });
    const again = await runCliChild(s, ["sessions", "rm", id]);
    expect(again).toMatchObject({ code: 2, stdout: "", stderr: `elwood: no stored session '${id}'\n` });
  }, 180_000);

  it("C-CLI-07, C-CLI-17: --timeout ends the run with 124 and an error record, and leaves nothing running", async () => {
    const s = sandbox({ script: { turnMs: 60_000 } });
    const run = await runCliChild(s, ["--timeout", "8s", "--output", "jsonl", "take", "long"]);
    expect(run.code, run.stderr).toBe(124);
    const records = jsonl(run.stdout);
    // The deadline SIGKILLs the agent: a kept session's cleanup is reported as that kill.
    expect(records.at(-1)).toMatchObject({ type: "error", error: { code: "timeout" }, cleanup: { action: "kill", status: "succeeded" } });
    // Issue 38: the error record on stdout and its one line on stderr, in the machine formats too.
    expect(run.stderr).toBe("elwood: the run did not finish within --timeout (8000 ms)\n");
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-07, C-CLI-17, C-CLI-24: Ctrl+C (SIGINT) mid-turn interrupts it and exits 130 with an interrupted error record; sessions lists the running one as live meanwhile", async () => {
    const s = sandbox({ script: { turnMs: 60_000 } });
    const child = startCli(s, ["--output", "jsonl", "wait", "for", "it"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    const listed = await runCliChild(s, ["sessions", "--output", "json"]);
    expect(JSON.parse(listed.stdout)).toMatchObject({ sessions: [{ agent: "claude", live: true }] });
    child.signal("SIGINT");
    const run = await child.done;
    expect(run.code, run.stderr).toBe(130);
    expect(jsonl(run.stdout).at(-1)).toMatchObject({ type: "error", agent: "claude", error: { code: "interrupted" } });
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-07: a second Ctrl+C while the first one's interrupt is still in flight kills the agent at once: status 130, one error record, nothing left running", async () => {
    // The agent takes 30 s to read a lone Esc as a key, so the first Ctrl+C's interrupt stays in flight.
    const s = sandbox({ script: { turnMs: 60_000, escTimeoutMs: 30_000, ignoreHangup: true } });
    const child = startCli(s, ["--output", "jsonl", "wait", "again"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    const inputs = (): number => simRecords(readSimLog(s.logFile), "input").length;
    const before = inputs();
    child.signal("SIGINT");
    // Two signals sent back to back can arrive as one: the second is sent once the first one's Esc reached the agent.
    await eventually(() => inputs() > before, 20_000, "the interrupt's Esc to reach the agent");
    child.signal("SIGINT");
    const run = await child.done;
    expect(run.code, run.stderr).toBe(130);
    expect(jsonl(run.stdout).at(-1)).toMatchObject({ type: "error", error: { code: "interrupted" }, cleanup: { action: "kill", status: "succeeded" } });
    // Killed, never asked to hang up (this agent would log a hangup and linger through the stop's grace).
    expect(simRecords(readSimLog(s.logFile), "hangup")).toEqual([]);
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-07: a Ctrl+C while cleanup waits on an agent slow to exit kills it at once: status 130, cleanup reported as kill, nothing left running", async () => {
    const s = sandbox({ script: { turnMs: 60_000, ignoreHangup: true } });
    const child = startCli(s, ["--output", "jsonl", "slow", "to", "leave"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    child.signal("SIGINT");
    // The interrupted turn ended and the stop asked the agent to exit; it lingers (the stop's grace runs).
    await eventually(() => simRecords(readSimLog(s.logFile), "hangup").length > 0, 60_000, "the stop's hangup");
    child.signal("SIGINT");
    const run = await child.done;
    expect(run.code, run.stderr).toBe(130);
    expect(jsonl(run.stdout).at(-1)).toMatchObject({ type: "error", error: { code: "interrupted" }, cleanup: { action: "kill", status: "succeeded" } });
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-09: an agent that dies mid-turn ends the run as agent_exited (status 1), cleanup still reported once", async () => {
    const s = sandbox({ script: { turnMs: 60_000 } });
    const child = startCli(s, ["--output", "jsonl", "then", "vanish"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    // Only the simulated agent dies (the command itself also runs in the workspace).
    const agents = s.leftovers().filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("sim-agent.mjs"));
    expect(agents).toHaveLength(1);
    for (const pid of agents) process.kill(pid, "SIGKILL");
    const run = await child.done;
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(jsonl(run.stdout).at(-1)).toMatchObject({ type: "error", agent: "claude", error: { code: "agent_exited" } });
  }, 120_000);

  it("C-CLI-12: a consumer that closes stdout early (EPIPE) ends output quietly; the run still cleans up and exits 0", async () => {
    const s = sandbox({ script: { transcript: { records: 3 } } });
    const child = startCli(s, ["--output", "jsonl", "nobody", "listens"]);
    child.closeStdout();
    const run = await child.done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(simRecords(readSimLog(s.logFile), "submit")).toHaveLength(1);
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-21: an option of the other agent, with claude auto-detected, is a usage error suggesting --agent codex", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["--codex-sandbox", "read-only", "hi"]);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toContain("claude was auto-detected; use --agent codex");
    expect(simRecords(readSimLog(s.logFile), "submit")).toHaveLength(0);
  }, 60_000);

  it("C-CLI-19, C-CLI-22: config effective shows the auto-detected agent and each setting's source, high trust deciding the posture, and launches nothing", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["config", "effective", "--high-trust", "--timeout", "5m"], { env: { ELWOOD_MODEL: "opus" } });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      schemaVersion: 1,
      type: "config",
      config: { loaded: false },
      agent: { value: "claude", source: "auto-detected" },
      model: { value: "opus", source: "ELWOOD_MODEL" },
      workspace: { value: s.ws, source: "invocation context" },
      timeoutMs: { value: 300_000, source: "--timeout" },
      highTrust: { value: true, source: "--high-trust" },
      posture: { permissionMode: { value: "bypassPermissions", source: "--high-trust" }, allowedTools: { value: null, source: "unset" } },
      output: { head: { value: false } },
    });
    expect(readSimLog(s.logFile)).toEqual([]);
  }, 60_000);

  it("C-CLI-26: models without --agent probes claude, codex and qwen (the agents whose picker Elwood drives); the missing codex and qwen are errors on stderr, claude's rows stay, status 1", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["models"]);
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]).toMatch(/^AGENT\s+ID\s+LABEL\s+DESCRIPTION$/);
    expect(run.stdout.split("\n").slice(1).filter((l) => l !== "").every((l) => l.startsWith("claude"))).toBe(true);
    expect(run.stderr).toMatch(/^elwood: codex: /m);
    expect(run.stderr).toMatch(/^elwood: qwen: /m);
    // Issue 38: the json document of every agent, with codex's failure in errors, validates; its line is on stderr too.
    const json = await runCliChild(s, ["models", "--output", "json"]);
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout) as { agents: Array<{ agent: string }>; errors: Array<{ agent: string }> };
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    expect(doc.agents.map((a) => a.agent)).toEqual(["claude"]);
    expect(doc.errors.map((e) => e.agent)).toEqual(["codex", "qwen"]);
    expect(json.stderr).toMatch(/^elwood: codex: /m);
  }, 180_000);

  it("C-CLI-05: trust prompts are answered by default; with --no-trust the dialog fails the run as blocked_prompt (status 1) without typing into it", async () => {
    const s = sandbox();
    const trusted = await runCliChild(s, ["--output", "json", "go"], { env: { ELWOOD_SIM_TRUST: "numbered" } });
    expect(JSON.parse(trusted.stdout)).toMatchObject({ type: "result", response: "FAKE-REPLY: go" });
    const before = simRecords(readSimLog(s.logFile), "submit").length;
    const blocked = await runCliChild(s, ["--no-trust", "--output", "jsonl", "stuck"], { env: { ELWOOD_SIM_TRUST: "numbered" } });
    expect(blocked.code, blocked.stderr).toBe(1);
    expect(jsonl(blocked.stdout).at(-1)).toMatchObject({ type: "error", error: { code: "blocked_prompt", message: expect.stringContaining("claude-workspace_trust") } });
    expect(simRecords(readSimLog(s.logFile), "submit")).toHaveLength(before);
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-05, C-CLI-08: a permission dialog during the persona turn, with no --timeout, fails the run as blocked_prompt (status 1) instead of hanging; the user turn is never sent", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["--persona", "RUNBASH: echo persona", "--output", "jsonl", "the", "task"]);
    expect(run.code, run.stderr).toBe(1);
    expect(jsonl(run.stdout).at(-1)).toMatchObject({ type: "error", error: { code: "blocked_prompt" } });
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["RUNBASH: echo persona"]);
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-26: models --agent claude lists the CLI's own /model rows as one version-1 json document", async () => {
    const s = sandbox();
    const json = await runCliChild(s, ["models", "--agent", "claude", "--output", "json"]);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as { type: string; agent: string; models: Array<{ id: string; isCurrent: boolean }> };
    expect(doc).toMatchObject({ schemaVersion: 1, type: "models", agent: "claude" });
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    expect(doc.models.length).toBeGreaterThan(0);
    expect(doc.models.filter((m) => m.isCurrent)).toHaveLength(1);
  }, 120_000);

  it("C-CLI-21: with no agent on the login shell's PATH the run fails before launch with no_agent_found, status 2", async () => {
    const s = sandbox({ agent: false });
    const text = await runCliChild(s, ["hello"]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/no agent found: none of claude, codex, qwen/);
    expect(text.stderr).toMatch(/--agent.*ELWOOD_AGENT.*'agent' key/);
    const json = await runCliChild(s, ["--output", "json", "hello"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: "error", agent: null, error: { code: "no_agent_found" } });
    expect(json.stderr).toBe(text.stderr);
  }, 120_000);
});

/** Every path under `dir` with its size and mtime: equal before and after means nothing was written there. */
function snapshotTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .sort()
    .map((p) => {
      const info = statSync(join(dir, p));
      return `${p} ${info.size} ${info.mtimeMs}`;
    });
}

describe("elwood command input handling (issue 38)", () => {
  it("C-CLI-02, C-CLI-04: bare elwood with piped stdin sends it as the prompt; empty piped stdin is a usage error (2) that launches nothing and writes nothing", async () => {
    const s = sandbox();
    const before = snapshotTree(s.root);
    for (const stdin of ["", "\n"]) {
      const empty = await runCliChild(s, [], { stdin, env: { ELWOOD_AGENT: "claude" } });
      expect(empty, JSON.stringify(stdin)).toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("elwood: no prompt") });
    }
    expect(readSimLog(s.logFile)).toEqual([]);
    expect(snapshotTree(s.root)).toEqual(before);
    const run = await runCliChild(s, [], { stdin: "prompt from a pipe\n" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("FAKE-REPLY: prompt from a pipe\n");
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["prompt from a pipe\n"]);
  }, 120_000);

  it("C-CLI-04, C-CLI-20: --image naming a directory fails with status 2 before launch, naming the path as typed; no session, no agent config, no process", async () => {
    const s = sandbox();
    mkdirSync(join(s.ws, "shots"));
    const before = snapshotTree(s.root);
    const run = await runCliChild(s, ["--image", "shots", "hello"]);
    expect(run).toMatchObject({ code: 2, stdout: "", stderr: "elwood: --image shots is not a regular file\n" });
    expect(readSimLog(s.logFile)).toEqual([]);
    expect(snapshotTree(s.root)).toEqual(before);
  }, 60_000);

  it("C-CLI-02, C-CLI-24: elwood --agent claude sessions lists the sessions; the word never reaches the model", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["--agent", "claude", "sessions", "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: "sessions", sessions: [] });
    expect(readSimLog(s.logFile)).toEqual([]);
  }, 60_000);

  it("C-CLI-04: prompt words with stdin held open and silent: the run goes on after the wait with the words only, and stderr says why", async () => {
    const s = sandbox();
    const run = await runCliChild(s, ["just", "the", "words"], { holdStdin: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("FAKE-REPLY: just the words\n");
    expect(run.stderr).toBe("elwood: stdin sent nothing within 3 s; running with the prompt words only (use </dev/null to skip this wait)\n");
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["just the words"]);
  }, 120_000);
});
