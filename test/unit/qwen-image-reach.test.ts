// Qwen Code 0.24.4 reads an attached image from the session's private home only when the workspace's git does not ignore it.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { qwenImagesUnavailable } from "../../adapters/qwen/image-reach.js";
import { qwenAgent } from "../../adapters/qwen/index.js";
import { isElwoodError } from "../../src/index.js";

const root = mkdtempSync(join(tmpdir(), "elwood-qwen-reach-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("Qwen images: where the session directory lets them reach the model (issue 34)", () => {
  it("declares images, attached by pasting the path", () => {
    expect(qwenAgent.capabilities.images).toBe(true);
  });

  it("a session directory inside a git workspace is refused capability_unsupported; outside it, or in a plain directory, images go", () => {
    const repo = join(root, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(repo, "sub"), { recursive: true });
    const inside = qwenImagesUnavailable(repo)(join(repo, ".elwood", "sessions", "s1"));
    expect(isElwoodError(inside, "capability_unsupported")).toBe(true);
    expect(inside?.details).toEqual({ agentId: "qwen", capability: "images" });
    expect(inside?.message).toMatch(/stateDir outside the project/);
    // A workspace below the repository's root is still inside its git work tree.
    expect(qwenImagesUnavailable(join(repo, "sub"))(join(repo, "sub", ".elwood", "sessions", "s1"))).toBeDefined();
    expect(qwenImagesUnavailable(repo)(join(root, "state", "sessions", "s1"))).toBeUndefined();
    const plain = join(root, "plain");
    mkdirSync(plain, { recursive: true });
    expect(qwenImagesUnavailable(plain)(join(plain, ".elwood", "sessions", "s1"))).toBeUndefined();
  });
});
