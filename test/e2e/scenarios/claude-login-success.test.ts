// E2E: a real, fully offline Claude `/login` to success on both pinned CLIs, against a fake OAuth service behind a loopback HTTPS proxy (C-API-43, C-CLAUDE-18).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { CLAUDE_LOGIN_STAGE_RULES, validateLoginUrl } from "../../../adapters/claude/login-screens.js";
import { readClaudeScreen } from "../../../adapters/claude/read-screen.js";
import { ClaudeSessionFacade } from "../../../src/claude-agent-session.js";
import { isElwoodError } from "../../../src/contracts/errors.js";
import { startClaude, type SessionStatus } from "../../../src/index.js";
import { createClaudeHome } from "../harness/claude-home.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer, type ModelServer } from "../model-server/index.js";
import { FAKE_OAUTH_EMAIL, startFakeOAuth, type FakeOAuthServer } from "../model-server/oauth.js";
import { agentsOf, type E2EAgent } from "../support/agents.js";

/** The only code the fake token endpoint accepts; the CLI sends the part before `#`. */
const FAKE_CODE = "abc";

interface LoginFixture {
  readonly session: ClaudeSessionFacade;
  readonly server: ModelServer;
  readonly oauth: FakeOAuthServer;
}

/**
 * A ready session that is not logged in (no API key, no stored credentials): the state `/login` recovers from.
 * The CLI's OAuth endpoints are compiled in, so only its HTTPS traffic is routed (to the fake service); the URL
 * it shows stays the real Anthropic one. Everything is torn down when the test finishes.
 */
async function openLoggedOut(ctx: TestContext, agent: E2EAgent): Promise<LoginFixture> {
  assertLoopbackOnly();
  const server = await startModelServer();
  const home = await createClaudeHome({ modelServerUrl: server.url });
  const oauthDir = path.join(home.root, "oauth");
  await mkdir(oauthDir);
  const oauth = await startFakeOAuth({ dir: oauthDir, code: FAKE_CODE });
  const { ANTHROPIC_API_KEY: _unused, ...env } = home.env;
  const session = await startClaude({
    cwd: home.project,
    executable: agent.executable,
    env: { ...env, HTTPS_PROXY: oauth.proxyUrl, https_proxy: oauth.proxyUrl, NODE_EXTRA_CA_CERTS: oauth.caFile },
    permissionMode: "default",
  });
  const statuses: SessionStatus[] = [];
  session.on("status", (e) => statuses.push(e.status));
  let lastScreen = "";
  ctx.onTestFailed(() => {
    console.log(`--- ${agent.label} screen\n${lastScreen}\n--- statuses ${statuses.join(" → ")}`);
    console.log(`--- OAuth requests ${JSON.stringify(oauth.requests.map((r) => `${r.method} ${r.host}${r.path} ${r.status}`))}`);
  });
  ctx.onTestFinished(async () => {
    lastScreen = session.terminal.snapshot().text;
    await session.teardown().catch(() => undefined);
    await oauth.close();
    await server.close();
    await home.cleanup();
  });
  if (!(session instanceof ClaudeSessionFacade)) throw new Error("startClaude must return a ClaudeSessionFacade");
  await session.waitForStatus((s) => s === "ready", 60_000);
  return { session, server, oauth };
}

/** `code#state` for the URL handed out: 2.1.215 shows the full authorize URL with its state, 2.1.332 a short link without one. */
function codeFor(url: string | undefined, code: string): string {
  return `${code}#${new URL(url ?? "https://claude.ai/").searchParams.get("state") ?? "state"}`;
}

