// E2E: the elwood command against the real pinned CLIs offline: --timeout → 124 and SIGINT mid-turn → 130 on Claude
// Code 2.1.215 and Codex 0.171.0 with nothing left running; a jsonl run on Codex 0.171.0 whose text record is the
// scripted reply.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eventually } from "../../support/eventually.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { cliE2ESandbox, jsonlRecords, startElwood } from "../support/cli-sandbox.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;

describe("elwood command lifecycle on the real CLIs", () => {
  it("C-CLI-07, C-CLI-17: Claude Code 2.1.215: --timeout on a turn the model never answers exits 124 with a timeout error record; nothing left running", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("claude", "2.1.215");
    try {
      const run = await startElwood(box, ["--timeout", "20s", "--output", "jsonl", "please HANG here"]).done;
      expect(run.code, run.stdout + run.stderr).toBe(124);
      expect(jsonlRecords(SCHEMA, run.stdout).at(-1)).toMatchObject({ type: "error", agent: "claude", error: { code: "timeout" } });
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["please HANG here"]);
      await eventually(() => box.leftovers().length === 0, 30_000, "the CLI and its children to exit");
      expect(box.leftovers()).toEqual([]);
    } finally {
      await box.dispose();
    }
  }, 180_000);

  it("C-CLI-07, C-CLI-17: Claude Code 2.1.215: SIGINT while the model is answering interrupts the turn, exits 130 with an interrupted error record; nothing left running", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("claude", "2.1.215");
    try {
      const child = startElwood(box, ["--output", "jsonl", "HANG until interrupted"]);
      await eventually(() => box.server.requests.some((r) => r.kind === "main"), 90_000, "the model request");
      child.signal("SIGINT");
      const run = await child.done;
      expect(run.code, run.stdout + run.stderr).toBe(130);
      expect(jsonlRecords(SCHEMA, run.stdout).at(-1)).toMatchObject({ type: "error", agent: "claude", error: { code: "interrupted" } });
      await eventually(() => box.leftovers().length === 0, 30_000, "the CLI and its children to exit");
      expect(box.leftovers()).toEqual([]);
    } finally {
      await box.dispose();
    }
  }, 180_000);

  it("C-CLI-11, C-E2E-02: Codex 0.171.0: a --output jsonl run's text record equals the model server's reply; one result; schema-valid", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("codex", "0.171.0");
    try {
      const prompt = "hello from the elwood command on codex";
      const run = await startElwood(box, ["--agent", "codex", "--output", "jsonl", prompt]).done;
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const all = jsonlRecords(SCHEMA, run.stdout);
      expect(all.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual([`${FAKE_REPLY_PREFIX}${prompt}`]);
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual([prompt]);
      expect(all.at(-1)).toMatchObject({ type: "result", agent: "codex", response: `${FAKE_REPLY_PREFIX}${prompt}`, cleanup: { action: "stop", status: "succeeded" } });
      await eventually(() => box.leftovers().length === 0, 30_000, "the CLI and its children to exit");
    } finally {
      await box.dispose();
    }
  }, 180_000);

  it("C-CLI-07, C-CLI-17: Codex 0.171.0: --timeout exits 124 and SIGINT mid-turn exits 130, each with its error record and nothing left running", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("codex", "0.171.0");
    try {
      const timedOut = await startElwood(box, ["--agent", "codex", "--timeout", "20s", "--output", "jsonl", "please HANG here"]).done;
      expect(timedOut.code, timedOut.stdout + timedOut.stderr).toBe(124);
      expect(jsonlRecords(SCHEMA, timedOut.stdout).at(-1)).toMatchObject({ type: "error", agent: "codex", error: { code: "timeout" } });
      await eventually(() => box.leftovers().length === 0, 30_000, "the CLI and its children to exit");

      const child = startElwood(box, ["--agent", "codex", "--ephemeral", "--output", "jsonl", "HANG until interrupted"]);
      await eventually(() => box.server.requests.filter((r) => r.kind === "main").length === 2, 90_000, "the second model request");
      child.signal("SIGINT");
      const interrupted = await child.done;
      expect(interrupted.code, interrupted.stdout + interrupted.stderr).toBe(130);
      expect(jsonlRecords(SCHEMA, interrupted.stdout).at(-1)).toMatchObject({ type: "error", agent: "codex", error: { code: "interrupted" } });
      await eventually(() => box.leftovers().length === 0, 30_000, "the CLI and its children to exit");
      expect(box.leftovers()).toEqual([]);
    } finally {
      await box.dispose();
    }
  }, 240_000);
});
