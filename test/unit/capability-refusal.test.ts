// What an agent does not offer is a typed refusal (issue 33 §1 capabilities, issue 34): login on Qwen Code (its /model picker and images are driven).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { capabilityRefusal } from "../../src/capability-check.js";
import { agentInfos, checkImages, isElwoodError } from "../../src/index.js";
import { solidPng } from "../support/png.js";

const dir = mkdtempSync(join(tmpdir(), "elwood-capability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("capability refusals", () => {
  it("every agent's missing capability is capability_unsupported naming the agent and the capability; a present one is no refusal", () => {
    for (const info of agentInfos()) {
      for (const [capability, offered] of Object.entries(info.capabilities)) {
        const refusal = capabilityRefusal(info.kind, capability as keyof typeof info.capabilities);
        if (offered) expect(refusal).toBeUndefined();
        else expect(refusal).toMatchObject({ code: "capability_unsupported", details: { agentId: info.kind, capability } });
      }
    }
  });

  it("Qwen Code refuses login, and offers its /model picker (listModels, setModel, elwood models) and images", () => {
    expect(capabilityRefusal("qwen", "login")).toMatchObject({ code: "capability_unsupported", details: { agentId: "qwen", capability: "login" } });
    expect(capabilityRefusal("qwen", "models")).toBeUndefined();
    expect(capabilityRefusal("qwen", "images")).toBeUndefined();
  });

  it("checkImages takes Qwen Code's images as paths (no clipboard to check), and a bad image is still invalid_image", async () => {
    writeFileSync(join(dir, "a.png"), solidPng(4, [255, 0, 0]));
    await expect(checkImages("qwen", [{ path: "a.png" }], { cwd: dir })).resolves.toBeUndefined();
    await expect(checkImages("qwen", [], { cwd: dir })).resolves.toBeUndefined();
    const bad = await checkImages("qwen", [{ path: "missing.png" }], { cwd: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isElwoodError(bad, "invalid_image")).toBe(true);
  });
});
