// `npm test`'s pre-flight (issue 15 §1): where it cannot install the system packages, it stops before any stage runs
// and names the exact one-line install command.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const RUN_ALL = resolve(import.meta.dirname, "../run-all.mjs");
const bin = mkdtempSync(join(tmpdir(), "elwood-bare-path-"));
symlinkSync(process.execPath, join(bin, "node"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("npm test pre-flight (issue 15 §1)", () => {
  it("on a machine with none of the packages and no apt-get to install them, prints the install command and runs no stage", () => {
    // A PATH holding only node: no ip, unshare, chromium, Xvfb, xclip, openssl — and no apt-get or sudo.
    const env = { PATH: bin, HOME: bin };
    const result = spawnSync(join(bin, "node"), [RUN_ALL], { env, encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo apt-get update && sudo apt-get install -y --no-install-recommends iproute2 util-linux chromium xvfb xclip openssl\n");
    expect(result.stdout).not.toContain("━━");
  });

  it("counts a Chromium named by ELWOOD_CHROMIUM as present", () => {
    const env = { PATH: bin, HOME: bin, ELWOOD_CHROMIUM: process.execPath };
    const result = spawnSync(join(bin, "node"), [RUN_ALL], { env, encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo apt-get install -y --no-install-recommends iproute2 util-linux xvfb xclip openssl\n");
  });
});
