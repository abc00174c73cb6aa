// Unit tests: the synchronous image snapshot (buffers cloned at the call) and the 200 MiB per-session clone ceiling (C-API-44).

import { describe, expect, it } from "vitest";
import { ImageCloneBudget, MAX_SESSION_IMAGE_CLONE_BYTES } from "../../effects/image-budget.js";
import { clonedBytes, snapshotImages } from "../../effects/image-files.js";
import { ElwoodError } from "../../src/contracts/errors.js";

describe("C-API-44: image snapshot at the call", () => {
  it("copies byte inputs, so a caller mutating its buffer afterwards changes nothing", () => {
    const data = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 3]);
    const snapshot = snapshotImages([{ data, format: "png" }], "/work");
    if (snapshot instanceof ElwoodError) throw snapshot;
    data[8] = 99;
    const image = snapshot[0];
    expect(image?.kind).toBe("data");
    expect(image?.kind === "data" ? image.data[8] : undefined).toBe(3);
    expect(clonedBytes(snapshot)).toBe(9);
  });

  it("absolutizes relative paths against the session cwd and counts no cloned bytes for them", () => {
    const snapshot = snapshotImages([{ path: "shots/a.png" }], "/work/project");
    if (snapshot instanceof ElwoodError) throw snapshot;
    expect(snapshot).toEqual([{ kind: "path", path: "/work/project/shots/a.png" }]);
    expect(clonedBytes(snapshot)).toBe(0);
  });

  it("returns invalid_image for shape, format and size errors without throwing", () => {
    for (const bad of [undefined, {}, [1], [{ data: new Uint8Array(1), format: "tiff" }], [{ path: "a\0b" }]]) {
      const result = snapshotImages(bad, "/");
      expect(result instanceof ElwoodError && result.name === "invalid_image", JSON.stringify(bad)).toBe(true);
    }
  });
});

describe("C-API-44: per-session image clone ceiling", () => {
  it("is 200 MiB", () => {
    expect(MAX_SESSION_IMAGE_CLONE_BYTES).toBe(200 * 1024 * 1024);
  });

  it("admits reservations up to the ceiling, refuses one past it with input_queue_full, frees on release", () => {
    const budget = new ImageCloneBudget(100);
    const first = budget.reserve(60);
    const second = budget.reserve(40);
    expect(typeof first).toBe("function");
    expect(typeof second).toBe("function");
    const third = budget.reserve(1);
    expect(third instanceof ElwoodError && third.name === "input_queue_full").toBe(true);
    expect(third instanceof ElwoodError ? third.details : {}).toMatchObject({ limit: 100, reserved: 100, requested: 1 });
    if (typeof first === "function") {
      first();
      first(); // idempotent: a double release never frees someone else's bytes
    }
    expect(budget.reservedBytes).toBe(40);
    expect(typeof budget.reserve(60)).toBe("function");
    expect(budget.reserve(1)).toBeInstanceOf(ElwoodError);
  });
});
