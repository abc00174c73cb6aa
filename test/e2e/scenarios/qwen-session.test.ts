// E2E (Qwen Code 0.24.4): what only Qwen needs beyond the shared scenarios — readiness on evidence, the prompt Esc puts
// back into the composer never joins the next message, the user's ~/.qwen untouched, the CLI dying under its permission
// dialog (its launcher or the real CLI), and the elwood command's formats.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../../src/index.js";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { jsonlRecords, inCliSandbox, runElwood } from "../support/cli-sandbox.js";
import { openConversation } from "../support/conversation-fixture.js";
import { childPids, sessionProcesses } from "../support/processes.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";

describe.each(QWEN_AGENTS)("$label: session specifics (issue 34)", (agent) => {
  it(`${agent.label}: ready is decided on the settled composer, not a deadline; after an Esc interrupt the next message reaches the model alone; the user's ~/.qwen stays byte-identical and the session's settings live in its private home`, async (ctx) => {
    const { conversation, server, home } = await openConversation(ctx, agent);
    const userBefore = await home.userFiles();
    server.enqueue({ kind: "text", text: "first reply" });
    expect(await conversation.send("first message")).toBe("first reply");
    const ready = conversation.statusDecisions().find((d) => d.to === "ready");
    expect(ready?.reason).not.toMatch(/deadline/);

    server.enqueue({ kind: "slow", totalMs: 30_000 });
    const slow = conversation.stream("please stream slowly");
    await server.waitForRequest((r) => r.kind === "main" && r.userText === "please stream slowly", 60_000);
    await conversation.session?.waitForStatus((s) => s === "running", 30_000);
    await conversation.interrupt({ timeoutMs: 30_000 });
    for await (const _ of slow) void _;
    server.enqueue({ kind: "text", text: "after the interrupt" });
    expect(await conversation.send("and now?")).toBe("after the interrupt");
    expect(server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["first message", "please stream slowly", "and now?"]);

    const session = conversation.session;
    if (session === undefined) throw new Error("no session");
    const settingsFile = path.join(home.project, ".elwood", "sessions", session.elwoodSessionId, "qwen-home", "settings.json");
    const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, Record<string, unknown>>;
    expect(settings["general"]).toMatchObject({ enableAutoUpdate: false });
    expect(settings["ui"]).toMatchObject({ enableFollowupSuggestions: false });
    expect(Object.keys(settings["hooks"] ?? {})).toEqual(expect.arrayContaining(["UserPromptSubmit", "Stop", "PermissionRequest"]));
    await conversation.close();
    expect(await home.userFiles()).toEqual(userBefore);
  });

  // 0.24.4's `qwen` is a launcher (cli-entry.js) that runs the real CLI as its child (`node --expose-gc cli.js`, stdio
  // inherited): session.pid is the launcher's. Either dying ends the session, and nothing of it is left running.
  const victims = [
    { label: "its launcher (session.pid)", pick: (pid: number) => pid },
    { label: "the real CLI (the launcher's child)", pick: (pid: number) => childPids(pid)[0] },
  ];
  it.for(victims)(`${agent.label}: $label SIGKILLed while the permission dialog is up rejects the stream with session_not_running and leaves no process of the session`, async ({ pick }, ctx) => {
    const { conversation, server, home } = await openConversation(ctx, agent);
    server.enqueue({ kind: "bash", command: `touch ${path.join(home.project, "never-made.txt")}` });
    const seen: string[] = [];
    let killed: number | undefined;
    const turn = conversation.stream("make the file");
    const failure = (async () => {
      for await (const event of turn) {
        if (event.type !== "status") continue;
        seen.push(event.status);
        // One kill: a dialog painted over two frames is announced blocked twice (its rules change), and a second kill
        // of a pid already reaped would throw ESRCH out of this loop instead of the stream's own error.
        if (event.status !== "blocked" || killed !== undefined) continue;
        killed = pick(conversation.session?.pid as number);
        if (killed === undefined) throw new Error("no process to kill");
        process.kill(killed, "SIGKILL");
      }
    })().then(
      () => "the stream ended without an error",
      (error: unknown) => error,
    );
    const outcome = await failure;
    expect(isElwoodError(outcome, "session_not_running"), String(outcome)).toBe(true);
    expect(seen).toContain("blocked");
    const id = conversation.session?.elwoodSessionId ?? "";
    await conversation.close();
    expect(sessionProcesses(id)).toEqual([]);
    expect(existsSync(path.join(home.project, "never-made.txt"))).toBe(false);
  });

  it(`${agent.label}: elwood --agent qwen answers a one-shot prompt in text, json and jsonl (C-CLI-11)`, async () => {
    await inCliSandbox("qwen", agent.version, async (box) => {
      const text = await runElwood(box, ["--agent", "qwen", "hello as text"]);
      expect(text.stdout.trim()).toBe(`${FAKE_REPLY_PREFIX}hello as text`);
      const json = JSON.parse((await runElwood(box, ["--agent", "qwen", "--output", "json", "hello as json"])).stdout) as Record<string, unknown>;
      expect(json).toMatchObject({ type: "result", agent: "qwen", response: `${FAKE_REPLY_PREFIX}hello as json` });
      const records = jsonlRecords((await runElwood(box, ["--agent", "qwen", "--output", "jsonl", "hello as jsonl"])).stdout);
      expect(records.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual([`${FAKE_REPLY_PREFIX}hello as jsonl`]);
      expect(records.at(-1)).toMatchObject({ type: "result", agent: "qwen" });
      expect(box.leftovers()).toEqual([]);
    });
  }, 240_000);
});
