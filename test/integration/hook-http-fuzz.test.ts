// Issue 16 item 1 (as issue 14 item 1 for the inspector): no malformed hook POST gets anything but a 4xx, none is dispatched.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prng, sendRaw } from "../support/http-fuzz.js";
import { httpHarness, post, type HttpHarness } from "../support/hook-http.js";
import { hookFuzzCase } from "../support/hook-http-fuzz.js";
import { sendAllTruncated, truncatedRequest, uncoveredClasses } from "../support/truncated-request.js";
import { uncaughtDuring } from "../support/uncaught-during.js";

const CASES = 6000;
const PARALLEL = 48;
const MAX_BYTES = 64 * 1024;
const TRUNCATED_CASES = 500;

describe("hook HTTP listener survives hostile local requests (issue 16 item 1)", () => {
  let h: HttpHarness;
  const stopPayload = { session_id: "s-1", transcript_path: "/tmp/t.jsonl", cwd: "/tmp", hook_event_name: "Stop", stop_hook_active: false };

  beforeAll(async () => {
    h = await httpHarness({ Stop: () => ({ decision: "block", reason: "fuzz-survivor" }) }, 2000, MAX_BYTES);
  });
  afterAll(async () => {
    await h?.server.close();
  });

  it(`issue 16 item 1: ${CASES} seeded malformed hook calls over raw sockets each get a 4xx (or a close), none reaches the handler, and a real call still works`, async () => {
    const seed = 0x16_01;
    const next = prng(seed);
    const cases = Array.from({ length: CASES }, () => hookFuzzCase(next, h.token, MAX_BYTES));
    const bad: string[] = [];
    let replied = 0;
    let index = 0;
    const worker = async (): Promise<void> => {
      for (let i = index++; i < cases.length; i = index++) {
        const c = cases[i]!;
        const reply = await sendRaw(h.port, c, 10_000);
        if (reply.hung) bad.push(`case ${i} (${c.kind}) hung without a reply`);
        if (reply.status === undefined) continue;
        replied++;
        if (reply.status < 400 || reply.status >= 500) bad.push(`case ${i} (${c.kind}) answered ${reply.status}: ${c.parts.map((p) => p.toString("latin1")).join("").slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, () => worker()));
    expect(bad.slice(0, 20)).toEqual([]);
    expect(replied).toBeGreaterThan(CASES * 0.95);
    expect(h.events).toEqual([]);
    const ok = await post(h.server.http!.url("Stop"), JSON.stringify(stopPayload), { ...h.server.http!.headers });
    expect(JSON.parse(ok.body)).toEqual({ decision: "block", reason: "fuzz-survivor" });
  }, 120_000);

  it(`issue 38 item 2: ${TRUNCATED_CASES} seeded requests of every method, CONNECT and upgrades included, whose client closes (mostly resets) at a random byte; nothing throws in this process and a real call still works`, async () => {
    // A harness of its own: whole calls among these cases reach the handler, which the test above counts.
    const own = await httpHarness({ Stop: () => ({ decision: "block", reason: "cut-short-survivor" }) }, 2000, MAX_BYTES);
    try {
      const next = prng(0x38_02);
      const target = {
        host: "127.0.0.1",
        paths: ["/hook/Stop", "/hook/Stop", "/hook/NoSuch", "/"],
        headers: [`X-Elwood-Hook-Token: ${own.token}`],
        body: JSON.stringify(stopPayload),
      };
      const cases = Array.from({ length: TRUNCATED_CASES }, () => truncatedRequest(next, target));
      expect(uncoveredClasses(cases)).toEqual([]);
      // Run in this process: an `error` event on a socket with no listener would surface here as an uncaught exception.
      const uncaught = await uncaughtDuring(() => sendAllTruncated(own.port, cases, 16));
      expect(uncaught.slice(0, 3)).toEqual([]);
      const ok = await post(own.server.http!.url("Stop"), JSON.stringify(stopPayload), { ...own.server.http!.headers });
      expect(JSON.parse(ok.body)).toEqual({ decision: "block", reason: "cut-short-survivor" });
      const connectReply = await sendRaw(own.port, { kind: "literal", parts: [Buffer.from("CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")], delayMs: 0 });
      expect(connectReply.status).toBe(405);
    } finally {
      await own.server.close();
    }
  }, 60_000);
});
