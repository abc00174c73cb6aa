// Unit tests: clipboard backend choice, tool commands and owner handover, bounded tools, the process-wide lock, the
// transaction effects' clipboard snapshot/restore, and config.toml compare-and-swap (C-API-44, C-API-46, C-CODEX-14).

import { eventually } from "../support/eventually.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readCodexScreen } from "../../adapters/codex/read-screen.js";
import {
  Clipboard,
  clipboardBackend,
  clipboardLock,
  firstUnpastableImage,
  systemTools,
  systemToolsWith,
  type SelectionOwner,
  type ToolResult,
  type ToolRunner,
} from "../../effects/clipboard.js";
import { restoreConfig, snapshotConfig, withoutPickerKeys } from "../../effects/config-snapshot.js";
import { ProcessLock } from "../../effects/process-lock.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { TransactionEffects } from "../../effects/transaction-effects.js";
import type { WarningCode } from "../../src/contracts/public-types.js";

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const files = mkdtempSync(join(tmpdir(), "elwood-clip-unit-"));
afterAll(() => rmSync(files, { recursive: true, force: true }));
const pngFile = join(files, "a.png");
const jpegFile = join(files, "b.jpg");
const fakePng = join(files, "c.png");
writeFileSync(pngFile, PNG_HEAD);
writeFileSync(jpegFile, JPEG_HEAD);
writeFileSync(fakePng, JPEG_HEAD);

/**
 * An in-memory X11/Wayland clipboard behind a fake ToolRunner. A new owner takes the selection only `takeoverMs`
 * after it started (the X server learns of it asynchronously), and the owner it displaces exits.
 */
class FakeSelection implements ToolRunner {
  offer: { types: string[]; data: string; owner?: FakeOwner } | undefined;
  readonly calls: string[] = [];
  takeoverMs = 5;
  /** Fail runs whose joined command line matches. */
  failing: RegExp | undefined;
  hang: RegExp | undefined;
  noDisplay = false;
  /** Owners never take the selection (a clipboard that ignores them). */
  ownersIgnored = false;

  async run(command: string, args: readonly string[], options: { readonly stdin?: string } = {}): Promise<ToolResult> {
    const line = [command, ...args].join(" ");
    this.calls.push(line + (options.stdin === undefined ? "" : ` <${options.stdin}`));
    if (this.hang?.test(line)) return new Promise(() => {});
    if (this.failing?.test(line)) return { code: 1, stdout: "", stderr: "boom" };
    if (this.noDisplay) return { code: 1, stdout: "", stderr: command === "xclip" ? "Error: Can't open display: :99" : "Failed to connect to a Wayland server" };
    const listing = args.includes("TARGETS") || args.includes("--list-types");
    if (this.offer === undefined) {
      return { code: 1, stdout: "", stderr: command === "xclip" ? `Error: target ${listing ? "TARGETS" : "UTF8_STRING"} not available` : "No selection" };
    }
    if (listing) return { code: 0, stdout: `${command === "xclip" ? "TARGETS\n" : ""}${this.offer.types.join("\n")}\n`, stderr: "" };
    return { code: 0, stdout: this.offer.data, stderr: "" };
  }

  own(command: string, args: readonly string[], stdin?: string | Uint8Array): SelectionOwner {
    const line = [command, ...args].join(" ");
    this.calls.push(`own ${line}${typeof stdin === "string" ? ` <${stdin}` : stdin === undefined ? "" : ` <${stdin.byteLength} bytes`}`);
    const owner = new FakeOwner();
    if (this.failing?.test(line)) {
      owner.exit();
      return owner;
    }
    const t = args.indexOf("-t") >= 0 ? args[args.indexOf("-t") + 1] : args.indexOf("--type") >= 0 ? args[args.indexOf("--type") + 1] : undefined;
    owner.offer = t !== undefined && t.startsWith("image/") ? { types: [t], data: "\x89PNG…" } : { types: command === "xclip" ? ["UTF8_STRING"] : ["text/plain;charset=utf-8", "text/plain"], data: typeof stdin === "string" ? stdin : "" };
    setTimeout(() => this.takeOver(owner), this.takeoverMs);
    return owner;
  }

