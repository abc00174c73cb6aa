// Messages the command shows name paths relative to the state directory or the cwd, never the absolute state path.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { relativePaths } from "../../cli/display-paths.js";
import { runCli } from "../../cli/main.js";
import { fakeIo } from "../support/fake-cli-io.js";

const root = mkdtempSync(join(tmpdir(), "elwood-paths-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("paths in shown errors (issue 38)", () => {
  it("issue 38: state paths become relative to the state directory, workspace paths relative to the cwd; others stay", () => {
    expect(relativePaths("unsafe Elwood state path: /s/state/sessions/a is a symbolic link", "/w", "/s/state")).toBe(
      "unsafe Elwood state path: sessions/a (in the state directory) is a symbolic link",
    );
    expect(relativePaths("no stored session 'x' in /s/state (elwood sessions lists them)", "/w", "/s/state")).toBe(
      "no stored session 'x' in the state directory (elwood sessions lists them)",
    );
    expect(relativePaths("cannot open /s/state/sessions/a/session.json: EACCES", "/w", "/s/state")).toBe("cannot open sessions/a/session.json (in the state directory): EACCES");
    expect(relativePaths("--image /w/pics/a.png cannot be read; /w is the cwd", "/w", "/s/state")).toBe("--image pics/a.png cannot be read; . is the cwd");
    expect(relativePaths("/s/states/x and /elsewhere/y", "/w", "/s/state")).toBe("/s/states/x and /elsewhere/y");
    // A state directory inside the workspace is named from the state directory.
    expect(relativePaths("bad /w/.st/sessions/a", "/w", "/w/.st")).toBe("bad sessions/a (in the state directory)");
  });

  it("issue 38: a state_corrupt failure (a symlinked sessions directory) shows no absolute state path, on stderr or in the json document", async () => {
    const stateDir = join(root, "state");
    mkdirSync(join(root, "elsewhere"));
    mkdirSync(stateDir);
    symlinkSync(join(root, "elsewhere"), join(stateDir, "sessions"));
    const { io, stdout, stderr } = fakeIo({ cwd: root });
    const status = await runCli(["sessions", "rm", "s-1", "--output", "json", "--state-dir", stateDir], io);
    expect(status).toBe(2);
    const doc = JSON.parse(stdout.text()) as { error: { code: string; message: string } };
    expect(doc.error).toEqual({ code: "state_corrupt", message: "unsafe Elwood state path: sessions (in the state directory) is a symbolic link" });
    expect(stderr.text()).toBe(`elwood: ${doc.error.message}\n`);
    expect(stdout.text() + stderr.text()).not.toContain(root);
  });

  it("issue 38: resuming an unknown id names the state directory, not its absolute path", async () => {
    const { io, stderr } = fakeIo({ cwd: root });
    expect(await runCli(["resume", "nope", "--state-dir", join(root, "state2"), "hi"], io)).toBe(2);
    expect(stderr.text()).toBe("elwood: no stored session 'nope' in the state directory (elwood sessions lists them)\n");
  });
});
