// Qwen Code's /model choice never lands in the user's project settings: setModel is refused where 0.24.4 would save it there (issue 34).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { qwenModelSelectionUnavailable } from "../../adapters/qwen/model-choice-scope.js";

const root = mkdtempSync(join(tmpdir(), "elwood-qwen-scope-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, settings?: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, ".qwen"), { recursive: true });
  if (settings !== undefined) writeFileSync(join(dir, ".qwen", "settings.json"), settings);
  return dir;
}

describe("Qwen model choice scope (0.24.4 getPersistScopeForModelSelection)", () => {
  it("a project settings file with its own modelProviders (comments allowed) refuses setModel with capability_unsupported naming the file", () => {
    const dir = project("owns", '// providers for this repo\n{ "modelProviders": { "openai": [] } /* end */ }\n');
    const refusal = qwenModelSelectionUnavailable(dir)();
    expect(refusal).toMatchObject({ code: "capability_unsupported", details: { agentId: "qwen", capability: "models" } });
    expect(refusal?.message).toContain(join(dir, ".qwen", "settings.json"));
  });

  it("no project file, one without modelProviders, or one Qwen cannot parse: no refusal (the choice goes to the private home)", () => {
    expect(qwenModelSelectionUnavailable(project("none"))()).toBeUndefined();
    expect(qwenModelSelectionUnavailable(project("other", '{ "model": { "name": "x" } }'))()).toBeUndefined();
    expect(qwenModelSelectionUnavailable(project("broken", "{ not json"))()).toBeUndefined();
    expect(qwenModelSelectionUnavailable(project("list", "[]"))()).toBeUndefined();
  });

  it("is asked per call: providers added to the project while the session runs refuse the next setModel", () => {
    const dir = project("later");
    const check = qwenModelSelectionUnavailable(dir);
    expect(check()).toBeUndefined();
    writeFileSync(join(dir, ".qwen", "settings.json"), '{ "modelProviders": {} }');
    expect(check()?.code).toBe("capability_unsupported");
  });
});
