// Runs `elwood serve` as a child process in a CLI sandbox and talks to it: the listening line, JSON requests, raw requests.

import { request } from "node:http";
import type { CliChild, CliSandbox } from "./cli-child.js";
import { startCli } from "./cli-child.js";
import { eventually } from "./eventually.js";

export interface Listening {
  readonly url: string;
  readonly port: number;
  readonly token?: string;
  readonly allowedHosts: readonly string[];
}

export interface ServeChild {
  readonly child: CliChild;
  readonly listening: Listening;
  readonly url: string;
  readonly auth: Record<string, string>;
}

/** Starts the server and waits for its one JSON `listening` line on stdout. */
export async function startServe(sandbox: CliSandbox, args: readonly string[], env: Record<string, string> = {}): Promise<ServeChild> {
  const child = startCli(sandbox, ["serve", "--port", "0", ...args], { env });
  let exited = false;
  void child.done.then(() => (exited = true));
  await eventually(() => exited || child.stdout().includes("\n"), 30_000, "the listening line");
  if (exited) throw new Error(`elwood serve exited before listening: ${JSON.stringify(await child.done)}`);
  const listening = JSON.parse(child.stdout().split("\n")[0] as string) as Listening;
  return { child, listening, url: listening.url, auth: listening.token === undefined ? {} : { authorization: `Bearer ${listening.token}` } };
}

export interface RawReply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  json(): unknown;
}

/** A request with full control over headers (Host included) and body; never throws on a status. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
