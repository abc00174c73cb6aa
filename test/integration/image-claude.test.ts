// Integration: images attach to the simulated Claude by bracketed-pasting absolute paths, one turn per call (C-API-44, C-API-45).

import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords, type SimScript } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { waitForLog } from "../support/sim-probe.js";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
const open: SimSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cleanup()));
});

async function ready(script: SimScript = {}): Promise<SimSession> {
  const sim = startSimSession({ script });
  open.push(sim);
  await sim.session.waitForStatus((s) => s === "ready", 15_000);
  return sim;
}

describe("Claude image attach through the simulated CLI", () => {
  it("C-API-44 C-API-45: a path and bytes attach in order before the text; one turn; the temp file is removed", async () => {
    const sim = await ready();
    const file = join(sim.dir, "red.png");
    writeFileSync(file, PNG);
    await sim.session.sendMessage("what is this", { images: [{ path: file }, { data: PNG, format: "png" }] });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const images = simRecords(sim.log(), "image");
    expect(images.map((r) => r.path)[0]).toBe(file);
    expect(images[1]?.path).toMatch(/elwood-img-.*image-2\.png$/);
    expect(existsSync(images[1]?.path ?? "")).toBe(false);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["[Image #1] [Image #2] what is this"]);
    expect(simRecords(sim.log(), "turn")).toHaveLength(1);
    // Paths go in as bracketed pastes, never typed keystrokes.
    expect(simRecords(sim.log(), "paste").map((r) => r.text).slice(0, 2)).toEqual([file, images[1]?.path]);
  });

  it("C-API-44: sendPrompt and sendGuidance take images too", async () => {
    const sim = await ready();
    const file = join(sim.dir, "a.png");
    writeFileSync(file, PNG);
    await sim.session.sendPrompt("prompt", { images: [{ path: file }] });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendGuidance("guide", { images: [{ path: file }] });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["[Image #1] prompt", "[Image #2] guide"]);
  });

  it("C-API-44: invalid images reject with invalid_image before anything is written", async () => {
    const sim = await ready();
    const before = sim.log().length;
    const notAnImage = join(sim.dir, "notes.png");
    writeFileSync(notAnImage, "plain text named like an image");
    const hostile = [{ get path(): string { throw new Error("getter"); } }];
    for (const images of [
      [{ path: join(sim.dir, "missing.png") }],
      [{ data: new Uint8Array(), format: "png" }],
      [{ data: PNG, format: "bmp" }],
      [{ data: PNG, format: "jpeg" }],
      [{ path: notAnImage }],
      hostile,
      [42],
      "x",
    ]) {
      const error = await sim.session.sendMessage("nope", { images: images as never }).catch((e: unknown) => e);
      expect(isElwoodError(error, "invalid_image"), images === hostile ? "throwing getter" : JSON.stringify(images)).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.log().slice(before).filter((r) => r.kind === "input")).toEqual([]);
  });

  it("C-API-44: an unconfirmed chip fails with image_attach_failed, submits no text and clears the draft", async () => {
    const sim = await ready({ ignoreImagePaste: true });
    const file = join(sim.dir, "red.png");
    writeFileSync(file, PNG);
    const error = await sim.session.sendMessage("never sent", { images: [{ path: file }] }).catch((e: unknown) => e);
    expect(isElwoodError(error, "image_attach_failed")).toBe(true);
    expect(simRecords(sim.log(), "submit")).toEqual([]);
    // The clear keys were written before the rejection; the sim logs them when it reads them.
    const keys = await waitForLog(() => sim.log(), (r) => simRecords(r, "key").length >= 2, "the two clear keys");
    expect(simRecords(keys, "key").map((r) => r.key)).toEqual(["ctrl+u", "ctrl+k"]);
    // The session keeps working: the next message goes through.
    await sim.session.sendMessage("next");
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["next"]);
  }, 20_000);

  it("C-API-44: an empty images list is a plain text submission", async () => {
    const sim = await ready();
    await sim.session.sendMessage("plain", { images: [] });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["plain"]);
  });

  it("C-API-44: call order is kept: a message with images and a plain message after it submit in call order", async () => {
    const sim = await ready();
    const file = join(sim.dir, "first.png");
    writeFileSync(file, PNG);
    // Called back to back: the plain call must not overtake the image call while its files are checked.
    const first = sim.session.sendMessage("first", { images: [{ path: file }] });
    const second = sim.session.sendMessage("second");
    await Promise.all([first, second]);
    await waitForLog(() => sim.log(), (r) => simRecords(r, "submit").length >= 2, "two submissions");
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["[Image #1] first", "second"]);
  }, 30_000);

  it("C-API-44: a per-session 200 MiB ceiling covers cloned bytes across queued calls and frees on settle", async () => {
    const sim = await ready();
    const big = new Uint8Array(25 * 1024 * 1024).fill(7);
    big.set(PNG.subarray(0, 8));
    const two = [{ data: big, format: "png" as const }, { data: big, format: "png" as const }];
    // Four calls of 50 MiB each fill the ceiling exactly; the fifth byte-bearing call is refused at once.
    const queued = [1, 2, 3, 4].map((n) => sim.session.sendMessage(`m${n}`, { images: two }));
    const refused = await sim.session.sendMessage("over", { images: [{ data: PNG, format: "png" }] }).catch((e: unknown) => e);
    expect(isElwoodError(refused, "input_queue_full")).toBe(true);
    // A path image clones nothing, so it is still admitted while the ceiling is full.
    const file = join(sim.dir, "path.png");
    writeFileSync(file, PNG);
    const byPath = sim.session.sendMessage("by path", { images: [{ path: file }] });
    await Promise.all([...queued, byPath]);
    await waitForLog(() => sim.log(), (r) => simRecords(r, "submit").length >= 5, "five submissions");
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual([
      "[Image #1] [Image #2] m1",
      "[Image #3] [Image #4] m2",
      "[Image #5] [Image #6] m3",
      "[Image #7] [Image #8] m4",
      "[Image #9] by path",
    ]);
    // Settled submissions released their reservation: a new byte-bearing call is admitted.
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    await sim.session.sendMessage("after", { images: [{ data: PNG, format: "png" }] });
  }, 90_000);
});
