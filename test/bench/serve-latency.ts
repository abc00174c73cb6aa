// `elwood serve` latency on the simulated Claude CLI, three ways of running the same turn, alternating, 3 repetitions:
// the library API (`sendTurn` → result) and native HTTP (`POST /v1/sessions/:id/send` → the turn's `result` frame on
// `/v1/sessions/:id/stream`) on one session, and agentapi's (`POST /message` → `status_change` stable on `/events`) on
// the default session, which only agentapi's routes drive (409 default_session_is_compat on /v1). What the server adds
// is each HTTP median minus the library's.
// Run: npx tsx test/bench/serve-latency.ts [turns]

import { Agent, request } from "node:http";
import { pathToFileURL } from "node:url";
import { compatRoutes, compatTarget } from "../../cli/serve/compat-routes.js";
import { channelOf } from "../../cli/serve/native-routes.js";
import type { SendResponse } from "../../cli/serve/schemas/native.js";
import { connectSse, type ReceivedFrame, type SseConnection } from "../serve-support/sse-client.js";
import { startSimServer, TEST_TOKEN } from "../serve-support/sim-server.js";
import { percentile, spread } from "./bench-stats.js";

export interface ServeLatencyRow {
  readonly turnsPerRep: number;
  readonly libraryP50Ms: string;
  readonly nativeP50Ms: string;
  readonly nativeAddedMs: string;
  /** Inside the native HTTP turn: POST sent → the library's `stream` called. */
  readonly nativePostToStreamMs: string;
  /** Inside the native HTTP turn: `result` logged → its SSE frame parsed by the client. */
  readonly nativeResultToClientMs: string;
  readonly compatP50Ms: string;
  readonly compatAddedMs: string;
}

/** The native session; the agentapi routes drive the server's default one, a second session of the same sim. */
const SESSION = "bench";
const COMPAT_SESSION = "default";
/** One kept-alive connection for the POSTs, as a real client would hold (fetch's own overhead is not the server's). */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}
const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);

/** Resolves with the first frame received after `from` frames that matches. */
function frameAfter(stream: SseConnection, from: number, match: (f: ReceivedFrame) => boolean): Promise<ReceivedFrame> {
  return stream.waitFor((f) => stream.frames.indexOf(f) >= from && match(f), 60_000);
}

interface Repetition {
  readonly library: number;
  readonly native: number;
  readonly nativePost: number;
  readonly nativeDelivery: number;
  readonly compat: number;
}

/** One repetition on a fresh server and session: `turns` turns each way, in a rotating order. */
async function repetition(turns: number, rep: number): Promise<Repetition> {
  let compat: ReturnType<typeof compatTarget> | undefined;
  const server = await startSimServer({
    script: { turnMs: 50, transcript: { records: 1 } },
    heartbeatMs: 0,
    extraRoutes: () => compatRoutes({ conversation: () => compat?.conversation, uploads: () => compat?.uploads }),
  });
  const headers = { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" };
  try {
    const live = await server.registry.create({}, SESSION);
    const compatLive = await server.registry.create({}, COMPAT_SESSION);
    compat = compatTarget(compatLive);
    const native = await connectSse(`${server.url}/v1/sessions/${SESSION}/stream`, { headers });
    const events = await connectSse(`${server.url}/events`, { headers });
    // Sessions start lazily: the default one is started (as `elwood serve --agent` does) and awaited, since a message
    // posted while it still starts never shows `running`.
    await compatLive.session.start();
    await events.waitFor((f) => f.event === "status_change" && f.data.includes('"stable"'), 60_000);
    // Stamps on the server's side of the native turn: when the library turn was asked for, when each event was logged.
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

    const postPart: number[] = [];
    const deliveryPart: number[] = [];
    const viaNative = async (prompt: string): Promise<number> => {
      const t0 = performance.now();
      const res = await post(`${server.url}/v1/sessions/${SESSION}/send`, headers, { text: prompt });
      const { turnId } = JSON.parse(res.text) as SendResponse;
      const frame = await native.waitFor((f) => f.event === "result" && (JSON.parse(f.data) as { turnId: string }).turnId === turnId, 60_000);
      const received = performance.now();
      postPart.push(streamCalledAt - t0);
      deliveryPart.push(received - (loggedAt.get(Number(frame.id)) ?? Number.NaN));
      const result = JSON.parse(frame.data) as { text: string };
      if (result.text !== `FAKE-REPLY: ${prompt}`) throw new Error(`the native turn returned "${result.text}"`);
      return received - t0;
    };
    const viaCompat = async (prompt: string): Promise<number> => {
      const from = events.frames.length;
      const t0 = performance.now();
      const res = await post(`${server.url}/message`, headers, { type: "user", content: prompt });
      if (res.status !== 200) throw new Error(`POST /message answered ${String(res.status)}: ${res.text}`);
      const running = await frameAfter(events, from, (f) => f.event === "status_change" && f.data.includes('"running"'));
      await frameAfter(events, events.frames.indexOf(running) + 1, (f) => f.event === "status_change" && f.data.includes('"stable"'));
      return performance.now() - t0;
    };
    const viaLibrary = async (prompt: string): Promise<number> => {
      const t0 = performance.now();
      const result = await live.session.sendTurn(prompt, { timeoutMs: 60_000 });
      const elapsed = performance.now() - t0;
      if (result.text !== `FAKE-REPLY: ${prompt}`) throw new Error(`the library turn returned "${result.text}"`);
      return elapsed;
    };
    // Warm-up: the CLI's start and the first turn's one-off costs belong to no side.
    await viaNative(`warm-up ${String(rep)}`);
    await viaCompat(`warm-up compat ${String(rep)}`);
    postPart.length = 0;
    deliveryPart.length = 0;
    const sides = [
      { name: "library", run: viaLibrary, times: [] as number[] },
      { name: "native", run: viaNative, times: [] as number[] },
      { name: "compat", run: viaCompat, times: [] as number[] },
    ];
    for (let i = 0; i < turns; i += 1) {
      // A rotating order keeps a drift in the machine's load from favouring one side.
      for (let k = 0; k < sides.length; k += 1) {
        const side = sides[(i + k) % sides.length];
        if (side !== undefined) side.times.push(await side.run(`${side.name} ${String(rep)}.${String(i)}`));
      }
    }
    native.drop();
    events.drop();
    const [library, nativeSide, compatSide] = sides.map((s) => median(s.times));
    return { library: library ?? Number.NaN, native: nativeSide ?? Number.NaN, nativePost: median(postPart), nativeDelivery: median(deliveryPart), compat: compatSide ?? Number.NaN };
  } finally {
    await server.close();
  }
}

export async function benchServeLatency(turns = 10, reps = 3): Promise<ServeLatencyRow> {
  const r: Repetition[] = [];
  for (let rep = 0; rep < reps; rep += 1) r.push(await repetition(turns, rep));
  return {
    turnsPerRep: turns,
    libraryP50Ms: spread(r.map((x) => x.library), 1),
    nativeP50Ms: spread(r.map((x) => x.native), 1),
    nativeAddedMs: spread(r.map((x) => x.native - x.library), 2),
    nativePostToStreamMs: spread(r.map((x) => x.nativePost), 2),
    nativeResultToClientMs: spread(r.map((x) => x.nativeDelivery), 2),
    compatP50Ms: spread(r.map((x) => x.compat), 1),
    compatAddedMs: spread(r.map((x) => x.compat - x.library), 2),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const turns = Number(process.argv[2] ?? 10);
  console.log(JSON.stringify(await benchServeLatency(turns, 3)));
  agent.destroy();
}
