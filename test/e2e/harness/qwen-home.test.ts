// The Qwen Code sandbox home without a CLI: its env (endpoint, no QWEN_HOME), the user's settings file and fingerprints.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createQwenHome, FAKE_OPENAI_API_KEY, QWEN_FAKE_MODEL, QWEN_PROVIDER_KEY_ENV, QWEN_USER_SETTINGS, qwenProviderSettings, type QwenHome } from "./qwen-home.js";

let home: QwenHome | undefined;
afterEach(async () => {
  await home?.cleanup();
  home = undefined;
});

describe("createQwenHome", () => {
  it("points the env at the model server's /v1 and leaves QWEN_HOME to the adapter", async () => {
    home = await createQwenHome({ modelServerUrl: "http://127.0.0.1:4321" });
    expect(home.env).toMatchObject({
      HOME: home.home,
      TMPDIR: home.tmp,
      OPENAI_API_KEY: FAKE_OPENAI_API_KEY,
      OPENAI_BASE_URL: "http://127.0.0.1:4321/v1",
      OPENAI_MODEL: QWEN_FAKE_MODEL,
      NO_PROXY: "127.0.0.1,localhost",
    });
    expect(home.env["QWEN_HOME"]).toBeUndefined();
    expect(existsSync(path.join(home.project, ".git"))).toBe(true);
  });

  it("writes the user's ~/.qwen/settings.json and fingerprints it, so a change is seen", async () => {
    home = await createQwenHome({ modelServerUrl: "http://127.0.0.1:4321", projectSettings: { ui: { hideTips: true } }, qwenMd: "# notes\n" });
    const settings = path.join(home.userConfigDir, "settings.json");
    expect(JSON.parse(await readFile(settings, "utf8"))).toEqual(QWEN_USER_SETTINGS);
    const before = await home.userFiles();
    expect([...before.keys()].map((f) => path.relative(home?.root ?? "", f)).sort()).toEqual([
      "home/.qwen/settings.json",
      "project/.qwen/settings.json",
      "project/QWEN.md",
    ]);
    await writeFile(settings, "{}\n");
    expect((await home.userFiles()).get(settings)).not.toBe(before.get(settings));
  });

  it("with the endpoint in settings: two modelProviders models in the user's settings, their key in the env, no OPENAI_*", async () => {
    home = await createQwenHome({ modelServerUrl: "http://127.0.0.1:4321", endpoint: "settings" });
    expect(JSON.parse(await readFile(path.join(home.userConfigDir, "settings.json"), "utf8"))).toEqual(qwenProviderSettings("http://127.0.0.1:4321"));
    expect(home.env[QWEN_PROVIDER_KEY_ENV]).toBe(FAKE_OPENAI_API_KEY);
    expect(Object.keys(home.env).filter((k) => k.startsWith("OPENAI_"))).toEqual([]);
  });

  it("writes no user settings when asked, and removes everything on cleanup", async () => {
    home = await createQwenHome({ modelServerUrl: "http://127.0.0.1:4321", userSettings: null, git: false });
    expect((await home.userFiles()).size).toBe(0);
    expect(existsSync(path.join(home.project, ".git"))).toBe(false);
    await home.cleanup();
    expect(existsSync(home.root)).toBe(false);
  });
});
