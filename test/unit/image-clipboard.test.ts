// Unit tests: clipboard backend choice, tool commands, the process-wide lock and config.toml compare-and-swap (C-API-46, C-CODEX-14).

import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Clipboard, clipboardBackend } from "../../effects/clipboard.js";
import { restoreConfig, snapshotConfig, withoutPickerKeys } from "../../effects/config-snapshot.js";
import { ProcessLock } from "../../effects/process-lock.js";

describe("C-API-46: clipboard backend", () => {
  it("macOS always, Linux only with a display, nothing elsewhere", () => {
    expect(clipboardBackend("darwin", {})).toBe("macos");
    expect(clipboardBackend("linux", {})).toBeUndefined();
    expect(clipboardBackend("linux", { DISPLAY: ":0" })).toBe("x11");
    expect(clipboardBackend("linux", { WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })).toBe("wayland");
    expect(clipboardBackend("win32", { DISPLAY: ":0" })).toBeUndefined();
  });

  it("drives the platform tools with the image's mime type and restores text through stdin", async () => {
    const calls: string[][] = [];
    const run = async (command: string, args: readonly string[], stdin?: string): Promise<string> => {
      calls.push([command, ...args, ...(stdin === undefined ? [] : [`<${stdin}`])]);
      return "prior";
    };
    const x11 = new Clipboard("x11", run);
    expect(await x11.readText()).toBe("prior");
    await x11.writeImage("/tmp/a.jpg");
    await x11.writeText("prior");
    expect(calls).toEqual([
      ["xclip", "-selection", "clipboard", "-o"],
      ["xclip", "-selection", "clipboard", "-t", "image/jpeg", "-i", "/tmp/a.jpg"],
      ["xclip", "-selection", "clipboard", "-i", "<prior"],
    ]);
    const mac = new Clipboard("macos", run);
    await mac.writeImage('/tmp/we"ird.png');
    expect(calls.at(-1)?.[0]).toBe("osascript");
    expect(calls.at(-1)?.[2]).toContain('POSIX file "/tmp/we\\"ird.png"');
  });
});

describe("process-wide lock", () => {
  it("serializes holders in FIFO order; release is idempotent", async () => {
    const lock = new ProcessLock();
    const order: string[] = [];
    const first = await lock.acquire();
    const second = lock.acquire().then((release) => {
      order.push("second");
      return release;
    });
    const third = lock.acquire().then((release) => {
      order.push("third");
      release();
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first();
    (await second)();
    await third;
    expect(order).toEqual(["second", "third"]);
    expect(lock.held).toBe(false);
  });
});

describe("C-CODEX-14: config.toml compare-and-swap", () => {
  const dir = mkdtempSync(join(tmpdir(), "elwood-cfg-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = 'model = "gpt-5.4"\napproval_policy = "never"\n\n[profiles.fast]\nmodel = "gpt-5.4-mini"\n';

  it("ignores only root-level picker keys when comparing", () => {
    expect(withoutPickerKeys(base)).toBe(withoutPickerKeys('model = "gpt-5.6-sol"\nmodel_reasoning_effort = "low"\napproval_policy = "never"\n\n[profiles.fast]\nmodel = "gpt-5.4-mini"'));
    expect(withoutPickerKeys(base)).not.toBe(withoutPickerKeys(base.replace('"gpt-5.4-mini"', '"other"')));
  });

  it("restores the snapshot when the CLI changed only model / model_reasoning_effort", async () => {
    const path = join(dir, "a.toml");
    writeFileSync(path, base);
    const snap = await snapshotConfig(path);
    writeFileSync(path, base.replace('model = "gpt-5.4"', 'model = "gpt-5.6-sol"\nmodel_reasoning_effort = "medium"'));
    expect(await restoreConfig(snap)).toEqual({ kind: "restored" });
    expect(readFileSync(path, "utf8")).toBe(base);
    expect(await restoreConfig(snap)).toEqual({ kind: "unchanged" });
  });

  it("leaves a concurrently edited file alone (conflict)", async () => {
    const path = join(dir, "b.toml");
    writeFileSync(path, base);
    const snap = await snapshotConfig(path);
    const edited = `${base.replace('model = "gpt-5.4"', 'model = "gpt-5.6-sol"')}\n[mcp_servers.x]\ncommand = "y"\n`;
    writeFileSync(path, edited);
    expect(await restoreConfig(snap)).toEqual({ kind: "conflict" });
    expect(readFileSync(path, "utf8")).toBe(edited);
  });

  it("removes a file the picker created when none existed before", async () => {
    const path = join(dir, "c.toml");
    const snap = await snapshotConfig(path);
    writeFileSync(path, 'model = "gpt-5.6-sol"\nmodel_reasoning_effort = "medium"\n');
    expect(await restoreConfig(snap)).toEqual({ kind: "restored" });
    expect(existsSync(path)).toBe(false);
  });
});
