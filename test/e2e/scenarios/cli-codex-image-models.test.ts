// E2E: the elwood command on Codex offline: `models --agent codex` prints the CLI's own picker rows on 0.144.6 and
// 0.171.0, and on 0.171.0 `--image` reaches the model through a real X11 clipboard, the user's clipboard text restored.

import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipboardText, copyText, pngWidth, solidPng, startXvfb, type XvfbDisplay } from "../../sim/codex-clipboard-xvfb.js";
import { CODEX_VERSIONS } from "../harness/cli-paths.js";
import { expectNothingLeft, inCliSandbox, jsonDocument, runElwood } from "../support/cli-sandbox.js";

type Json = Record<string, unknown>;

// Abstract X11 sockets belong to the network namespace, so the server starts here, inside the netns run.
let x: XvfbDisplay | undefined;
beforeAll(async () => {
  x = await startXvfb();
});
afterAll(async () => {
  await x?.stop();
});

describe.each(CODEX_VERSIONS)("elwood models on Codex $version", ({ version, model }) => {
  it(`C-CLI-26: codex ${version}: models --agent codex lists the picker's rows, one current (the configured model), and sends no turn`, async () => {
    await inCliSandbox("codex", version, async (box) => {
      const run = await runElwood(box, ["models", "--agent", "codex", "--output", "json"]);
      const doc = JSON.parse(run.stdout) as { type: string; agent: string; models: Array<{ id: string; isCurrent: boolean }> };
      expect(doc).toMatchObject({ schemaVersion: 1, type: "models", agent: "codex" });
      expect(doc.models.length).toBeGreaterThan(1);
      expect(doc.models.filter((m) => m.isCurrent).map((m) => m.id)).toEqual([model]);
      for (const m of doc.models) expect(m.id).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
      expect(new Set(doc.models.map((m) => m.id)).size).toBe(doc.models.length);
      const text = await runElwood(box, ["models", "--agent", "codex"]);
      for (const m of doc.models) expect(text.stdout).toContain(m.id);
      expect(box.server.requests.filter((r) => r.kind === "main")).toEqual([]);
      await expectNothingLeft(box);
    });
  }, 240_000);
});

describe("elwood --image on Codex 0.171.0", () => {
  it("C-CLI-04, C-API-44: --image puts the PNG on the session's X11 clipboard, the model gets it as an input_image, and the user's text is back after the run", async () => {
    const display = x?.display;
    if (display === undefined) throw new Error("Xvfb did not start");
    await inCliSandbox("codex", "0.171.0", async (box) => {
      Object.assign(box.env, { DISPLAY: display });
      delete box.env["WAYLAND_DISPLAY"];
      writeFileSync(path.join(box.project, "red.png"), solidPng(12, [255, 0, 0]));
      await copyText(display, "the user's own text");
      box.server.enqueue({ kind: "text", text: "A red square." });
      const run = await runElwood(box, ["--agent", "codex", "--image", "red.png", "--output", "json", "what", "is", "this"]);
      expect(jsonDocument(run.stdout)).toMatchObject({ type: "result", agent: "codex", response: "A red square." });
      const turns = box.server.requests.filter((r) => r.kind === "main");
      expect(turns).toHaveLength(1);
      const input = (turns[0]?.body as { input?: Json[] }).input ?? [];
      const content = (input.filter((i) => i["role"] === "user").at(-1)?.["content"] ?? []) as Json[];
      const images = content.filter((p) => p["type"] === "input_image").map((p) => String(p["image_url"]));
      expect(images).toHaveLength(1);
      expect(pngWidth(Buffer.from(images[0]?.slice(images[0].indexOf(",") + 1) ?? "", "base64"))).toBe(12);
      expect(JSON.stringify(content)).toContain("what is this");
      // The command stopped its session (reaping its processes); the owner serving the restored text survived it.
      expect(clipboardText(display)).toBe("the user's own text");
      await expectNothingLeft(box);
    });
  }, 240_000);
});
