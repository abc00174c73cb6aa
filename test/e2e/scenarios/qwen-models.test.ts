// E2E (real Qwen Code 0.24.4): listModels / setModel through the CLI's own /model picker, session-less listAgentModels
// and `elwood models --agent qwen` (C-API-23, C-API-24, C-API-41, C-CLI-26; issue 34).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isElwoodError, listAgentModels } from "../../../src/index.js";
import { createQwenHome, QWEN_PROVIDER_MODELS, QWEN_USER_SETTINGS } from "../harness/qwen-home.js";
import { startModelServer } from "../model-server/index.js";
import { inCliSandbox, runElwood } from "../support/cli-sandbox.js";
import type { E2EAgent } from "../support/agents.js";
import { processesWithEnv } from "../support/processes.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";
import { openSession } from "../support/session-fixture.js";

const PICKER = /Select Model/;
const IDS = QWEN_PROVIDER_MODELS.map((m) => m.id);
/**
 * The default sandbox's user settings name a model and its env names another (OPENAI_MODEL): measured on 0.24.4, the
 * settings' `model.name` wins (requests carry it) and the picker shows it as the one `(Runtime)` row.
 */
const SETTINGS_MODEL = (QWEN_USER_SETTINGS["model"] as { name: string }).name;

/** The same agent, its user's settings naming two models under `modelProviders` (no OPENAI_* in the env). */
function withTwoModels(agent: E2EAgent): E2EAgent {
  return { ...agent, createHome: (server) => createQwenHome({ modelServerUrl: server.url, endpoint: "settings" }) };
}

/** The settings.json of the session's private QWEN_HOME (where the picker writes its choice). */
function privateSettings(project: string, elwoodSessionId: string): Record<string, Record<string, unknown>> {
  return JSON.parse(readFileSync(path.join(project, ".elwood", "sessions", elwoodSessionId, "qwen-home", "settings.json"), "utf8")) as Record<string, Record<string, unknown>>;
}

describe.each(QWEN_AGENTS)("$label: model picker", (base) => {
  const agent = withTwoModels(base);

  it(`${agent.label}: listModels returns both configured models (ids from the rows, the one in use current) and returns to the composer (C-API-23)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const rows = await session.listModels();
    expect(rows.map((r) => [r.id, r.label, r.isCurrent])).toEqual([
      ["fake-model", "Fake One", true],
      ["fake-model-2", "Fake Two", false],
    ]);
    await fx.waitForScreen("picker closed", (t) => !PICKER.test(t), 10_000);
    await session.waitForStatus((s) => s === "ready", 10_000);
    expect(fx.mainRequests()).toEqual([]);
  });

  it(`${agent.label}: setModel switches the next turn's model, is written only to the private QWEN_HOME, the user's ~/.qwen stays byte-identical; an unknown id is model_automation_failed listing the ids; with a project .qwen/settings.json owning modelProviders (where Qwen would save the choice) setModel is refused capability_unsupported and the file stays byte-identical (C-API-24)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const before = await fx.home.userFiles();
    await session.setModel("fake-model-2");
    await fx.waitForScreen("picker closed", (t) => !PICKER.test(t), 10_000);
    await session.waitForStatus((s) => s === "ready", 10_000);
    expect(await fx.home.userFiles()).toEqual(before);

    await session.sendMessage("which model now");
    await fx.waitForHook(agent.stopHook, () => true, 60_000);
    expect((fx.mainRequests().at(-1)?.body as { model?: string } | undefined)?.model).toBe("fake-model-2");
    expect(privateSettings(fx.home.project, session.elwoodSessionId)["model"]).toMatchObject({ name: "fake-model-2" });

    // Measured: the picker opens with its cursor on the current model, so a second listing marks the switched one.
    const again = await session.listModels();
    expect(again.filter((r) => r.isCurrent).map((r) => r.id)).toEqual(["fake-model-2"]);

    const unknown = await session.setModel("no-such-model").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isElwoodError(unknown, "model_automation_failed")).toBe(true);
    expect((unknown as { details: { available?: readonly string[] } }).details.available).toEqual(IDS);
    await fx.waitForScreen("picker closed", (t) => !PICKER.test(t), 10_000);
    await session.waitForStatus((s) => s === "ready", 10_000);

    // Back to the first model: the next request names it again.
    await session.setModel("FAKE-MODEL");
    const stops = fx.hooksNamed(agent.stopHook).length;
    await session.sendMessage("and now");
    await fx.waitForHook(agent.stopHook, () => fx.hooksNamed(agent.stopHook).length > stops, 60_000);
    expect((fx.mainRequests().at(-1)?.body as { model?: string } | undefined)?.model).toBe("fake-model");
    expect(await fx.home.userFiles()).toEqual(before);

    // A project settings file owning modelProviders is where 0.24.4 would save the choice: refused before the picker opens.
    const projectSettings = path.join(fx.home.project, ".qwen", "settings.json");
    mkdirSync(path.dirname(projectSettings), { recursive: true });
    const text = `// the project's own providers\n${JSON.stringify({ modelProviders: { openai: [] } }, null, 2)}\n`;
    writeFileSync(projectSettings, text);
    const refused = await session.setModel("fake-model-2").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isElwoodError(refused, "capability_unsupported")).toBe(true);
    expect((refused as { details: unknown }).details).toEqual({ agentId: "qwen", capability: "models" });
    expect(readFileSync(projectSettings, "utf8")).toBe(text);
    expect(session.status).toBe("ready");
  });

  it(`${agent.label}: listAgentModels("qwen") lists through a throwaway session and leaves no process (C-API-41)`, async () => {
    const server = await startModelServer();
    const home = await createQwenHome({ modelServerUrl: server.url, endpoint: "settings" });
    try {
      const before = await home.userFiles();
      const rows = await listAgentModels("qwen", { cwd: home.project, executable: agent.executable, env: home.env });
      expect(rows.map((r) => [r.id, r.isCurrent])).toEqual([
        ["fake-model", true],
        ["fake-model-2", false],
      ]);
      expect(server.requests.filter((r) => r.kind === "main")).toEqual([]);
      expect(processesWithEnv("HOME", home.home)).toEqual([]);
      expect(await home.userFiles()).toEqual(before);
    } finally {
      await server.close();
      await home.cleanup();
    }
  });

  it(`${agent.label}: elwood models --agent qwen lists the model in use as its one current (Runtime) row, sends no turn, and a turn then names that model (C-CLI-26)`, async () => {
    await inCliSandbox("qwen", agent.version, async (box) => {
      const run = await runElwood(box, ["models", "--agent", "qwen", "--output", "json"]);
      const doc = JSON.parse(run.stdout) as { type: string; agent: string; models: Array<{ id: string; isCurrent: boolean; description?: string }> };
      expect(doc).toMatchObject({ schemaVersion: 1, type: "models", agent: "qwen" });
      expect(doc.models.map((m) => [m.isCurrent, m.description])).toEqual([[true, "Runtime model"]]);
      const current = doc.models[0]?.id;
      const text = await runElwood(box, ["models", "--agent", "qwen"]);
      expect(text.stdout).toContain(current);
      expect(box.server.requests.filter((r) => r.kind === "main")).toEqual([]);
      await runElwood(box, ["--agent", "qwen", "hello"]);
      const sent = box.server.requests.filter((r) => r.kind === "main").map((r) => (r.body as { model?: string } | null)?.model);
      expect({ listed: current, sent }).toEqual({ listed: SETTINGS_MODEL, sent: [SETTINGS_MODEL] });
      expect(box.leftovers()).toEqual([]);
    });
  }, 240_000);
});
