// The elwood command's output formats: text joining rules, streamed text, jsonl records (sequence, elapsedMs, schema) and the json document.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OutputSink } from "../../cli/output-sink.js";
import { ProgressLine } from "../../cli/progress-line.js";
import { OutputWriter } from "../../cli/output-writer.js";
import { eventRecord, type TerminalRecord } from "../../cli/records.js";
import { schemaProblems } from "../support/json-schema-check.js";
import { capture } from "../support/fake-cli-io.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const DOCUMENT = (SCHEMA["$defs"] as Record<string, Record<string, unknown>>)["document"] as Record<string, unknown>;

const done: TerminalRecord = { type: "result", agent: "claude", response: "", sessionId: "s-1", durationMs: 12, cleanup: { action: "stop", status: "succeeded" } };

async function render(format: "text" | "json" | "jsonl", texts: readonly string[], stream = false) {
  const out = capture();
  const sink = new OutputSink(format, new OutputWriter(out), stream, Date.now());
  for (const text of texts) await sink.event({ type: "text", text });
  await sink.finish({ ...done, response: sink.response });
  return out.text();
}

describe("elwood output formats (issue 19, C-CLI-10, C-CLI-11, C-CLI-12)", () => {
  it("C-CLI-10: text writes the messages joined by one blank line with one trailing newline; an empty response writes 0 bytes", async () => {
    expect(await render("text", ["one", "two"])).toBe("one\n\ntwo\n");
    expect(await render("text", [])).toBe("");
    expect(await render("text", ["one", "two"], true)).toBe("one\n\ntwo\n");
    expect(await render("text", [], true)).toBe("");
  });

  it("C-CLI-11: jsonl numbers every record, stamps elapsedMs, ends with exactly one terminal record, and each validates against the schema", async () => {
    const out = capture();
    const sink = new OutputSink("jsonl", new OutputWriter(out), false, Date.now());
    const events = [
      { type: "status", status: "running" },
      { type: "thinking", text: "hmm" },
      { type: "tool_call", id: "call_7\u001b[31m", name: "Bash", input: { command: "npm test" } },
      { type: "tool_result", id: "call_7", name: "Bash", output: "ok\u0007", isError: false },
      { type: "warning", code: "version_unparseable", source: "lifecycle", severity: "warning", message: "w", raw: "version_unparseable" },
      { type: "text", text: "done" },
    ] as const;
    for (const e of events) await sink.event(eventRecord(e) as NonNullable<ReturnType<typeof eventRecord>>);
    await sink.finish({ ...done, response: sink.response });
    const records = out.text().trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.map((r) => r["type"])).toEqual(["status", "thinking", "tool", "tool", "warning", "text", "result"]);
    expect(records.map((r) => r["sequence"])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const r of records) {
      expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
      expect(Number.isInteger(r["elapsedMs"]) && (r["elapsedMs"] as number) >= 0).toBe(true);
    }
    // Tool ids and contents are sanitized: no escape sequences or control bytes reach stdout.
    expect(records[2]).toMatchObject({ phase: "call", name: "Bash", content: "npm test", toolCallId: "call_731m" });
    expect(records[3]).toMatchObject({ phase: "result", content: "ok", isError: false });
    expect(records[6]).toMatchObject({ response: "done", agent: "claude", sessionId: "s-1" });
  });

  it("C-CLI-11: json writes one version-1 document that validates, and the schema check can fail", async () => {
    const doc = JSON.parse(await render("json", ["a", "b"])) as Record<string, unknown>;
    expect(doc).toMatchObject({ schemaVersion: 1, type: "result", response: "a\n\nb", cleanup: { action: "stop", status: "succeeded" } });
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    // The document is one of several kinds: Ajv reports every branch, the result branch among them.
    expect(schemaProblems(SCHEMA, { ...doc, extra: 1 }, DOCUMENT)).toContain("$: must NOT have additional properties (extra)");
    expect(schemaProblems(SCHEMA, { schemaVersion: 1, type: "text", text: "x", sequence: -1, elapsedMs: 0 })).not.toEqual([]);
  });

  it("C-CLI-12: a consumer that closed the pipe (EPIPE) stops output without an error escaping", async () => {
    let errorListener: ((e: Error) => void) | undefined;
    const writes: string[] = [];
    const writer = new OutputWriter({
      write(chunk, callback) {
        writes.push(chunk);
        const e = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
        callback?.(e);
        errorListener?.(e);
        return false;
      },
      once: () => undefined,
      on: (_event, listener) => {
        errorListener = listener;
      },
    });
    await writer.write("first\n");
    await writer.write("second\n");
    expect(writer.closed).toBe(true);
    expect(writes).toEqual(["first\n"]);
  });
});

describe("progress line (issue 19)", () => {
  it("issue 19: the status line (elapsed, phase, tool) is drawn only on a terminal stderr and cleared at the end", () => {
    expect(ProgressLine.forStderr(capture(false), Date.now())).toBeUndefined();
    const tty = capture(true);
    const line = ProgressLine.forStderr(tty, Date.now());
    expect(line).toBeDefined();
    line?.start();
    line?.update("working", "Bash");
    line?.stop();
    expect(tty.text()).toContain("starting");
    expect(tty.text()).toContain("working · Bash");
    expect(tty.text().endsWith("\r\x1b[2K")).toBe(true);
  });
});