  private takeOver(owner: FakeOwner): void {
    if (this.ownersIgnored || !owner.alive) return;
    this.offer?.owner?.exit();
    this.offer = { ...(owner.offer ?? { types: [], data: "" }), owner };
    owner.onStop = () => {
      if (this.offer?.owner === owner) this.offer = undefined;
    };
  }
}

class FakeOwner implements SelectionOwner {
  alive = true;
  offer: { types: string[]; data: string } | undefined;
  onStop: (() => void) | undefined;
  private done!: () => void;
  readonly exited = new Promise<void>((resolve) => (this.done = resolve));
  exit(): void {
    this.alive = false;
    this.done();
  }
  stop(): void {
    if (!this.alive) return;
    this.onStop?.();
    this.exit();
  }
}

const fast = { confirmMs: 300, pollMs: 1, toolTimeoutMs: 200 };

describe("C-API-46: clipboard backend", () => {
  it("macOS always, Linux only with a display, nothing elsewhere", () => {
    expect(clipboardBackend("darwin", {})).toBe("macos");
    expect(clipboardBackend("linux", {})).toBeUndefined();
    expect(clipboardBackend("linux", { DISPLAY: ":0" })).toBe("x11");
    expect(clipboardBackend("linux", { WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })).toBe("wayland");
    expect(clipboardBackend("win32", { DISPLAY: ":0" })).toBeUndefined();
  });

  it("macOS keeps its tools: pbpaste / pbcopy through stdin / osascript with a quoted POSIX path", async () => {
    const calls: string[][] = [];
    const tools: ToolRunner = {
      run: async (command, args, options) => {
        calls.push([command, ...args, ...(options?.stdin === undefined ? [] : [`<${options.stdin}`])]);
        return { code: 0, stdout: "prior", stderr: "" };
      },
      own: () => {
        throw new Error("macOS never starts a selection owner");
      },
    };
    const mac = new Clipboard("macos", tools);
    expect(await mac.readText()).toBe("prior");
    await mac.writeImage('/tmp/we"ird.png');
    await mac.writeText("prior");
    expect(calls[0]).toEqual(["pbpaste"]);
    expect(calls[1]?.[0]).toBe("osascript");
    expect(calls[1]?.[2]).toContain('POSIX file "/tmp/we\\"ird.png"');
    expect(calls[2]).toEqual(["pbcopy", "<prior"]);
  });
});

