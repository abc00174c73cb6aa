// The Qwen session's private config home (issue 34): the user's settings read, never written; Elwood's quiet settings and hooks laid on.
import { createHash } from "node:crypto";
import { mkdtemp, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildQwenSettings, qwenHomeOf, seedQwenHome } from "../../adapters/qwen/private-home.js";
import { qwenHookSettings } from "../../adapters/qwen/hook-events.js";
import { readUserQwenSettings, stripJsonComments, userQwenHome } from "../../adapters/qwen/user-settings.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function temp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-qwen-home-"));
  dirs.push(dir);
  return dir;
}
const hooks = qwenHookSettings(["Stop", "UserPromptSubmit"], (event) => `/bridge ${event}`, 35);
const digest = async (path: string) => createHash("sha256").update(await readFile(path)).digest("hex");

describe("Qwen private config home (issue 34)", () => {
  it("lays Elwood's required settings over the user's, keeps the user's choices elsewhere, and runs the user's hooks after Elwood's", () => {
    const user = {
      security: { auth: { selectedType: "openai" } },
      model: { name: "their-model", skipNextSpeakerCheck: false },
      ui: { enableFollowupSuggestions: true, theme: "Dracula" },
      general: { enableAutoUpdate: true },
      hooks: { Stop: [{ matcher: "*", hooks: [{ type: "command", command: "their-stop.sh" }] }] },
      disableAllHooks: true,
    };
    const s = buildQwenSettings({ user, hooks, overrides: { tools: { approvalMode: "plan" }, hooks: { Stop: [{ matcher: "*", hooks: [{ type: "command", command: "caller.sh" }] }] } } });
    expect(s["security"]).toEqual({ auth: { selectedType: "openai" } });
    // The user's explicit choice wins over a quiet default; what Elwood requires wins over the user.
    expect(s["model"]).toEqual({ name: "their-model", skipNextSpeakerCheck: false, skipLoopDetection: true });
    expect(s["ui"]).toMatchObject({ theme: "Dracula", enableFollowupSuggestions: false, autoModeAcknowledged: true, hideTips: true });
    expect(s["general"]).toMatchObject({ enableAutoUpdate: false, language: "en" });
    expect(s["tools"]).toEqual({ useRipgrep: false, approvalMode: "plan" });
    expect(s).not.toHaveProperty("disableAllHooks");
    const stop = (s["hooks"] as Record<string, { hooks: { command: string }[] }[]>)["Stop"] ?? [];
    expect(stop.map((g) => g.hooks[0]?.command)).toEqual(["/bridge Stop", "their-stop.sh", "caller.sh"]);
  });

  it("allows the loopback listener for HTTP hooks, adding it to a user's own URL list", () => {
    const open = buildQwenSettings({ user: {}, hooks, httpHookUrl: "http://127.0.0.1:4000/*" });
    expect(open["security"]).toEqual({ allowPrivateNetworkHooks: true });
    const listed = buildQwenSettings({ user: { security: { allowedHttpHookUrls: ["https://hooks.example/*"] } }, hooks, httpHookUrl: "http://127.0.0.1:4000/*" });
    expect(listed["security"]).toEqual({ allowPrivateNetworkHooks: true, allowedHttpHookUrls: ["https://hooks.example/*", "http://127.0.0.1:4000/*"] });
  });

  it("seeds the session's home (0700, files 0600) and leaves every file of the user's home byte-identical", async () => {
    const root = await temp();
    const userHome = join(root, "home", ".qwen");
    await mkdir(userHome, { recursive: true });
    const files = { "settings.json": '{\n  // mine\n  "model": { "name": "m" }\n}\n', ".env": "OPENAI_API_KEY=k\n", "oauth_creds.json": '{"token":"t"}', "QWEN.md": "be brief\n" };
    for (const [name, text] of Object.entries(files)) await writeFile(join(userHome, name), text);
    const before = await Promise.all(Object.keys(files).map((name) => digest(join(userHome, name))));
    const user = await readUserQwenSettings(userHome);
    expect(user).toEqual({ ok: true, settings: { model: { name: "m" } } });
    const sessionDir = join(root, "session");
    await mkdir(sessionDir);
    const home = await seedQwenHome({ sessionDir, userHome, user: user.ok ? user.settings : {}, hooks });
    expect(home).toBe(qwenHomeOf(sessionDir));
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await readdir(home)).sort()).toEqual([".env", "QWEN.md", "oauth_creds.json", "settings.json"]);
    for (const name of await readdir(home)) expect((await stat(join(home, name))).mode & 0o777).toBe(0o600);
    const seeded = JSON.parse(await readFile(join(home, "settings.json"), "utf8")) as Record<string, unknown>;
    expect(seeded["model"]).toMatchObject({ name: "m" });
    expect(Object.keys(seeded["hooks"] as object).sort()).toEqual(["Stop", "UserPromptSubmit"]);
    // A resume re-seeds the same home.
    await seedQwenHome({ sessionDir, userHome, user: {}, hooks });
    expect(await Promise.all(Object.keys(files).map((name) => digest(join(userHome, name))))).toEqual(before);
    expect((await readdir(userHome)).sort()).toEqual(Object.keys(files).sort());
  });

  it("a missing user home is no settings; a broken settings file is named as such", async () => {
    const root = await temp();
    expect(await readUserQwenSettings(join(root, "absent"))).toEqual({ ok: true, settings: {} });
    await writeFile(join(root, "settings.json"), "{ not json");
    expect(await readUserQwenSettings(root)).toEqual({ ok: false, problem: "not valid JSON" });
    await writeFile(join(root, "settings.json"), "[1, 2]");
    expect(await readUserQwenSettings(root)).toEqual({ ok: false, problem: "not a JSON object" });
  });

  it("finds the user's home as Qwen does, and strips comments outside strings only", () => {
    expect(userQwenHome({ QWEN_HOME: "/q", HOME: "/h" })).toBe("/q");
    expect(userQwenHome({ HOME: "/h" })).toBe("/h/.qwen");
    expect(JSON.parse(stripJsonComments('{ "url": "http://x//y", /* block */ "a": "/* not */" // tail\n}'))).toEqual({ url: "http://x//y", a: "/* not */" });
    expect(JSON.parse(stripJsonComments('{ "q": "a\\"//b" }'))).toEqual({ q: 'a"//b' });
  });
});
