// `elwood serve` latency on the simulated Claude CLI: HTTP `POST /v1/sessions/:id/send` → the turn's `result` frame on
// the session's SSE stream, next to the same turn through the library API (`sendTurn`) on the same session,
// alternating, 3 repetitions. What the server adds is the difference of the medians.
// Run: npx tsx test/bench/serve-latency.ts [turns]

import { pathToFileURL } from "node:url";
import { channelOf } from "../../cli/serve/native-routes.js";
import type { SendResponse, SessionInfo } from "../../cli/serve/schemas/native.js";
import { connectSse } from "../serve-support/sse-client.js";
import { startSimServer, TEST_TOKEN } from "../serve-support/sim-server.js";
import { percentile, spread } from "./bench-stats.js";

export interface ServeLatencyRow {
  readonly turnsPerRep: number;
  readonly libraryP50Ms: string;
  readonly httpP50Ms: string;
  readonly addedP50Ms: string;
  /** Measured inside the HTTP turn: POST sent → the library's `stream` called, plus `result` logged → frame received. */
  readonly serverPathP50Ms: string;
}

const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);

/** One repetition on a fresh server and session: `turns` library turns and `turns` HTTP turns, alternating. */
async function repetition(turns: number, rep: number): Promise<{ library: number; http: number; serverPath: number }> {
  const server = await startSimServer({ script: { turnMs: 50, transcript: { records: 1 } }, heartbeatMs: 0 });
  const headers = { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" };
  try {
    const created = (await (await fetch(`${server.url}/v1/sessions`, { method: "POST", headers, body: JSON.stringify({ agent: "claude" }) })).json()) as SessionInfo;
    const live = server.registry.require(created.id);
    const stream = await connectSse(`${server.url}/v1/sessions/${created.id}/stream`, { headers });
    // Stamps on the server's side of the HTTP turn: when the library turn was asked for, when each event was logged.
    const session = live.session as { stream: (...args: never[]) => unknown };
    const libraryStream = session.stream.bind(session);
    let streamCalledAt = 0;
    session.stream = (...args: never[]) => {
      streamCalledAt = performance.now();
      return libraryStream(...args);
    };
    const log = channelOf(live).log;
    const append = log.append.bind(log);
    const loggedAt = new Map<number, number>();
    log.append = (event, data) => {
      const logged = append(event, data);
      if (logged !== undefined) loggedAt.set(logged.id, performance.now());
      return logged;
    };
    const serverPath: number[] = [];
    const viaHttp = async (prompt: string): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/v1/sessions/${created.id}/send`, { method: "POST", headers, body: JSON.stringify({ text: prompt }) });
      const { turnId } = (await res.json()) as SendResponse;
      const frame = await stream.waitFor((f) => f.event === "result" && (JSON.parse(f.data) as { turnId: string }).turnId === turnId, 60_000);
      const received = performance.now();
      const elapsed = received - t0;
      serverPath.push(streamCalledAt - t0 + (received - (loggedAt.get(Number(frame.id)) ?? Number.NaN)));
      const result = JSON.parse(frame.data) as { text: string };
      if (result.text !== `FAKE-REPLY: ${prompt}`) throw new Error(`the HTTP turn returned "${result.text}"`);
      return elapsed;
    };
    const viaLibrary = async (prompt: string): Promise<number> => {
      const t0 = performance.now();
      const result = await live.session.sendTurn(prompt, { timeoutMs: 60_000 });
      const elapsed = performance.now() - t0;
      if (result.text !== `FAKE-REPLY: ${prompt}`) throw new Error(`the library turn returned "${result.text}"`);
      return elapsed;
    };
    // Warm-up: the CLI's start and the first turn's one-off costs belong to neither side.
    await viaHttp(`warm-up ${String(rep)}`);
    serverPath.length = 0;
    const library: number[] = [];
    const http: number[] = [];
    for (let i = 0; i < turns; i += 1) {
      // Alternating which goes first keeps a drift in the machine's load from favouring one side.
      if (i % 2 === 0) {
        library.push(await viaLibrary(`library ${String(rep)}.${String(i)}`));
        http.push(await viaHttp(`http ${String(rep)}.${String(i)}`));
      } else {
        http.push(await viaHttp(`http ${String(rep)}.${String(i)}`));
        library.push(await viaLibrary(`library ${String(rep)}.${String(i)}`));
      }
    }
    stream.drop();
    return { library: median(library), http: median(http), serverPath: median(serverPath) };
  } finally {
    await server.close();
  }
}

export async function benchServeLatency(turns = 10, reps = 3): Promise<ServeLatencyRow> {
  const library: number[] = [];
  const http: number[] = [];
  const added: number[] = [];
  const serverPath: number[] = [];
  for (let rep = 0; rep < reps; rep += 1) {
    const r = await repetition(turns, rep);
    library.push(r.library);
    http.push(r.http);
    added.push(r.http - r.library);
    serverPath.push(r.serverPath);
  }
  return { turnsPerRep: turns, libraryP50Ms: spread(library, 1), httpP50Ms: spread(http, 1), addedP50Ms: spread(added, 2), serverPathP50Ms: spread(serverPath, 2) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const turns = Number(process.argv[2] ?? 10);
  console.log(JSON.stringify(await benchServeLatency(turns, 3)));
}
