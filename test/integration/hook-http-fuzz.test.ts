// Issue 16 item 1 (as issue 14 item 1 for the inspector): no malformed hook POST gets anything but a 4xx, none is dispatched.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prng, sendRaw } from "../support/http-fuzz.js";
import { httpHarness, post, type HttpHarness } from "../support/hook-http.js";
import { hookFuzzCase } from "../support/hook-http-fuzz.js";

const CASES = 6000;
const PARALLEL = 48;
const MAX_BYTES = 64 * 1024;

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
});
