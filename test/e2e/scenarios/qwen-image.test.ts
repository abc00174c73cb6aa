// E2E (real Qwen Code 0.24.4): images attach by pasting their path (an `Attachments:` chip each) and reach the model as
// image_url parts; a session directory inside the git workspace (git-ignored) is refused before anything is written.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { isElwoodError, startAgentSession, type AgentSession } from "../../../src/index.js";
import { solidPng } from "../../support/png.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { createQwenHome, type QwenHome } from "../harness/qwen-home.js";
import { startModelServer, type ModelServer } from "../model-server/index.js";
import { lastUserParts, type RequestPart } from "../support/request-parts.js";
import { qwenLaunchOptions } from "../support/qwen-agents.js";
import { QWEN_VERSIONS } from "../harness/cli-paths.js";

type Json = RequestPart;


/** What the user of these tests declares: their model takes images (Qwen reads `model.generationConfig.modalities`). */
const IMAGE_MODEL = { model: { generationConfig: { modalities: { image: true } } } };

async function open(ctx: TestContext, executable: string, inProjectStore: boolean): Promise<{ session: AgentSession; server: ModelServer; home: QwenHome }> {
  assertLoopbackOnly();
  const server = await startModelServer();
  const home = await createQwenHome({ modelServerUrl: server.url });
  const session = await startAgentSession("qwen", {
    ...qwenLaunchOptions(executable, home),
    settingsOverrides: IMAGE_MODEL,
    ...(inProjectStore ? {} : { stateDir: path.join(home.root, "state") }),
  });
  ctx.onTestFinished(async () => {
    await session.teardown().catch(() => undefined);
    await server.close();
    await home.cleanup();
  });
  ctx.onTestFailed(() => console.error(session.terminal.snapshot().text));
  await session.waitForStatus((s) => s === "ready", 60_000);
  return { session, server, home };
}

describe.each(QWEN_VERSIONS)("Qwen Code $version: images (issue 34)", ({ executable }) => {
  it("a path image and a byte image attach in order as Attachments chips; the one turn's request carries both as image_url parts, each an image Qwen decoded", async (ctx) => {
    const { session, server, home } = await open(ctx, executable, false);
    const first = path.join(home.project, "red.png");
    await writeFile(first, solidPng(8, [255, 0, 0]));
    await session.sendMessage("what is in these pictures", { images: [{ path: first }, { data: solidPng(16, [0, 0, 255]), format: "png" }] });
    const turn = await server.waitForRequest((r) => r.kind === "main", 60_000);
    const parts = lastUserParts(turn.body, "messages");
    const images = parts.filter((p) => p["type"] === "image_url").map((p) => String((p["image_url"] as Json | undefined)?.["url"] ?? ""));
    expect(images).toHaveLength(2);
    for (const url of images) expect(url).toMatch(/^data:image\/(?:jpeg|png);base64,[A-Za-z0-9+/]{20,}/);
    // Qwen re-encodes each image (sharp) and says what it read: the source sizes prove both images and their order.
    const texts = parts.filter((p) => p["type"] === "text").map((p) => String(p["text"]));
    const overviews = texts.flatMap((t) => [...t.matchAll(/oriented source: (\d+x\d+)/g)].map((m) => m[1]));
    expect(overviews).toEqual(["8x8", "16x16"]);
    expect(texts.some((t) => t.includes("what is in these pictures"))).toBe(true);
    expect(server.requests.filter((r) => r.kind === "main")).toHaveLength(1);
  });

  it("with the default store inside the git workspace an image message rejects capability_unsupported and nothing is written; a plain message still goes", async (ctx) => {
    const { session, server, home } = await open(ctx, executable, true);
    const file = path.join(home.project, "red.png");
    await writeFile(file, solidPng(8, [255, 0, 0]));
    const error = await session.sendMessage("never sent", { images: [{ path: file }] }).catch((e: unknown) => e);
    expect(isElwoodError(error, "capability_unsupported"), String(error)).toBe(true);
    expect(session.terminal.snapshot().text).not.toMatch(/Attachments:|never sent/);
    await session.sendMessage("after the refusal");
    const turn = await server.waitForRequest((r) => r.kind === "main", 60_000);
    expect(turn.userText).toBe("after the refusal");
  });
});
