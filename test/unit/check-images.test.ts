// Unit tests: the public pre-launch image check gives the error an attach would give, without a session (issue 38).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkImages } from "../../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "elwood-check-images-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "a.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
writeFileSync(join(dir, "b.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]));
mkdirSync(join(dir, "folder"));
const NO_DISPLAY = { DISPLAY: "", WAYLAND_DISPLAY: "" };

describe("C-API-44: checkImages before any session exists", () => {
  it("a directory, a missing file or a non-image is invalid_image for either agent, named by its index", async () => {
    for (const agent of ["claude", "codex"] as const) {
      await expect(checkImages(agent, [{ path: "folder" }], { cwd: dir, env: { DISPLAY: ":0" } })).rejects.toMatchObject({ code: "invalid_image", message: "image 0 is not a regular file" });
      await expect(checkImages(agent, [{ path: "a.png" }, { path: "missing.png" }], { cwd: dir, env: { DISPLAY: ":0" } })).rejects.toMatchObject({ code: "invalid_image", details: { index: 1 } });
    }
  });

  it("Claude takes any of the four formats by path; an empty list is fine for both agents", async () => {
    await expect(checkImages("claude", [{ path: "a.png" }, { path: join(dir, "b.jpg") }], { cwd: dir })).resolves.toBeUndefined();
    await expect(checkImages("codex", [], { cwd: dir, env: NO_DISPLAY })).resolves.toBeUndefined();
  });

  it("Codex on Linux without a display cannot attach even a valid PNG; with one it takes PNG only: unsupported_platform", async () => {
    await expect(checkImages("codex", [{ path: "a.png" }], { cwd: dir, env: NO_DISPLAY })).rejects.toMatchObject({ code: "unsupported_platform", message: expect.stringContaining("native clipboard") });
    await expect(checkImages("codex", [{ path: "a.png" }], { cwd: dir, env: { DISPLAY: ":0" } })).resolves.toBeUndefined();
    await expect(checkImages("codex", [{ path: "a.png" }, { path: "b.jpg" }], { cwd: dir, env: { DISPLAY: ":0" } })).rejects.toMatchObject({ code: "unsupported_platform", details: { index: 1 } });
  });

  it("an agent that is neither claude nor codex is invalid_argument", async () => {
    await expect(checkImages("gemini" as "claude", [], { cwd: dir })).rejects.toMatchObject({ code: "invalid_argument" });
  });
});
