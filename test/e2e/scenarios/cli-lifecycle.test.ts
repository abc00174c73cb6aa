// E2E: the elwood command against the real pinned CLIs offline: --timeout → 124 and SIGINT mid-turn → 130 on Claude
// Code 2.1.215 and Codex 0.171.0 with nothing left running; a jsonl run on Codex 0.171.0 whose text record is the
// scripted reply.

import { describe, expect, it } from "vitest";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { expectNothingLeft, inCliSandbox, interruptElwood, jsonlRecords, runElwood } from "../support/cli-sandbox.js";

describe("elwood command lifecycle on the real CLIs", () => {
  it("C-CLI-07, C-CLI-17: Claude Code 2.1.215: --timeout on a turn the model never answers exits 124 with a timeout error record; nothing left running", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      const run = await runElwood(box, ["--timeout", "20s", "--output", "jsonl", "please HANG here"], { code: 124 });
      expect(jsonlRecords(run.stdout).at(-1)).toMatchObject({ type: "error", agent: "claude", error: { code: "timeout" } });
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["please HANG here"]);
      await expectNothingLeft(box);
    });
  }, 180_000);

  it("C-CLI-07, C-CLI-17: Claude Code 2.1.215: SIGINT while the model is answering interrupts the turn, exits 130 with an interrupted error record; nothing left running", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      const run = await interruptElwood(box, ["--output", "jsonl", "HANG until interrupted"], () => box.server.requests.some((r) => r.kind === "main"), "the model request");
      expect(jsonlRecords(run.stdout).at(-1)).toMatchObject({ type: "error", agent: "claude", error: { code: "interrupted" } });
      await expectNothingLeft(box);
    });
  }, 180_000);

  it("C-CLI-11, C-E2E-02: Codex 0.171.0: a --output jsonl run's text record equals the model server's reply; one result; schema-valid", async () => {
    await inCliSandbox("codex", "0.171.0", async (box) => {
      const prompt = "hello from the elwood command on codex";
      const all = jsonlRecords((await runElwood(box, ["--agent", "codex", "--output", "jsonl", prompt])).stdout);
      expect(all.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual([`${FAKE_REPLY_PREFIX}${prompt}`]);
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual([prompt]);
      expect(all.at(-1)).toMatchObject({ type: "result", agent: "codex", response: `${FAKE_REPLY_PREFIX}${prompt}`, cleanup: { action: "stop", status: "succeeded" } });
      await expectNothingLeft(box);
    });
  }, 180_000);

  it("C-CLI-07, C-CLI-17: Codex 0.171.0: --timeout exits 124 and SIGINT mid-turn exits 130, each with its error record and nothing left running", async () => {
    await inCliSandbox("codex", "0.171.0", async (box) => {
      const timedOut = await runElwood(box, ["--agent", "codex", "--timeout", "20s", "--output", "jsonl", "please HANG here"], { code: 124 });
      expect(jsonlRecords(timedOut.stdout).at(-1)).toMatchObject({ type: "error", agent: "codex", error: { code: "timeout" } });
      await expectNothingLeft(box);

      const interrupted = await interruptElwood(
        box,
        ["--agent", "codex", "--ephemeral", "--output", "jsonl", "HANG until interrupted"],
        () => box.server.requests.filter((r) => r.kind === "main").length === 2,
        "the second model request",
      );
      expect(jsonlRecords(interrupted.stdout).at(-1)).toMatchObject({ type: "error", agent: "codex", error: { code: "interrupted" } });
      await expectNothingLeft(box);
    });
  }, 240_000);
});
