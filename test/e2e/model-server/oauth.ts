// Fake Anthropic OAuth service behind a loopback HTTPS-intercepting proxy: token exchange, profile and roles, fake tokens only.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import tls from "node:tls";
import { createFakeTls } from "./oauth-tls.js";

/**
 * Hosts the real CLI's OAuth flow talks to. Its endpoints are compiled in (TOKEN_URL on platform.claude.com,
 * profile/roles on api.anthropic.com) and CLAUDE_CODE_CUSTOM_OAUTH_URL only accepts three non-loopback origins,
 * so the only offline way in is HTTPS_PROXY + NODE_EXTRA_CA_CERTS, which the CLI's HTTP client honours.
 */
export const FAKE_OAUTH_HOSTS = ["platform.claude.com", "api.anthropic.com", "claude.ai", "claude.com", "console.anthropic.com"] as const;

export const FAKE_OAUTH_EMAIL = "e2e-login@example.invalid";
export const FAKE_OAUTH_ACCESS_TOKEN = "sk-ant-oat01-elwood-e2e-fake-access-token";
const FAKE_REFRESH_TOKEN = "sk-ant-ort01-elwood-e2e-fake-refresh-token";
const SCOPES = "user:inference user:profile user:sessions:claude_code user:mcp_servers user:file_upload";
const ACCOUNT_UUID = "00000000-0000-4000-8000-00000000e2e1";
const ORG_UUID = "00000000-0000-4000-8000-00000000e2e2";

export interface OAuthRequest {
  readonly host: string;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly status: number;
}

export interface FakeOAuthServer {
  /** `http://127.0.0.1:<port>`: set as HTTPS_PROXY / https_proxy for the CLI. */
  readonly proxyUrl: string;
  /** CA to trust (NODE_EXTRA_CA_CERTS). */
  readonly caFile: string;
  /** Every request the CLI made through the proxy, in arrival order (CONNECTs to unknown hosts included). */
  readonly requests: readonly OAuthRequest[];
  close(): Promise<void>;
}

export interface FakeOAuthOptions {
  /** Directory for the throwaway CA and certificate (inside the test's sandbox). */
  readonly dir: string;
  /** The only authorization code the token endpoint accepts (the part before `#`). */
  readonly code: string;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (text === "") return resolve(null);
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        resolve(text);
      }
    });
    req.on("error", () => resolve(null));
  });
}

function json(res: ServerResponse, status: number, body: unknown): number {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
  return status;
}

function tokenReply(): Record<string, unknown> {
  return {
    token_type: "Bearer",
    access_token: FAKE_OAUTH_ACCESS_TOKEN,
    refresh_token: FAKE_REFRESH_TOKEN,
    expires_in: 3600,
    scope: SCOPES,
    account: { uuid: ACCOUNT_UUID, email_address: FAKE_OAUTH_EMAIL },
    organization: { uuid: ORG_UUID, name: "Elwood e2e" },
  };
}

function profileReply(): Record<string, unknown> {
  return {
    account: { uuid: ACCOUNT_UUID, email: FAKE_OAUTH_EMAIL, email_address: FAKE_OAUTH_EMAIL, display_name: "Elwood E2E", created_at: "2026-01-01T00:00:00Z" },
    organization: {
      uuid: ORG_UUID,
      name: "Elwood e2e",
      organization_type: "claude_max",
      rate_limit_tier: "default_claude_max_20x",
      billing_type: "stripe_subscription",
      has_extra_usage_enabled: false,
      subscription_created_at: "2026-01-01T00:00:00Z",
      cc_onboarding_flags: {},
    },
  };
}

/** Answers one decrypted request; returns the status sent. */
function answer(host: string, req: IncomingMessage, res: ServerResponse, body: unknown, code: string): number {
  const url = new URL(req.url ?? "/", `https://${host}`);
  const route = `${req.method ?? "GET"} ${url.pathname}`;
  if (route === "POST /v1/oauth/token") {
    const b = (body ?? {}) as Record<string, unknown>;
    if (b["grant_type"] === "refresh_token") return json(res, 200, tokenReply());
    if (b["grant_type"] !== "authorization_code" || b["code"] !== code) return json(res, 400, { error: "invalid_grant", error_description: "Invalid authorization code" });
    return json(res, 200, tokenReply());
  }
  if (route === "GET /api/oauth/profile") return json(res, 200, profileReply());
  if (route === "GET /api/oauth/claude_cli/roles") return json(res, 200, { organization_role: "admin", workspace_role: null, organization_name: "Elwood e2e" });
  if (url.pathname.endsWith("/hello")) return json(res, 200, { message: "hello" });
  return json(res, 404, { type: "error", error: { type: "not_found_error", message: `fake OAuth service: no ${route}` } });
}

/** Starts the proxy on 127.0.0.1 with an OS-chosen port. */
export async function startFakeOAuth(options: FakeOAuthOptions): Promise<FakeOAuthServer> {
  const material = await createFakeTls(options.dir, FAKE_OAUTH_HOSTS);
  const requests: OAuthRequest[] = [];
  const sockets = new Set<Socket>();

  // Decrypted traffic of every CONNECT tunnel lands here; the tunnel's target host is remembered per socket.
  const inner = http.createServer((req, res) => {
    const host = (req.socket as tls.TLSSocket & { elwoodHost?: string }).elwoodHost ?? String(req.headers.host ?? "");
    void readBody(req).then((body) => {
      // Recorded in the same tick as the reply, so a client that has its answer always finds the record.
      const record: { -readonly [K in keyof OAuthRequest]: OAuthRequest[K] } = { host, method: req.method ?? "GET", path: req.url ?? "/", body, status: 0 };
      requests.push(record);
      record.status = answer(host, req, res, body, options.code);
    });
  });

  const proxy = http.createServer((req, res) => {
    // Plain-http proxying is never needed: refuse, but record what tried.
    requests.push({ host: String(req.headers.host ?? ""), method: req.method ?? "GET", path: req.url ?? "/", body: null, status: 502 });
    res.writeHead(502).end();
  });
  proxy.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  proxy.on("connect", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const host = (req.url ?? "").replace(/:\d+$/, "");
    if (!(FAKE_OAUTH_HOSTS as readonly string[]).includes(host)) {
      requests.push({ host, method: "CONNECT", path: req.url ?? "", body: null, status: 403 });
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) socket.unshift(head);
    const secure = new tls.TLSSocket(socket, { isServer: true, cert: material.cert, key: material.key, ALPNProtocols: ["http/1.1"] }) as tls.TLSSocket & { elwoodHost?: string };
    secure.elwoodHost = host;
    secure.on("error", () => socket.destroy());
    inner.emit("connection", secure);
  });

  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    proxyUrl: `http://127.0.0.1:${port}`,
    caFile: material.caFile,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([new Promise<void>((r) => proxy.close(() => r())), new Promise<void>((r) => inner.close(() => r()))]);
    },
  };
}