describe.each(agentsOf("claude"))("$label: /login completes offline", (agent) => {
  it(`${agent.label}: login({ onAuthUrl, provideCode }) with a fake code reaches the CLI's success panel, continues it, resolves on a ready session, and the next turn uses the new login (C-API-43, C-CLAUDE-18)`, async (ctx) => {
    const { session, server, oauth } = await openLoggedOut(ctx, agent);

    // Watch the rendered screen for the success panel while the flow runs (only to prove it was there).
    let successSeen = false;
    let resolved = false;
    const watch = setInterval(() => {
      if (!resolved && CLAUDE_LOGIN_STAGE_RULES.success.pattern.test(session.terminal.snapshot().text)) successSeen = true;
    }, 50);
    const urls: string[] = [];
    let code = "";
    try {
      await session.login({
        onAuthUrl: (u) => urls.push(u),
        // Neither CLI checks the pasted state (only its callback listener does), but the code must be `code#state`.
        provideCode: () => (code = codeFor(urls[0], FAKE_CODE)),
        timeoutMs: 60_000,
      });
    } finally {
      resolved = true;
      clearInterval(watch);
    }

    // The URL handed out is an approved Anthropic URL: the proxy redirected traffic, not what the human opens.
    expect(urls).toHaveLength(1);
    expect(validateLoginUrl(urls[0] ?? "")).toBe(urls[0]);
    expect(["claude.ai", "claude.com"]).toContain(new URL(urls[0] ?? "").hostname);
    if (agent.version === "2.1.215") expect(code).toMatch(/^abc#[\w-]{43}$/);

    // The CLI exchanged exactly our code at its real token endpoint, then fetched the profile.
    const token = oauth.requests.filter((r) => r.method === "POST" && r.host === "platform.claude.com" && r.path === "/v1/oauth/token");
    expect(token).toHaveLength(1);
    expect(token[0]?.status).toBe(200);
    const body = token[0]?.body as { code?: string; grant_type?: string; state?: string };
    expect(body.code).toBe(FAKE_CODE);
    expect(body.grant_type).toBe("authorization_code");
    // 2.1.215 sends the state of its own flow, the one the shown URL carries.
    if (agent.version === "2.1.215") expect(body.state).toBe(code.split("#")[1]);
    expect(oauth.requests.some((r) => r.path === "/api/oauth/profile" && r.status === 200)).toBe(true);
    // Nothing but the Anthropic OAuth hosts went through the proxy.
    expect(oauth.requests.filter((r) => r.status === 403 || r.status === 502)).toEqual([]);

    // The success panel was painted and answered with Enter. Both CLIs keep the status ready under the
    // (non-blocking) login panel, so the fresh ready is the composer back without a dialog: it holds at resolve.
    expect(successSeen).toBe(true);
    expect(session.status).toBe("ready");
    const facts = readClaudeScreen(session.terminal.snapshot());
    expect(facts.composer).toBe(true);
    expect(facts.dialog).toBeUndefined();
    const screen = session.terminal.snapshot().text;
    expect(screen).not.toMatch(CLAUDE_LOGIN_STAGE_RULES.success.pattern);
    expect(screen).not.toContain(FAKE_OAUTH_EMAIL);
    expect(screen).toMatch(/⎿\s+Login successful/);

    // The login took effect: the next turn reaches the model server with the fake OAuth bearer, not an API key.
    const stop = new Promise<void>((resolve) => session.on("hook:Stop", () => resolve()));
    await session.sendMessage("hello after login");
    await stop;
    const turn = server.requests.filter((r) => r.kind === "main").at(-1);
    expect(turn?.headers["authorization"]).toBe("[redacted]");
    expect(turn?.headers["x-api-key"]).toBeUndefined();
  });

  it(`${agent.label}: a code the token endpoint rejects ends in the CLI's OAuth error → login_failed, panel dismissed (C-API-43)`, async (ctx) => {
    const { session, oauth } = await openLoggedOut(ctx, agent);
    const urls: string[] = [];
    const error = await session
      .login({ onAuthUrl: (u) => urls.push(u), provideCode: () => codeFor(urls[0], "wrong"), timeoutMs: 60_000 })
      .catch((e: unknown) => e);
    expect(isElwoodError(error, "login_failed"), String(error)).toBe(true);
    const token = oauth.requests.filter((r) => r.path === "/v1/oauth/token");
    expect(token.map((r) => r.status)).toEqual([400]);
    await session.waitForStatus((s) => s === "ready", 10_000);
    await expect.poll(() => readClaudeScreen(session.terminal.snapshot()).dialog, { timeout: 10_000 }).toBeUndefined();
  });
});