describe("C-API-46: X11 clipboard (xclip)", () => {
  it("an empty clipboard snapshots as 'no text' (nothing to restore), not as a failure", async () => {
    const sel = new FakeSelection();
    expect(await new Clipboard("x11", sel, fast).readText()).toBeUndefined();
    expect(sel.calls).toEqual(["xclip -selection clipboard -t TARGETS -o"]);
  });

  it("a clipboard holding only an image has no text either; text is read through its UTF8_STRING target", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["image/png"], data: "\x89PNG" };
    expect(await new Clipboard("x11", sel, fast).readText()).toBeUndefined();
    sel.offer = { types: ["UTF8_STRING", "STRING"], data: "the user's text" };
    expect(await new Clipboard("x11", sel, fast).readText()).toBe("the user's text");
    expect(sel.calls.at(-1)).toBe("xclip -selection clipboard -t UTF8_STRING -o");
  });

  it("an unreachable display or a failing read rejects (the attach fails before anything is written)", async () => {
    const sel = new FakeSelection();
    sel.noDisplay = true;
    await expect(new Clipboard("x11", sel, fast).readText()).rejects.toThrow(/could not list/);
    const other = new FakeSelection();
    other.offer = { types: ["UTF8_STRING"], data: "x" };
    other.failing = /UTF8_STRING -o/;
    await expect(new Clipboard("x11", other, fast).readText()).rejects.toThrow(/exited with 1/);
  });

  it("an image write starts a foreground owner offering image/png and resolves only once the clipboard offers it", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "old" };
    sel.takeoverMs = 40;
    await new Clipboard("x11", sel, fast).writeImage(pngFile);
    expect(sel.calls[0]).toBe(`own xclip -quiet -selection clipboard -t image/png -i ${pngFile}`);
    // Resolved after the takeover, never while the user's old text was still the offer.
    expect(sel.offer?.types).toEqual(["image/png"]);
    expect(sel.calls.filter((c) => c.includes("TARGETS")).length).toBeGreaterThan(1);
  });

  it("the second image waits until the first image's owner has handed over (both offer image/png)", async () => {
    const sel = new FakeSelection();
    const clipboard = new Clipboard("x11", sel, fast);
    await clipboard.writeImage(pngFile);
    const first = sel.offer?.owner;
    sel.takeoverMs = 30;
    await clipboard.writeImage(pngFile);
    expect(first?.alive).toBe(false);
    expect(sel.offer?.owner).not.toBe(first);
    expect(sel.offer?.owner?.alive).toBe(true);
  });

  it("restoring text waits for a read-back of exactly that text; the image owner exits", async () => {
    const sel = new FakeSelection();
    const clipboard = new Clipboard("x11", sel, fast);
    await clipboard.writeImage(pngFile);
    const image = sel.offer?.owner;
    await clipboard.writeText("the user's text");
    expect(image?.alive).toBe(false);
    expect(sel.offer).toMatchObject({ types: ["UTF8_STRING"], data: "the user's text" });
    expect(sel.calls).toContain("own xclip -quiet -selection clipboard -i <the user's text");
  });

  it("restoring an empty snapshot gives our selection up: the attached image does not linger", async () => {
    const sel = new FakeSelection();
    const clipboard = new Clipboard("x11", sel, fast);
    await clipboard.writeImage(pngFile);
    await clipboard.clear();
    expect(sel.offer).toBeUndefined();
  });

  it("an owner that exits or never takes over fails the write within the bound, and is stopped", async () => {
    const dies = new FakeSelection();
    dies.failing = /xclip -quiet/;
    await expect(new Clipboard("x11", dies, fast).writeImage(pngFile)).rejects.toThrow(/exited before/);
    const ignored = new FakeSelection();
    ignored.ownersIgnored = true;
    const started = Date.now();
    await expect(new Clipboard("x11", ignored, fast).writeImage(pngFile)).rejects.toThrow(/did not offer/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("Linux Codex reads only PNG: JPEG bytes (whatever the file is called) are refused before an owner starts", async () => {
    const sel = new FakeSelection();
    await expect(new Clipboard("x11", sel, fast).writeImage(fakePng)).rejects.toThrow(/only PNG/);
    expect(sel.calls).toEqual([]);
    const png = { kind: "path" as const, path: pngFile, bytes: PNG_HEAD.length };
    expect(await firstUnpastableImage("x11", [png, { kind: "data", data: PNG_HEAD, format: "png" }])).toBeUndefined();
    expect(await firstUnpastableImage("wayland", [png, { kind: "path", path: jpegFile, bytes: 10 }])).toBe(1);
    expect(await firstUnpastableImage("x11", [{ kind: "data", data: JPEG_HEAD, format: "jpeg" }])).toBe(0);
    expect(await firstUnpastableImage("macos", [{ kind: "data", data: JPEG_HEAD, format: "jpeg" }])).toBeUndefined();
  });
});

describe("C-API-46: Wayland clipboard (wl-clipboard; exercised with a fake only — no compositor here)", () => {
  it("lists types, reads text, writes image bytes and text through foreground wl-copy owners", async () => {
    const sel = new FakeSelection();
    const clipboard = new Clipboard("wayland", sel, fast);
    expect(await clipboard.readText()).toBeUndefined();
    sel.offer = { types: ["text/plain;charset=utf-8", "text/plain"], data: "hello" };
    expect(await clipboard.readText()).toBe("hello");
    await clipboard.writeImage(pngFile);
    await clipboard.writeText("hello");
    expect(sel.calls).toEqual(
      expect.arrayContaining([
        "wl-paste --list-types",
        "wl-paste --no-newline --type text/plain;charset=utf-8",
        `own wl-copy --foreground --type image/png <${PNG_HEAD.length} bytes`,
        "own wl-copy --foreground <hello",
      ]),
    );
    expect(sel.offer?.data).toBe("hello");
  });
});

describe("C-API-46: system tool runner", () => {
  it("a tool whose forked child keeps stdout open fails at the bound instead of hanging (the xclip -i bug)", async () => {
    const started = Date.now();
    await expect(systemTools.run("sh", ["-c", "sleep 30 & echo started"], { timeoutMs: 300 })).rejects.toThrow(/did not finish/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("captures exit code, stdout and stderr; a missing tool rejects", async () => {
    expect(await systemTools.run("sh", ["-c", "cat; echo err >&2; exit 3"], { stdin: "in" })).toEqual({ code: 3, stdout: "in", stderr: "err\n" });
    await expect(systemTools.run("elwood-no-such-tool", [])).rejects.toThrow();
  });

  it("an owner is never waited on: it is stoppable and reports its exit", async () => {
    const owner = systemTools.own("sh", ["-c", "cat >/dev/null; sleep 30"], "data");
    expect(owner.alive).toBe(true);
    owner.stop();
    await owner.exited;
    expect(owner.alive).toBe(false);
    const missing = systemTools.own("elwood-no-such-tool", []);
    await missing.exited;
    expect(missing.alive).toBe(false);
  });
});

describe("C-API-44 C-API-46: transaction effects — clipboard snapshot and restore", () => {
  function effects(clipboard: Clipboard): { fx: TransactionEffects; warnings: Array<{ code: WarningCode; message: string; details?: unknown }> } {
    const warnings: Array<{ code: WarningCode; message: string; details?: unknown }> = [];
    const fx = new TransactionEffects({
      warn: (code, message, details) => warnings.push({ code, message, ...(details === undefined ? {} : { details }) }),
      configFile: () => undefined,
      login: () => undefined,
      clipboard: () => clipboard,
      processExited: () => Promise.resolve(),
    });
    return { fx, warnings };
  }
  const request = (n: number, effect: { kind: "clipboard.begin" } | { kind: "clipboard.setImage"; path: string } | { kind: "clipboard.end" }) => ({
    type: "effect.request" as const,
    requestId: `r${n}`,
    opId: "op",
    effect,
  });

  it("snapshot → image → restore puts the user's text back and releases the lock", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "secret user text" };
    const { fx, warnings } = effects(new Clipboard("x11", sel, fast));
    expect((await fx.run(request(1, { kind: "clipboard.begin" }))).ok).toBe(true);
    expect(clipboardLock.held).toBe(true);
    expect((await fx.run(request(2, { kind: "clipboard.setImage", path: pngFile }))).ok).toBe(true);
    expect((await fx.run(request(3, { kind: "clipboard.end" }))).ok).toBe(true);
    expect(sel.offer?.data).toBe("secret user text");
    expect(clipboardLock.held).toBe(false);
    expect(warnings).toEqual([]);
  });

  it("an empty snapshot is not a failure; its restore leaves the clipboard empty again", async () => {
    const sel = new FakeSelection();
    const { fx, warnings } = effects(new Clipboard("x11", sel, fast));
    expect((await fx.run(request(1, { kind: "clipboard.begin" }))).ok).toBe(true);
    await fx.run(request(2, { kind: "clipboard.setImage", path: pngFile }));
    expect(sel.offer?.types).toEqual(["image/png"]);
    await fx.run(request(3, { kind: "clipboard.end" }));
    expect(sel.offer).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("an unreadable clipboard fails the snapshot with image_attach_failed before any write, lock released", async () => {
    const sel = new FakeSelection();
    sel.noDisplay = true;
    const { fx } = effects(new Clipboard("x11", sel, fast));
    const result = await fx.run(request(1, { kind: "clipboard.begin" }));
    expect(result.ok).toBe(false);
    expect(isElwoodError(result.error, "image_attach_failed")).toBe(true);
    expect(sel.calls.some((c) => c.startsWith("own"))).toBe(false);
    expect(clipboardLock.held).toBe(false);
  });

  it("a hung tool becomes image_attach_failed at the bound, never a hang", async () => {
    const sel = new FakeSelection();
    sel.hang = /TARGETS/;
    const tools: ToolRunner = {
      run: (command, args, options) =>
        Promise.race([sel.run(command, args, options), new Promise<ToolResult>((_, reject) => setTimeout(() => reject(new Error("timed out")), options?.timeoutMs ?? 0))]),
      own: (command, args, stdin) => sel.own(command, args, stdin),
    };
    const { fx } = effects(new Clipboard("x11", tools, fast));
    const result = await fx.run(request(1, { kind: "clipboard.begin" }));
    expect(isElwoodError(result.error, "image_attach_failed")).toBe(true);
    expect(clipboardLock.held).toBe(false);
  });

  it("a failed restore still succeeds, with a content-free clipboard_restore_failed warning", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "secret user text" };
    const { fx, warnings } = effects(new Clipboard("x11", sel, fast));
    await fx.run(request(1, { kind: "clipboard.begin" }));
    await fx.run(request(2, { kind: "clipboard.setImage", path: pngFile }));
    sel.failing = /-i$/; // the text restore's owner dies at once
    expect((await fx.run(request(3, { kind: "clipboard.end" }))).ok).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(["clipboard_restore_failed"]);
    expect(JSON.stringify(warnings)).not.toContain("secret");
    expect(clipboardLock.held).toBe(false);
  });
});

describe("C-API-44: Codex composer chips as measured (0.144.6 and 0.171.0 render consecutive chips touching)", () => {
  it("counts touching chips on the composer row and ignores chips elsewhere", () => {
    const lines = ["■ Failed to paste image: no image on clipboard", "[Image #9] quoted in the transcript", "", "› [Image #1][Image #2]what", "", "  GPT-6.2-Sol low · /srv/repo"];
    const facts = readCodexScreen({ lines, text: lines.join("\n"), cols: 120, rows: 30, title: "", cursor: { x: 0, y: 3, visible: true }, altScreen: false });
    expect(facts.composer).toBe(true);
    expect(facts.imageChips).toBe(2);
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

describe("C-API-46 C-CODEX-14: transaction effects release what they took (review findings 2, 4, 10, 11)", () => {
  const dir = mkdtempSync(join(tmpdir(), "elwood-fx-release-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  type Warning = { code: WarningCode; message: string; details?: unknown };
  function effects(options: { clipboard?: Clipboard; configPath?: string; lockWaitMs?: number } = {}): { fx: TransactionEffects; warnings: Warning[] } {
    const warnings: Warning[] = [];
    const fx = new TransactionEffects({
      warn: (code, message, details) => warnings.push({ code, message, ...(details === undefined ? {} : { details }) }),
      configFile: () => (options.configPath === undefined ? undefined : { path: options.configPath, persistedWarning: "codex_default_model_persisted" }),
      login: () => undefined,
      clipboard: () => options.clipboard,
      processExited: () => Promise.resolve(),
      ...(options.lockWaitMs === undefined ? {} : { clipboardLockWaitMs: options.lockWaitMs }),
    });
    return { fx, warnings };
  }
  type Effect = { kind: "clipboard.begin" } | { kind: "clipboard.setImage"; path: string } | { kind: "clipboard.end" } | { kind: "config.snapshot" } | { kind: "config.finish"; persisted: boolean; takenOver: boolean };
  const request = (n: number, effect: Effect, opId = "op") => ({ type: "effect.request" as const, requestId: `r${n}`, opId, effect });
  const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

  it("finding 2: a session that ends while clipboard.begin waits for the lock gets session_not_running, and the lock is free afterwards", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "user text" };
    const { fx } = effects({ clipboard: new Clipboard("x11", sel, fast) });
    const other = await clipboardLock.acquire();
    const begin = fx.run(request(1, { kind: "clipboard.begin" }));
    await tick();
    await fx.sessionEnded();
    other();
    const result = await begin;
    expect(isElwoodError(result.error, "session_not_running")).toBe(true);
    expect(clipboardLock.held).toBe(false);
    // A later attach in the process still gets the lock (nothing leaked).
    const next = effects({ clipboard: new Clipboard("x11", sel, fast) }).fx;
    expect((await next.run(request(2, { kind: "clipboard.begin" }, "op2"))).ok).toBe(true);
    await next.run(request(3, { kind: "clipboard.end" }, "op2"));
    expect(clipboardLock.held).toBe(false);
  });

  it("finding 2: a session that ends while clipboard.begin reads the clipboard releases the lock once the read returns", async () => {
    let answer!: (r: ToolResult) => void;
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "user text" };
    const tools: ToolRunner = {
      // The text read (not the TARGETS listing) is slow: it answers only when the test says so.
      run: (command, args, options) => (args.includes("UTF8_STRING") ? new Promise((resolve) => (answer = resolve)) : sel.run(command, args, options)),
      own: (command, args, stdin) => sel.own(command, args, stdin),
    };
    const { fx } = effects({ clipboard: new Clipboard("x11", tools, fast) });
    const begin = fx.run(request(1, { kind: "clipboard.begin" }));
    while (answer === undefined) await tick();
    expect(clipboardLock.held).toBe(true);
    await fx.sessionEnded();
    answer({ code: 0, stdout: "user text", stderr: "" });
    expect(isElwoodError((await begin).error, "session_not_running")).toBe(true);
    expect(clipboardLock.held).toBe(false);
    expect(sel.calls.some((c) => c.startsWith("own"))).toBe(false);
  });

  it("finding 2: the lock wait is bounded — image_attach_failed, and a grant that comes later is handed straight back", async () => {
    const sel = new FakeSelection();
    const { fx } = effects({ clipboard: new Clipboard("x11", sel, fast), lockWaitMs: 30 });
    const other = await clipboardLock.acquire();
    const result = await fx.run(request(1, { kind: "clipboard.begin" }));
    expect(isElwoodError(result.error, "image_attach_failed")).toBe(true);
    other();
    await tick();
    expect(clipboardLock.held).toBe(false);
    expect(sel.calls).toEqual([]);
  });

  it("finding 2: begin then end with no image written (a cancel right after the snapshot) leaves the user's clipboard untouched", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "user text" };
    const { fx } = effects({ clipboard: new Clipboard("x11", sel, fast) });
    expect((await fx.run(request(1, { kind: "clipboard.begin" }))).ok).toBe(true);
    expect((await fx.run(request(2, { kind: "clipboard.end" }))).ok).toBe(true);
    expect(sel.calls.some((c) => c.startsWith("own"))).toBe(false);
    expect(clipboardLock.held).toBe(false);
  });

  it("finding 10: a display but no xclip installed (spawn ENOENT) is unsupported_platform, typed, lock released", async () => {
    const empty = mkdtempSync(join(dir, "no-tools-"));
    const { fx } = effects({ clipboard: new Clipboard("x11", systemToolsWith({ PATH: empty, DISPLAY: ":1" }), fast) });
    const result = await fx.run(request(1, { kind: "clipboard.begin" }));
    expect(result.ok).toBe(false);
    expect(isElwoodError(result.error, "unsupported_platform"), String(result.error)).toBe(true);
    expect(clipboardLock.held).toBe(false);
    // A tool that exists but fails stays image_attach_failed.
    const sel = new FakeSelection();
    sel.noDisplay = true;
    const failing = await effects({ clipboard: new Clipboard("wayland", sel, fast) }).fx.run(request(2, { kind: "clipboard.begin" }));
    expect(isElwoodError(failing.error, "image_attach_failed")).toBe(true);
  });

  it("C-API-46: clipboard tools and selection owners run without the session tag, so the reaper at stop never kills the owner serving the restored text", async () => {
    const bin = mkdtempSync(join(dir, "tag-tools-"));
    const ownerEnv = join(bin, "owner-env");
    // A stand-in tool: prints its environment, or (as an owner, with -quiet) writes it to a file.
    writeFileSync(join(bin, "xclip"), `#!/bin/sh\nif [ "$1" = "-quiet" ]; then env > ${ownerEnv}; else env; fi\n`, { mode: 0o755 });
    const tools = systemToolsWith({ PATH: `${bin}:/usr/bin:/bin`, DISPLAY: ":1", ELWOOD_SESSION_ID: "s-tagged", KEEP_ME: "yes" });
    const read = await tools.run("xclip", ["-o"]);
    expect(read.stdout).toContain("KEEP_ME=yes");
    expect(read.stdout).toContain("DISPLAY=:1");
    expect(read.stdout).not.toContain("ELWOOD_SESSION_ID");
    const owner = tools.own("xclip", ["-quiet", "-i"], "text");
    await owner.exited;
    const env = readFileSync(ownerEnv, "utf8");
    expect(env).toContain("KEEP_ME=yes");
    expect(env).not.toContain("ELWOOD_SESSION_ID");
  });

  it("finding 11: one Clipboard runs its operations one after another — a restore never overtakes an in-flight image write", async () => {
    const sel = new FakeSelection();
    sel.takeoverMs = 40;
    const clipboard = new Clipboard("x11", sel, fast);
    const order: string[] = [];
    const image = clipboard.writeImage(pngFile).then(() => order.push("image"));
    const text = clipboard.writeText("restored").then(() => order.push("text"));
    // Once the image owner has started (reading the file may take a few ticks on a loaded machine) ...
    await eventually(() => sel.calls.some((c) => c.startsWith("own")), 5_000, "the image owner");
    // ... the text owner has not even started while the image owner is still taking over.
    expect(sel.calls.filter((c) => c.startsWith("own")).length).toBe(1);
    await Promise.all([image, text]);
    expect(order).toEqual(["image", "text"]);
    expect(sel.offer?.data).toBe("restored");
    // A failed operation does not block the next one.
    sel.failing = /image\/png/;
    await expect(clipboard.writeImage(pngFile)).rejects.toThrow();
    sel.failing = undefined;
    expect(await clipboard.readText()).toBe("restored");
  });

  it("finding 11: the session-end restore waits for the in-flight clipboard.setImage, so the user's text is what stays", async () => {
    const sel = new FakeSelection();
    sel.offer = { types: ["UTF8_STRING"], data: "user text" };
    sel.takeoverMs = 40;
    const { fx } = effects({ clipboard: new Clipboard("x11", sel, fast) });
    expect((await fx.run(request(1, { kind: "clipboard.begin" }))).ok).toBe(true);
    const setting = fx.run(request(2, { kind: "clipboard.setImage", path: pngFile }));
    await tick();
    await fx.sessionEnded();
    await setting;
    expect(sel.offer?.data).toBe("user text");
    expect(clipboardLock.held).toBe(false);
  });

  it("finding 4: config.finish restores by compare-and-swap even when the picker never marked the apply persisted (model-row Enter, then a timeout)", async () => {
    const base = 'model = "gpt-5.4"\napproval_policy = "never"\n';
    const path = join(dir, "config.toml");
    writeFileSync(path, base);
    const { fx, warnings } = effects({ configPath: path });
    expect((await fx.run(request(1, { kind: "config.snapshot" }))).ok).toBe(true);
    // Codex 0.144 wrote the highlighted model when its model-row Enter landed; the picker then timed out.
    writeFileSync(path, 'model = "gpt-5.6-sol"\nmodel_reasoning_effort = "medium"\napproval_policy = "never"\n');
    expect((await fx.run(request(2, { kind: "config.finish", persisted: false, takenOver: false }))).ok).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(base);
    expect(warnings).toEqual([]);
    // An unchanged file is a no-op; a file changed besides the picker keys is left alone with the warning.
    expect((await fx.run(request(3, { kind: "config.snapshot" }, "op2"))).ok).toBe(true);
    expect((await fx.run(request(4, { kind: "config.finish", persisted: false, takenOver: false }, "op2"))).ok).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(base);
    expect((await fx.run(request(5, { kind: "config.snapshot" }, "op3"))).ok).toBe(true);
    const edited = 'model = "gpt-5.6-sol"\napproval_policy = "on-request"\n';
    writeFileSync(path, edited);
    expect((await fx.run(request(6, { kind: "config.finish", persisted: false, takenOver: false }, "op3"))).ok).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(edited);
    expect(warnings.map((w) => [w.code, (w.details as { reason?: string } | undefined)?.reason])).toEqual([["codex_default_model_persisted", "conflict"]]);
  });
});
