// The scripted local model server: one loopback HTTP server speaking the Anthropic Messages, OpenAI Responses and Chat Completions APIs.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import zlib from "node:zlib";
import { classifyAnthropic, CLAUDE_COMPACTION_TEXT, sendAnthropicReply } from "./anthropic.js";
import { classifyChatCompletions, QWEN_COMPRESSION_TEXT, sendChatCompletionsReply } from "./chat-completions.js";
import { classifyResponses, CODEX_COMPACTION_TEXT, sendResponsesReply } from "./responses.js";
import { FAKE_TITLE, keywordReply, ScriptQueue, TOOL_FINISHED_TEXT, type ScriptedReply } from "./script.js";
import { SseStream } from "./sse.js";
import type { ApiKind, Classification, RecordedRequest } from "./types.js";

export interface ModelServer {
  /** Base URL without a trailing slash, e.g. "http://127.0.0.1:41234". Claude: ANTHROPIC_BASE_URL; Codex and Qwen: url + "/v1". */
  readonly url: string;
  readonly port: number;
  /** Every request so far, in arrival order (live records: abort/completion flags update in place). */
  readonly requests: readonly RecordedRequest[];
  /** Appends a reply to the per-test FIFO script. */
  enqueue(reply: ScriptedReply): void;
  /** Empties the script and forgets recorded requests (call between tests sharing one server). */
  clear(): void;
  /** Resolves with the first request (already recorded or future) matching pred; rejects after timeoutMs. */
  waitForRequest(pred: (r: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  /** Stops all streams and timers, drops connections and stops listening. */
  close(): Promise<void>;
}

const SECRET_HEADER = /key|token|secret|authorization|cookie/i;

function redact(headers: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = SECRET_HEADER.test(name) ? "[redacted]" : Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function decode(raw: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === "gzip") return zlib.gunzipSync(raw).toString("utf8");
    if (encoding === "deflate") return zlib.inflateSync(raw).toString("utf8");
    if (encoding === "br") return zlib.brotliDecompressSync(raw).toString("utf8");
  } catch {
    // fall through: record the bytes as text so the test can still see something
  }
  return raw.toString("utf8");
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What each API's CLI keeps from a compaction reply. */
const COMPACTION_TEXT: Record<ApiKind, string> = {
  anthropic: CLAUDE_COMPACTION_TEXT,
  responses: CODEX_COMPACTION_TEXT,
  chat: QWEN_COMPRESSION_TEXT,
  other: CODEX_COMPACTION_TEXT,
};

/** Each model API's classifier and reply writer. */
const MODEL_APIS = {
  anthropic: { classify: classifyAnthropic, send: sendAnthropicReply },
  responses: { classify: classifyResponses, send: sendResponsesReply },
  chat: { classify: classifyChatCompletions, send: sendChatCompletionsReply },
} as const;

interface Waiter {
  pred: (r: RecordedRequest) => boolean;
  resolve: (r: RecordedRequest) => void;
}

/** Starts the server on 127.0.0.1 with an OS-chosen port. */
export async function startModelServer(): Promise<ModelServer> {
  const queue = new ScriptQueue();
  const requests: RecordedRequest[] = [];
  const waiters = new Set<Waiter>();
  const streams = new Set<SseStream>();
  const sockets = new Set<Socket>();
  let seq = 0;

  /** Chooses the reply: side requests are answered automatically; turns take the script first, then keywords. */
  function select(api: ApiKind, c: Classification): { reply: ScriptedReply; source: string } {
    if (c.autoText !== undefined && c.kind !== "main" && c.kind !== "tool_result") return { reply: { kind: "text", text: c.autoText }, source: "auto" };
    switch (c.kind) {
      case "title":
        return { reply: { kind: "text", text: JSON.stringify({ title: FAKE_TITLE }) }, source: "auto" };
      case "compaction":
        return { reply: { kind: "text", text: COMPACTION_TEXT[api] }, source: "auto" };
      case "side":
        return { reply: { kind: "text", text: "OK" }, source: "auto" };
      case "tool_result": {
        const next = queue.take();
        return next ? { reply: next, source: "queue" } : { reply: { kind: "text", text: TOOL_FINISHED_TEXT }, source: "auto" };
      }
      default: {
        const next = queue.take();
        if (next) return { reply: next, source: "queue" };
        const k = keywordReply(c.userText);
        return { reply: k.reply, source: k.trigger };
      }
    }
  }

  function record(req: IncomingMessage, body: unknown, api: ApiKind, c: Classification): RecordedRequest {
    const [path = "/", query = ""] = (req.url ?? "/").split("?", 2);
    const r: RecordedRequest = {
      seq: ++seq,
      method: req.method ?? "GET",
      path,
      query,
      headers: redact(req.headers),
      body,
      timestamp: Date.now(),
      api,
      kind: c.kind,
      userText: c.userText,
      replySource: "",
      replyKind: "",
      aborted: false,
      completed: false,
    };
    requests.push(r);
    return r;
  }

  function notify(r: RecordedRequest): void {
    for (const w of [...waiters]) {
      if (w.pred(r)) {
        waiters.delete(w);
        w.resolve(r);
      }
    }
  }

  async function answerModel(req: IncomingMessage, res: ServerResponse, body: unknown, api: keyof typeof MODEL_APIS): Promise<void> {
    const c = MODEL_APIS[api].classify(body);
    const r = record(req, body, api, c);
    const { reply, source } = select(api, c);
    r.replySource = source;
    r.replyKind = reply.kind;
    const stream = new SseStream(res);
    streams.add(stream);
    stream.onAbort(() => {
      r.aborted = true;
    });
    notify(r);
    try {
      await MODEL_APIS[api].send(res, stream, reply, body, r.seq);
      r.completed = res.writableEnded && !r.aborted;
    } finally {
      streams.delete(stream);
    }
  }

  function answerJson(req: IncomingMessage, res: ServerResponse, body: unknown, status: number, payload: unknown): void {
    const r = record(req, body, "other", { kind: "other", userText: "" });
    r.replySource = "auto";
    notify(r);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(req.method === "HEAD" ? undefined : JSON.stringify(payload));
    r.completed = true;
  }

  async function route(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    if (method === "POST" && path.endsWith("/messages/count_tokens")) return answerJson(req, res, body, 200, { input_tokens: 100 });
    if (method === "POST" && path.endsWith("/messages")) return answerModel(req, res, body, "anthropic");
    if (method === "POST" && path.endsWith("/responses")) return answerModel(req, res, body, "responses");
    if (method === "POST" && path.endsWith("/chat/completions")) return answerModel(req, res, body, "chat");
    if ((method === "HEAD" || method === "GET") && path.endsWith("/responses")) return answerJson(req, res, body, 200, {});
    if (method === "GET" && path.endsWith("/models")) {
      return answerJson(req, res, body, 200, { object: "list", data: [{ id: "fake-model", object: "model", owned_by: "fake" }] });
    }
    return answerJson(req, res, body, 404, { error: { type: "not_found_error", message: `fake model server: no route for ${method} ${path}` } });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const text = decode(Buffer.concat(chunks), req.headers["content-encoding"]);
      route(req, res, parseBody(text)).catch(() => {
        // A write after the client vanished is the only expected failure; never let it crash the test process.
        if (!res.headersSent) res.writeHead(500);
        res.destroy();
      });
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("clientError", (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    enqueue: (reply) => queue.enqueue(reply),
    clear: () => {
      queue.clear();
      requests.length = 0;
    },
    waitForRequest: (pred, timeoutMs = 10_000) =>
      new Promise<RecordedRequest>((resolve, reject) => {
        const hit = requests.find(pred);
        if (hit) return resolve(hit);
        const w: Waiter = {
          pred,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`model server: no matching request within ${timeoutMs} ms (saw ${requests.length}: ${requests.map((r) => `${r.method} ${r.path} ${r.kind}`).join("; ")})`));
        }, timeoutMs);
        waiters.add(w);
      }),
    close: async () => {
      for (const s of streams) s.destroy();
      streams.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
