// Unit tests: the image materialiser effect actor checks a snapshot's files, answers with paths or the caller's error,
// and removes the temp files it wrote once it is stopped (the attach ended) (C-API-44, C-API-46).

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createActor, setup, waitFor } from "xstate";
import { imageMaterialiserLogic, type ImageMaterialiserInput } from "../../effects/image-materialiser.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import type { ImageFilesEvent } from "../../src/contracts/image-files.js";

const dir = mkdtempSync(join(tmpdir(), "elwood-materialiser-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** Invokes the materialiser from a parent that records its answer, as the image-attach machine does. */
function invoke(input: ImageMaterialiserInput) {
  const heard: ImageFilesEvent[] = [];
  const parent = setup({ actors: { files: imageMaterialiserLogic } }).createMachine({
    invoke: { id: "files", src: "files", input },
    on: { "images.*": { actions: ({ event }) => void heard.push(event as ImageFilesEvent) } },
  });
  const actor = createActor(parent).start();
  return { actor, heard, answered: () => waitFor(actor, () => heard.length > 0, { timeout: 10_000 }) };
}

describe("image materialiser effect actor", () => {
  it("C-API-44: answers images.ready with a path input as given and bytes in a private temp file, removed once stopped", async () => {
    const file = join(dir, "a.png");
    writeFileSync(file, PNG);
    const run = invoke({ images: [{ kind: "path", path: file }, { kind: "data", data: JPEG, format: "jpeg" }] });
    await run.answered();
    const ready = run.heard[0];
    if (ready?.type !== "images.ready") throw new Error(`expected images.ready, got ${JSON.stringify(ready)}`);
    expect(ready.paths[0]).toBe(file);
    expect([...readFileSync(ready.paths[1] ?? "")]).toEqual([...JPEG]);
    run.actor.stop();
    await expect.poll(() => existsSync(ready.paths[1] ?? ""), { timeout: 10_000 }).toBe(false);
    expect(existsSync(file)).toBe(true);
  });

  it("C-API-44: with a hold, the temp files outlive the stopped attach until the hold settles (a turn's real end)", async () => {
    let endTurn!: () => void;
    const keepUntil = new Promise<void>((resolve) => (endTurn = resolve));
    const run = invoke({ images: [{ kind: "data", data: PNG, format: "png" }], keepUntil });
    await run.answered();
    const ready = run.heard[0];
    if (ready?.type !== "images.ready") throw new Error(`expected images.ready, got ${JSON.stringify(ready)}`);
    const temp = ready.paths[0] ?? "";
    run.actor.stop();
    // Stopped, but held: a later step (acceptance recovery) may still read the file.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(temp)).toBe(true);
    endTurn();
    await expect.poll(() => existsSync(temp), { timeout: 10_000 }).toBe(false);
  });

  it("C-API-44: an unreadable path answers images.failed with invalid_image and its index", async () => {
    const run = invoke({ images: [{ kind: "data", data: PNG, format: "png" }, { kind: "path", path: join(dir, "missing.png") }] });
    await run.answered();
    const failed = run.heard[0];
    expect(failed?.type).toBe("images.failed");
    expect(failed?.type === "images.failed" && isElwoodError(failed.error, "invalid_image") && failed.error.details).toEqual({ index: 1 });
    run.actor.stop();
  });

  it("C-API-46: through an X11 clipboard a non-PNG image answers unsupported_platform (Codex reads only PNG there)", async () => {
    const run = invoke({ images: [{ kind: "data", data: PNG, format: "png" }, { kind: "data", data: JPEG, format: "jpeg" }], clipboard: "x11" });
    await run.answered();
    const failed = run.heard[0];
    expect(failed?.type === "images.failed" && isElwoodError(failed.error, "unsupported_platform") && failed.error.details).toEqual({ index: 1 });
    run.actor.stop();
  });
});
