// cli/output.schema.json is generated from the TypeBox documents the writers are typed by, and real outputs validate.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSessionDir } from "../../effects/state-dir.js";
import { recordFor, writeSessionRecord } from "../../effects/session-record.js";
import { runCli } from "../../cli/main.js";
import { outputSchemaText } from "../../cli/output-schema.js";
import { schemaProblems } from "../support/json-schema-check.js";
import { fakeIo } from "../support/fake-cli-io.js";

const TEXT = readFileSync(new URL("../../cli/output.schema.json", import.meta.url), "utf8");
const SCHEMA = JSON.parse(TEXT) as Record<string, unknown>;
const DEFS = SCHEMA["$defs"] as Record<string, Record<string, unknown>>;
const DOCUMENT = DEFS["document"] as Record<string, unknown>;
const tmp = mkdtempSync(join(tmpdir(), "elwood-schema-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(argv: string[], env: Record<string, string> = {}) {
  const { io, stdout, stderr } = fakeIo({ env, cwd: tmp });
  const status = await runCli(argv, io);
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

describe("elwood output schema (issue 38, C-CLI-11)", () => {
  it("C-CLI-11: the checked-in cli/output.schema.json is exactly what the TypeBox documents generate (npm run -s output-schema)", () => {
    expect(TEXT).toBe(outputSchemaText());
  });

  it("C-CLI-11: an error document must carry error; a result document must not; sessions and models documents are documents", () => {
    const base = { schemaVersion: 1, agent: null, response: "", sessionId: null, durationMs: 0, cleanup: { action: "none", status: "skipped" } };
    expect(schemaProblems(SCHEMA, { ...base, type: "error" }, DOCUMENT)).not.toEqual([]);
    expect(schemaProblems(SCHEMA, { ...base, type: "error", error: { code: "x", message: "y" } }, DOCUMENT)).toEqual([]);
    expect(schemaProblems(SCHEMA, { ...base, type: "result", error: { code: "x", message: "y" } }, DOCUMENT)).not.toEqual([]);
    expect(schemaProblems(SCHEMA, { schemaVersion: 1, type: "sessions", stateDir: "/s", sessions: [] }, DOCUMENT)).toEqual([]);
    expect(schemaProblems(SCHEMA, { schemaVersion: 1, type: "sessions", stateDir: "/s", sessions: [{ id: "x" }] }, DOCUMENT)).not.toEqual([]);
    expect(schemaProblems(SCHEMA, { schemaVersion: 1, type: "models", agents: [], errors: [] }, DOCUMENT)).toEqual([]);
  });

  it("C-CLI-11, C-CLI-24: real sessions --output json and error outputs (json and jsonl, of several commands) validate", async () => {
    const stateDir = join(tmp, "state");
    const dir = await createSessionDir({ stateDir, cwd: tmp, elwoodSessionId: "s-1" });
    const posture = { permissionMode: "dontAsk", allowedTools: null, disallowedTools: null, tools: null };
    await writeSessionRecord(dir, recordFor("s-1", tmp, { adapter: "claude", posture }, "conv-1"));
    const listed = await cli(["sessions", "--output", "json", "--state-dir", stateDir]);
    expect(listed.status, listed.stderr).toBe(0);
    const doc = JSON.parse(listed.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ type: "sessions", sessions: [{ id: "s-1", agent: "claude", resumable: true, live: false }] });
    expect(schemaProblems(SCHEMA, doc, DOCUMENT)).toEqual([]);
    for (const argv of [
      ["sessions", "--output", "json", "extra"],
      ["models", "--output", "json", "--image", "a.png"],
      ["--output", "json", "--bogus"],
      ["resume", "missing-id", "--output", "json", "--state-dir", stateDir, "x"],
    ]) {
      const json = await cli(argv);
      expect(json.status, argv.join(" ")).toBe(2);
      expect(schemaProblems(SCHEMA, JSON.parse(json.stdout), DOCUMENT), argv.join(" ")).toEqual([]);
      const jsonl = await cli(argv.map((w) => (w === "json" ? "jsonl" : w)));
      expect(schemaProblems(SCHEMA, JSON.parse(jsonl.stdout)), argv.join(" ")).toEqual([]);
    }
  });
});
