// E2E: the real Claude CLIs' own /model picker, /login flow (offline) and image path attach, driven through Elwood (C-API-23, C-API-24, C-API-43, C-API-45).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ClaudeSessionFacade } from "../../../src/claude-agent-session.js";
import { isElwoodError } from "../../../src/contracts/errors.js";
import { listClaudeModels } from "../../../src/list-models.js";
import { createClaudeHome } from "../harness/claude-home.js";
import { startModelServer } from "../model-server/index.js";
import { agentsOf } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";
import { solidPng } from "../../support/png.js";

/** A valid 8×8 red PNG. */
const redPng = (): Buffer => solidPng(8, [255, 0, 0]);

const EXPECTED_IDS: Readonly<Record<string, readonly string[]>> = {
  "2.1.215": ["default", "opus", "sonnet", "sonnet 5 (1m context)", "haiku"],
  "2.1.332": ["default", "opus", "fable", "sonnet", "haiku"],
};

describe.each(agentsOf("claude"))("$label: picker, login, images", (agent) => {
  it(`${agent.label}: listModels returns the picker rows; setModel switches session-only and leaves user settings byte-identical (C-API-23, C-API-24)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const before = await fx.home.userFiles();

    const rows = await session.listModels();
    expect(rows.map((r) => r.id)).toEqual(EXPECTED_IDS[agent.version]);
    expect(rows.filter((r) => r.isCurrent)).toHaveLength(1);
    expect(rows.find((r) => r.id === "default")?.isDefault).toBe(true);
    await fx.waitForScreen("picker closed", (t) => /Kept model as/.test(t), 10_000);

    await session.setModel("haiku");
    await fx.waitForScreen("switch line", (t) => /Set model to .*Haiku/i.test(t), 10_000);
    const after = await session.listModels();
    expect(after.find((r) => r.isCurrent)?.id).toBe("haiku");
    expect(await fx.home.userFiles()).toEqual(before);

    // The next turn uses the switched model, and the session stayed usable.
    await session.sendMessage("which model");
    await fx.waitForHook(agent.stopHook);
    const last = fx.mainRequests().at(-1)?.body as { model?: string } | undefined;
    expect(String(last?.model)).toMatch(/haiku/);
  });

  it(`${agent.label}: an image path attach produces one turn whose request carries the image block (C-API-44, C-API-45)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const file = path.join(fx.home.project, "red.png");
    await writeFile(file, redPng());
    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage("what is this", { images: [{ path: file }] });
    await fx.waitForHook(agent.stopHook);
    await fx.untilTransitions("ready", readyBefore + 1);
    const turns = fx.mainRequests();
    expect(turns).toHaveLength(1);
    const messages = (turns[0]?.body as { messages?: Array<{ role: string; content: unknown }> }).messages ?? [];
    const user = messages.filter((m) => m.role === "user").at(-1);
    const blocks = Array.isArray(user?.content) ? (user.content as Array<{ type: string; text?: string }>) : [];
    expect(blocks.some((b) => b.type === "image")).toBe(true);
    expect(blocks.some((b) => b.type === "text" && String(b.text).includes("what is this"))).toBe(true);
  });

  it(`${agent.label}: login reaches the URL and paste stages offline; a fake code ends in the CLI's OAuth error → login_failed (C-API-43)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    if (!(session instanceof ClaudeSessionFacade)) throw new Error("startClaude must return a ClaudeSessionFacade");
    await session.waitForStatus((s) => s === "ready", 60_000);
    let raw = "";
    session.on("terminal:data", (chunk) => (raw += chunk));
    const urls: string[] = [];
    let asked = 0;
    const error = await session
      .login({ onAuthUrl: (u) => urls.push(u), provideCode: () => { asked += 1; // 2.1.332 checks the shape (`code#state`) before the exchange, so the fake has one.
        return "fakecode0000#fakestate0000"; }, timeoutMs: 60_000 })
      .catch((e: unknown) => e);
    expect(isElwoodError(error, "login_failed"), String(error)).toBe(true);
    expect(urls).toHaveLength(1);
    expect(["claude.ai", "claude.com"]).toContain(new URL(urls[0] ?? "").hostname);
    expect(asked).toBe(1);
    // The code reached the CLI's own exchange, which fails offline.
    // The TUI may position words with cursor moves instead of spaces (`OAuth\x1b[11Gerror`).
    expect(raw).toMatch(/OAuth(?:\s|\x1b\[\d*[CG])+error/);
    // The panel was dismissed and the session is usable again.
    await fx.waitForScreen("composer back", (t) => /Login interrupted|❯/.test(t), 10_000);
    await session.waitForStatus((s) => s === "ready", 10_000);
  });

  it(`${agent.label}: listClaudeModels lists through a throwaway session and leaves nothing running (C-API-41)`, async () => {
    const server = await startModelServer();
    const home = await createClaudeHome({ modelServerUrl: server.url, projectTrusted: false });
    try {
      const rows = await listClaudeModels({ cwd: home.project, executable: agent.executable, env: home.env });
      expect(rows.map((r) => r.id)).toEqual(EXPECTED_IDS[agent.version]);
      expect(server.requests.filter((r) => r.kind === "main")).toEqual([]);
    } finally {
      await server.close();
      await home.cleanup();
    }
  });
});
