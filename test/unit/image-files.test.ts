// Unit tests: image validation limits and temp-file materialization before anything reaches the composer (C-API-44).

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, MAX_IMAGES, materializeImages, validateImages } from "../../effects/image-files.js";
import { ElwoodError } from "../../src/contracts/errors.js";

const dir = mkdtempSync(join(tmpdir(), "elwood-img-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const png = join(dir, "a.png");
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const GIF_HEAD = [...Buffer.from("GIF89a")];
const WEBP_HEAD = [...Buffer.from("RIFF"), 0x10, 0, 0, 0, ...Buffer.from("WEBPVP8 ")];
/** Bytes that start like the format and run to `size`. */
const bytesOf = (head: readonly number[], size = head.length): Uint8Array => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};
writeFileSync(png, bytesOf(PNG_HEAD));

async function code(images: unknown): Promise<string> {
  const result = await validateImages(images, dir);
  return result instanceof ElwoodError ? result.name : "ok";
}

describe("C-API-44: image validation", () => {
  it("accepts paths (absolute or relative to the session cwd) and byte inputs of the four formats", async () => {
    const result = await validateImages([{ path: png }, { path: "a.png" }, { data: bytesOf(WEBP_HEAD), format: "webp" }], dir);
    expect(result).not.toBeInstanceOf(ElwoodError);
    expect((result as readonly { kind: string }[]).map((r) => r.kind)).toEqual(["path", "path", "data"]);
  });

  it("rejects malformed entries with invalid_image, never a TypeError", async () => {
    for (const bad of [null, "x", [null], ["a.png"], [{}], [{ path: 3 }], [{ path: "" }], [{ path: png, data: new Uint8Array([1]), format: "png" }], [{ data: [1, 2], format: "png" }]]) {
      expect(await code(bad), JSON.stringify(bad)).toBe("invalid_image");
    }
  });

  it("rejects bad formats, empty bytes, directories, missing and unreadable files", async () => {
    expect(await code([{ data: new Uint8Array([1]), format: "bmp" }])).toBe("invalid_image");
    expect(await code([{ data: new Uint8Array(), format: "png" }])).toBe("invalid_image");
    expect(await code([{ path: dir }])).toBe("invalid_image");
    expect(await code([{ path: join(dir, "missing.png") }])).toBe("invalid_image");
    const empty = join(dir, "empty.png");
    writeFileSync(empty, "");
    expect(await code([{ path: empty }])).toBe("invalid_image");
    const fifoLike = join(dir, "sub", "x.png");
    mkdirSync(dirname(fifoLike));
    writeFileSync(fifoLike, "x");
    chmodSync(dirname(fifoLike), 0o000);
    // Root reads through mode bits; only assert the rejection when the process is not root.
    if (process.getuid?.() !== 0) expect(await code([{ path: fifoLike }])).toBe("invalid_image");
    chmodSync(dirname(fifoLike), 0o700);
  });

  it("checks content, not names or claims: a path must hold png/jpeg/gif/webp bytes, data must be the format it declares", async () => {
    for (const [head, format] of [[PNG_HEAD, "png"], [JPEG_HEAD, "jpeg"], [GIF_HEAD, "gif"], [WEBP_HEAD, "webp"]] as const) {
      expect(await code([{ data: bytesOf(head), format }]), format).toBe("ok");
      const file = join(dir, `real.${format}`);
      writeFileSync(file, bytesOf(head));
      expect(await code([{ path: file }]), format).toBe("ok");
    }
    const text = join(dir, "notes.png");
    writeFileSync(text, "just some text, named like an image");
    expect(await code([{ path: text }])).toBe("invalid_image");
    expect(await code([{ data: bytesOf(JPEG_HEAD), format: "png" }])).toBe("invalid_image");
    expect(await code([{ data: new Uint8Array([0x89, 0x50]), format: "png" }])).toBe("invalid_image");
  });

  it("enforces the count, per-image and total limits", async () => {
    const one = { data: bytesOf(PNG_HEAD), format: "png" };
    expect(await code(Array.from({ length: MAX_IMAGES }, () => one))).toBe("ok");
    expect(await code(Array.from({ length: MAX_IMAGES + 1 }, () => one))).toBe("invalid_image");
    expect(await code([{ data: bytesOf(PNG_HEAD, MAX_IMAGE_BYTES + 1), format: "png" }])).toBe("invalid_image");
    const big = { data: bytesOf(PNG_HEAD, MAX_IMAGE_BYTES), format: "png" };
    expect(await code([big, big])).toBe("ok");
    expect(await code([big, big, one])).toBe("invalid_image");
  });
});

describe("C-API-44: temp files for byte inputs", () => {
  it("writes bytes to private temp files in order and removes them on cleanup", async () => {
    const valid = await validateImages([{ path: png }, { data: bytesOf(JPEG_HEAD), format: "jpeg" }], dir);
    if (valid instanceof ElwoodError) throw valid;
    const files = await materializeImages(valid);
    if (files instanceof ElwoodError) throw files;
    expect(files.paths[0]).toBe(png);
    expect(files.paths[1]).toMatch(/elwood-img-.*image-2\.jpg$/);
    expect([...readFileSync(files.paths[1] ?? "")]).toEqual(JPEG_HEAD);
    await files.cleanup();
    expect(existsSync(files.paths[1] ?? "")).toBe(false);
    expect(existsSync(png)).toBe(true);
  });
});
