// A minimal Server-Sent Events client for tests: opens a GET, parses frames as the SSE spec says, and lets the test
// stop reading, drop the connection, or wait for a frame that matches.

import { request, type IncomingMessage } from "node:http";

export interface ReceivedFrame {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

export interface SseConnection {
  readonly status: number;
  readonly headers: IncomingMessage["headers"];
  readonly frames: ReceivedFrame[];
  readonly comments: string[];
  readonly retry: number | undefined;
  /** The last `id:` received (what a browser would send as Last-Event-ID). */
  readonly lastEventId: string | undefined;
  /** Resolves with the first frame (already received or not) that matches; rejects when the stream ends first. */
  waitFor(match: (frame: ReceivedFrame) => boolean, timeoutMs?: number): Promise<ReceivedFrame>;
  /** Resolves when the server ends the response or the socket closes. */
  readonly ended: Promise<void>;
  pause(): void;
  /** Drops the connection (as a network failure would). */
  drop(): void;
}

export interface SseConnectOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Do not read at all (the response stays paused from the start). */
  readonly paused?: boolean;
}

/** Connects to `url` and parses its event stream. Resolves once the response head arrived. */
export function connectSse(url: string, options: SseConnectOptions = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers: { accept: "text/event-stream", ...options.headers } });
    req.on("error", reject);
    req.on("response", (res) => {
      const frames: ReceivedFrame[] = [];
      const comments: string[] = [];
      const watchers: { match: (f: ReceivedFrame) => boolean; resolve: (f: ReceivedFrame) => void; reject: (e: Error) => void }[] = [];
      let retry: number | undefined;
      let lastEventId: string | undefined;
      let buffer = "";
      let id: string | undefined;
      let event = "";
      let data: string[] = [];
      let sawId = false;
      let finished = false;
      const dispatch = (): void => {
        if (sawId) lastEventId = id;
        if (data.length > 0) {
          const frame: ReceivedFrame = { id: sawId ? id : undefined, event: event === "" ? "message" : event, data: data.join("\n") };
          frames.push(frame);
          for (const w of [...watchers]) {
            if (w.match(frame)) {
              watchers.splice(watchers.indexOf(w), 1);
              w.resolve(frame);
            }
          }
        }
        event = "";
        data = [];
        sawId = false;
      };
      const line = (text: string): void => {
        if (text === "") return dispatch();
        if (text.startsWith(":")) return void comments.push(text.slice(1).trim());
        const colon = text.indexOf(":");
        const field = colon < 0 ? text : text.slice(0, colon);
        let value = colon < 0 ? "" : text.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "data") data.push(value);
        else if (field === "event") event = value;
        else if (field === "id") {
          id = value;
          sawId = true;
        } else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        const parts = buffer.split(/\r\n|\r|\n/);
        buffer = parts.pop() ?? "";
        for (const part of parts) line(part);
      });
      const ended = new Promise<void>((done) => {
        const finish = (): void => {
          if (finished) return;
          finished = true;
          for (const w of watchers.splice(0)) w.reject(new Error("the event stream ended before a matching frame"));
          done();
        };
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      });
      if (options.paused === true) res.pause();
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        comments,
        get retry() {
          return retry;
        },
        get lastEventId() {
          return lastEventId;
        },
        waitFor(match, timeoutMs = 20_000) {
          const found = frames.find(match);
          if (found !== undefined) return Promise.resolve(found);
          if (finished) return Promise.reject(new Error("the event stream ended before a matching frame"));
          return new Promise((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => rejectFrame(new Error(`no matching frame within ${String(timeoutMs)} ms`)), timeoutMs);
            watchers.push({
              match,
              resolve: (f) => {
                clearTimeout(timer);
                resolveFrame(f);
              },
              reject: (e) => {
                clearTimeout(timer);
                rejectFrame(e);
              },
            });
          });
        },
        ended,
        pause: () => res.pause(),
        drop: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.end();
  });
}
