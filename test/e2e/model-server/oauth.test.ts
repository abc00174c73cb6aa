// Behaviour of the fake OAuth service over its loopback CONNECT proxy (no CLI): TLS with the throwaway CA, token, profile, refusals.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FAKE_OAUTH_ACCESS_TOKEN, FAKE_OAUTH_EMAIL, startFakeOAuth, type FakeOAuthServer } from "./oauth.js";

let dir = "";
let oauth: FakeOAuthServer;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "elwood-oauth-"));
  oauth = await startFakeOAuth({ dir, code: "abc" });
});
afterEach(async () => {
  await oauth.close();
  await rm(dir, { recursive: true, force: true });
});

/** Opens a CONNECT tunnel through the proxy; resolves with the raw socket or the proxy's refusal status. */
function tunnel(host: string): Promise<{ socket?: import("node:net").Socket; status: number }> {
  const proxy = new URL(oauth.proxyUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: proxy.hostname, port: proxy.port, method: "CONNECT", path: `${host}:443` });
    req.on("connect", (res, socket) => {
      if (res.statusCode === 200) resolve({ socket, status: 200 });
      else {
        socket.destroy();
        resolve({ status: res.statusCode ?? 0 });
      }
    });
    req.on("error", reject);
    req.end();
  });
}

/** One HTTPS request to `host` through the proxy, trusting only the service's CA. */
async function request(host: string, method: string, urlPath: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const { socket } = await tunnel(host);
  const ca = await readFile(oauth.caFile, "utf8");
  const secure = tls.connect({ socket, servername: host, ca });
  const text = body === undefined ? "" : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host, method, path: urlPath, createConnection: () => secure, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

describe("fake OAuth service", () => {
  it("exchanges only the configured code for fake tokens on platform.claude.com, over TLS the CA vouches for", async () => {
    const ok = await request("platform.claude.com", "POST", "/v1/oauth/token", { grant_type: "authorization_code", code: "abc", state: "s" });
    expect(ok.status).toBe(200);
    expect(ok.json["access_token"]).toBe(FAKE_OAUTH_ACCESS_TOKEN);
    expect(String(ok.json["scope"]).split(" ")).toContain("user:inference");
    const bad = await request("platform.claude.com", "POST", "/v1/oauth/token", { grant_type: "authorization_code", code: "nope" });
    expect(bad.status).toBe(400);
    expect(oauth.requests.map((r) => [r.host, r.path, r.status])).toEqual([
      ["platform.claude.com", "/v1/oauth/token", 200],
      ["platform.claude.com", "/v1/oauth/token", 400],
    ]);
  });

  it("answers the profile and roles the CLI fetches after the exchange; anything else is a recorded 404", async () => {
    const profile = await request("api.anthropic.com", "GET", "/api/oauth/profile");
    expect(profile.status).toBe(200);
    expect((profile.json["account"] as Record<string, unknown>)["email"]).toBe(FAKE_OAUTH_EMAIL);
    expect((await request("api.anthropic.com", "GET", "/api/oauth/claude_cli/roles")).status).toBe(200);
    expect((await request("api.anthropic.com", "GET", "/v1/mcp_servers")).status).toBe(404);
  });

  it("refuses tunnels to hosts it does not impersonate and plain-http proxying", async () => {
    expect((await tunnel("example.com")).status).toBe(403);
    const proxy = new URL(oauth.proxyUrl);
    const status = await new Promise<number>((resolve, reject) => {
      http.get({ host: proxy.hostname, port: proxy.port, path: "http://example.com/" }, (res) => resolve(res.statusCode ?? 0)).on("error", reject);
    });
    expect(status).toBe(502);
    expect(oauth.requests.map((r) => r.status)).toEqual([403, 502]);
  });
});
