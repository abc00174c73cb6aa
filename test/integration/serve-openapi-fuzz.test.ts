// Property-based run of `elwood serve --agent claude` on the simulated Claude: requests generated (fixed seed, bounded
// count) from the served /openapi.json for every operation, valid and mutated, must never get a 5xx, and every reply
// must match the schema the document declares for its status (issue 38: what a schemathesis run found).

import { describe, expect, it } from "vitest";
import { elwoodErrorStatus } from "../../cli/serve/error-status.js";
import { sandboxPerTest } from "../support/cli-child.js";
import { prng } from "../support/prng.js";
import { rawRequest, type ServeChild, startServe } from "../support/serve-child.js";
import { type CheckedDocument, responseProblems } from "../serve-support/openapi-check.js";
import { type GeneratedRequest, OpenApiFuzzer } from "../serve-support/openapi-fuzz.js";

const sandbox = sandboxPerTest();
const SEED = 0x38_04;
const REQUESTS = 300;

interface Outcome {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
}

/** Sends one generated request; an event stream that opens is closed at once (its head is what is checked). */
async function send(server: ServeChild, r: GeneratedRequest): Promise<Outcome> {
  const controller = new AbortController();
  // A request that gets no reply head within this bound is a hang, reported like a 5xx.
  const hung = setTimeout(() => controller.abort(new Error("no reply within 60 s")), 60_000);
  const res = await fetch(`${server.url}${r.path}`, {
    method: r.method,
    headers: { ...server.auth, ...r.headers },
    ...(r.body === undefined ? {} : { body: r.body }),
    signal: controller.signal,
  }).finally(() => clearTimeout(hung));
  const contentType = res.headers.get("content-type") ?? "";
  if (contentType.startsWith("text/event-stream")) {
    controller.abort();
    return { status: res.status, contentType, body: undefined };
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* kept as text: the check below reports it */
  }
  return { status: res.status, contentType, body };
}

/**
 * The one 5xx allowed: a typed 503/504 whose code the status table files under "the agent CLI or the host underneath
 * failed" or "a wait ran out" (a real CLI can fail so; a server bug is a 500 `internal_error`, never allowed).
 */
function agentFailure(out: Outcome): boolean {
  const code = (out.body as { title?: unknown } | null)?.title;
  return typeof code === "string" && elwoodErrorStatus(code) === out.status && out.status !== 500;
}

describe("elwood serve against its own OpenAPI document, property-based (issue 38)", () => {
  it(`issue 38: ${REQUESTS} requests generated from /openapi.json (seed ${SEED}), valid and mutated, for every operation: no 500 (a 5xx only as a typed agent failure), every reply matches its documented schema`, async () => {
    const server = await startServe(sandbox(), ["--agent", "claude", "--max-sessions", "4"]);
    try {
      const doc = (await rawRequest(`${server.url}/openapi.json`, { headers: server.auth })).json() as CheckedDocument;
      const next = prng(SEED);
      const ids = ["default"];
      const fuzzer = new OpenApiFuzzer(doc, next, () => (next() < 0.8 ? (ids[Math.floor(next() * ids.length)] as string) : `no-such-${Math.floor(next() * 100)}`));
      const seen = new Map<string, Set<number>>();
      const problems: string[] = [];
      const agentFailures: string[] = [];
      for (let i = 0; i < REQUESTS && problems.length < 10; i += 1) {
        const r = fuzzer.request();
        const out = await send(server, r);
        const key = `${r.method} ${r.pattern}`;
        seen.set(key, (seen.get(key) ?? new Set()).add(out.status));
        const where = `#${i} ${r.method} ${r.path} (${r.mutation}) → ${out.status}`;
        if (out.status >= 500 && !agentFailure(out)) problems.push(`${where}: a 5xx ${JSON.stringify(out.body).slice(0, 300)}`);
        if (out.status >= 500) agentFailures.push(where);
        if (/json/.test(out.contentType)) {
          const found = responseProblems(doc, r.method, r.pattern, out.status, out.body);
          if (found.length > 0) problems.push(`${where}: ${found.join("; ")}`);
        } else if (!out.contentType.startsWith("text/event-stream") || out.status !== 200) problems.push(`${where}: content type ${out.contentType}`);
        // Sessions the run created become path values; deleted ones stay (a 404 is a fine answer too).
        if (r.pattern === "/v1/sessions" && r.method === "POST" && out.status === 201) ids.push(String((out.body as { id: string }).id));
      }
      expect(problems).toEqual([]);
      // The 503s the run met are the agent CLI's own failures (e.g. its picker, with the run's raw keys in its composer).
      if (agentFailures.length > 0) console.info(`agent failures answered 503/504 (not server bugs): ${agentFailures.join(", ")}`);
      // Every operation was exercised.
      expect([...seen.keys()].sort()).toEqual(fuzzer.operations.map((op) => `${op.method} ${op.pattern}`).sort());
      // The server still serves.
      expect((await rawRequest(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      server.child.signal("SIGTERM");
      await server.child.done;
    }
  }, 300_000);
});
