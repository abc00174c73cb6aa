// The elwood command as a child process against the simulated Codex: a jsonl run reads the reply from Codex's rollout;
// Ctrl+C mid-turn ends it as interrupted.

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSimLog, simRecords } from "../sim/sim-control.js";
import { sandboxPerTest, runCliChild, startCli } from "../support/cli-child.js";
import { eventually } from "../support/eventually.js";
import { schemaProblems } from "../support/json-schema-check.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;

const sandbox = sandboxPerTest();

describe("elwood command on the simulated Codex (issue 19)", () => {
  it("C-CLI-11, C-CLI-21: --agent codex, jsonl: the text record is the reply Codex committed to its rollout; one result; the schema validates", async () => {
    const s = sandbox({ codex: true });
    const run = await runCliChild(s, ["--agent", "codex", "--output", "jsonl", "hello", "codex"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const records = run.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const r of records) expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
    expect(records.map((r) => r["sequence"])).toEqual(records.map((_, i) => i));
    expect(records.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual(["FAKE-REPLY: hello codex"]);
    expect(records.filter((r) => r["type"] === "result" || r["type"] === "error")).toHaveLength(1);
    expect(records.at(-1)).toMatchObject({ type: "result", agent: "codex", response: "FAKE-REPLY: hello codex", cleanup: { action: "stop", status: "succeeded" } });
    expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["hello codex"]);
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-07, C-CLI-17: Ctrl+C (SIGINT) mid-turn on Codex interrupts it: status 130, an interrupted error record, nothing left running", async () => {
    const s = sandbox({ codex: true, script: { turnMs: 60_000 } });
    const child = startCli(s, ["--agent", "codex", "--output", "jsonl", "wait", "for", "it"]);
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 60_000, "the prompt to be submitted");
    child.signal("SIGINT");
    const run = await child.done;
    expect(run.code, run.stdout + run.stderr).toBe(130);
    const records = run.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const r of records) expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
    expect(records.at(-1)).toMatchObject({ type: "error", agent: "codex", error: { code: "interrupted" } });
    await eventually(() => s.leftovers().length === 0, 20_000, "the agent and its children to exit");
    expect(s.leftovers()).toEqual([]);
  }, 120_000);

  it("C-CLI-04 (issue 38): --image with Codex on Linux without a display, even a valid PNG, is a usage error (2) before launch: no session, no agent config, no process", async () => {
    const s = sandbox({ codex: true });
    writeFileSync(join(s.ws, "a.png"), Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"));
    const tree = (): string[] =>
      readdirSync(s.root, { recursive: true, encoding: "utf8" })
        .sort()
        .map((p) => `${p} ${statSync(join(s.root, p)).mtimeMs}`);
    const before = tree();
    const run = await runCliChild(s, ["--agent", "codex", "--image", "a.png", "look"], { env: { DISPLAY: "", WAYLAND_DISPLAY: "" } });
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toBe("elwood: --image a.png: this agent attaches images only through a native clipboard (macOS, or Linux with a display)\n");
    expect(readSimLog(s.logFile)).toEqual([]);
    expect(tree()).toEqual(before);
  }, 60_000);
});
