// E2E (real Codex 0.144.6 / 0.171.0): listModels / setModel through the CLI's own /model picker, and session-less listCodexModels (C-API-23, C-API-24, C-API-41).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listCodexModels } from "../../../src/list-models.js";
import { createCodexHome } from "../harness/codex-home.js";
import { startModelServer } from "../model-server/index.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";
import { processesWithEnv } from "../support/processes.js";

const PICKER = /Select Model and Effort/;
/** listModels ids per version, recorded by the first test so listCodexModels can be compared with them. */
const SESSION_IDS = new Map<string, readonly string[]>();

describe.each(CODEX_AGENTS)("$label: model picker", (agent) => {
  it(`${agent.label}: listModels returns the picker rows (one current, slug ids) and returns to the composer (C-API-23)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const rows = await session.listModels();
    SESSION_IDS.set(agent.version, rows.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual([agent.version.startsWith("0.144.") ? "gpt-5.6-sol" : "gpt-6.2-sol"]);
    for (const r of rows) expect(r.id).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    await fx.waitForScreen("picker closed", (t) => !PICKER.test(t), 10_000);
    await session.waitForStatus((s) => s === "ready", 10_000);
  });

  it(`${agent.label}: setModel switches the next turn's model and leaves config.toml / hooks.json byte-identical (C-API-24)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const before = await fx.home.userFiles();
    const configPath = path.join(fx.home.env["CODEX_HOME"] ?? "", "config.toml");
    const configBefore = readFileSync(configPath, "utf8");
    const rows = await session.listModels();
    const target = rows.find((r) => !r.isCurrent)?.id;
    expect(target).toBeDefined();
    await session.setModel(target!);
    await fx.waitForScreen("picker closed", (t) => !PICKER.test(t), 10_000);
    await session.waitForStatus((s) => s === "ready", 10_000);
    expect(await fx.home.userFiles()).toEqual(before);

    await session.sendMessage("which model now");
    await fx.waitForHook(agent.stopHook, () => true, 60_000);
    const last = fx.mainRequests().at(-1)?.body as { model?: string } | undefined;
    expect(last?.model).toBe(target);
    // Text first, for a readable diff if the CLI's own write of the choice survived.
    expect(readFileSync(configPath, "utf8")).toBe(configBefore);
    expect(await fx.home.userFiles()).toEqual(before);

    // The last row (scrolled out of the first window on 0.171) works too, and the file still does not move.
    const far = rows.at(-1)?.id;
    expect(far).toBeDefined();
    expect(far).not.toBe(target);
    await session.setModel(far!);
    await session.waitForStatus((s) => s === "ready", 10_000);
    const stops = fx.hooksNamed(agent.stopHook).length;
    await session.sendMessage("and now");
    await fx.waitForHook(agent.stopHook, () => fx.hooksNamed(agent.stopHook).length > stops, 60_000);
    expect((fx.mainRequests().at(-1)?.body as { model?: string } | undefined)?.model).toBe(far);
    expect(readFileSync(configPath, "utf8")).toBe(configBefore);
    expect(await fx.home.userFiles()).toEqual(before);
  });

  it(`${agent.label}: listCodexModels lists through a throwaway session and leaves no process (C-API-41)`, async () => {
    const server = await startModelServer();
    const home = await createCodexHome({ modelServerUrl: server.url, version: agent.version });
    try {
      const before = await home.userFiles();
      const rows = await listCodexModels({ cwd: home.project, executable: agent.executable, env: home.env });
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.filter((r) => r.isCurrent)).toHaveLength(1);
      expect(server.requests.filter((r) => r.kind === "main")).toEqual([]);
      expect(processesWithEnv("CODEX_HOME", home.codexHome)).toEqual([]);
      expect(await home.userFiles()).toEqual(before);
      // Same ids as the caller-held session saw in the listModels test (run earlier in this file).
      const seen = SESSION_IDS.get(agent.version);
      if (seen !== undefined) expect(rows.map((r) => r.id)).toEqual(seen);
      else expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    } finally {
      await server.close();
      await home.cleanup();
    }
  });
});
