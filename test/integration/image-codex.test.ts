// Integration: Codex image attach through a real X11 clipboard (Xvfb + xclip) and the simulated Codex's Ctrl+V (C-API-44, C-API-46).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clipboardLock } from "../../effects/clipboard.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import type { WarningEvent } from "../../src/contracts/public-types.js";
import { simRecords, type SimLogRecord } from "../sim/sim-control.js";
import { clipboardTargets, clipboardText, copyText, solidPng, startXvfb, xclipChildren, type XvfbDisplay } from "../sim/codex-clipboard-xvfb.js";
import { startCodexSim, until, type CodexSim } from "./codex-sim-support.js";

const saved = { DISPLAY: process.env["DISPLAY"], WAYLAND_DISPLAY: process.env["WAYLAND_DISPLAY"], PATH: process.env["PATH"] };
let x: XvfbDisplay | undefined;
const sims: CodexSim[] = [];
const scratch: string[] = [];

function restoreEnv(): void {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

beforeEach(async () => {
  // A private display per test: its clipboard starts empty and nothing leaks between tests.
  x = await startXvfb();
  process.env["DISPLAY"] = x.display;
  delete process.env["WAYLAND_DISPLAY"];
});

afterEach(async () => {
  // Elwood never sends Ctrl+C to Codex: on an idle composer it exits the CLI at once.
  for (const sim of sims) expect(sim.keys()).not.toContain("ctrl+c");
  await Promise.all(sims.splice(0).map((s) => s.cleanup()));
  restoreEnv();
  await x?.stop();
  x = undefined;
  // No selection owner Elwood started outlives the display it served.
  await until("xclip owners to exit", () => xclipChildren().length === 0, 10_000);
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function display(): string {
  if (x === undefined) throw new Error("no Xvfb");
  return x.display;
}

async function readySim(options: Parameters<typeof startCodexSim>[0] = {}): Promise<CodexSim> {
  const sim = await startCodexSim(options);
  sims.push(sim);
  await sim.session.waitForStatus((s) => s === "ready", 20_000);
  return sim;
}

function png(sim: CodexSim, name: string, size: number): { path: string; bytes: number } {
  const data = solidPng(size, [size * 10, 0, 0]);
  const path = join(sim.dir, name);
  writeFileSync(path, data);
  return { path, bytes: data.length };
}

const images = (log: readonly SimLogRecord[]): number[] => simRecords(log, "image").map((r) => r.bytes);
const inputs = (log: readonly SimLogRecord[]): SimLogRecord[] => log.filter((r) => r.kind === "paste" || r.kind === "key" || r.kind === "submit");

/** A PATH entry whose `xclip` fails text writes (the restore) and passes everything else to the real tool. */
function xclipFailingTextWrites(): string {
  const real = execFileSync("sh", ["-c", "command -v xclip"], { encoding: "utf8" }).trim();
  const dir = mkdtempSync(join(tmpdir(), "elwood-xclip-wrap-"));
  scratch.push(dir);
  const wrapper = join(dir, "xclip");
  writeFileSync(wrapper, `#!/bin/sh\ncase " $* " in *" -t "*) ;; *" -i "*) exit 1 ;; esac\nexec ${real} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

/**
 * A PATH entry whose `xclip` serves other bytes than the PNG Elwood asked it to own (`-t image/png -i <file>`):
 * the offer is still `image/png`, so Elwood's write check passes, but the CLI's Ctrl+V finds no PNG in it.
 */
function xclipOfferingNonPngImage(): string {
  const real = execFileSync("sh", ["-c", "command -v xclip"], { encoding: "utf8" }).trim();
  const dir = mkdtempSync(join(tmpdir(), "elwood-xclip-notpng-"));
  scratch.push(dir);
  const garbage = join(dir, "not-a-png");
  writeFileSync(garbage, "these bytes are not a PNG");
  const wrapper = join(dir, "xclip");
  writeFileSync(wrapper, `#!/bin/sh\ncase " $* " in *" -t image/png -i "*) exec ${real} -quiet -selection clipboard -t image/png -i ${garbage} ;; esac\nexec ${real} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

/**
 * A PATH entry whose `xclip` makes its first read (`-o`) drop a marker file and answer only after `delaySeconds`;
 * later calls pass straight to the real tool. Clipboard tools run without the session tag, so a slow read outlives
 * the session's kill (the race where the read finishes after the session ended).
 */
function xclipSlowFirstRead(delaySeconds: number): { dir: string; marker: string } {
  const real = execFileSync("sh", ["-c", "command -v xclip"], { encoding: "utf8" }).trim();
  const dir = mkdtempSync(join(tmpdir(), "elwood-xclip-slow-"));
  scratch.push(dir);
  const marker = join(dir, "reading");
  const wrapper = join(dir, "xclip");
  writeFileSync(wrapper, `#!/bin/sh\ncase " $* " in *" -o "*) if [ ! -e ${marker} ]; then : > ${marker}; sleep ${delaySeconds}; fi ;; esac\nexec ${real} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return { dir, marker };
}

/** A display number nothing serves (no lock file, no socket). */
function deadDisplay(): string {
  for (let n = 4000 + Math.floor(Math.random() * 1000); ; n += 1) {
    if (!existsSync(`/tmp/.X${n}-lock`) && !existsSync(`/tmp/.X11-unix/X${n}`)) return `:${n}`;
  }
}

describe("Codex image attach through the X11 clipboard and the simulated Codex", () => {
  it("C-API-44 C-API-46: a PNG goes on the clipboard, one Ctrl+V, chip confirmed, one turn; the user's clipboard text is restored", async () => {
    const sim = await readySim();
    await copyText(display(), "the user's own text");
    const red = png(sim, "red.png", 8);
    await sim.session.sendMessage("what is this", { images: [{ path: red.path }] });
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    const log = sim.log();
    expect(images(log)).toEqual([red.bytes]);
    expect(simRecords(log, "key").map((r) => r.key)).toEqual(["ctrl+v", "enter"]);
    expect(simRecords(log, "submit").map((r) => r.text)).toEqual(["[Image #1]what is this"]);
    expect(simRecords(log, "turn")).toHaveLength(1);
    expect(clipboardText(display())).toBe("the user's own text");
    // Only the owner serving the restored text is left (the image's owner handed over and exited).
    expect(xclipChildren()).toHaveLength(1);
    // The owner carries no session tag: stopping the session (which reaps every tagged process) leaves it serving.
    await sim.session.stop();
    expect(clipboardText(display())).toBe("the user's own text");
  });

  it("C-API-44 C-API-46: two images (a path and bytes) attach in order as touching chips, Ctrl+Vs spaced past Codex 0.171's drop window", async () => {
    const sim = await readySim();
    await copyText(display(), "keep me");
    const small = png(sim, "small.png", 4);
    const big = solidPng(12, [0, 0, 255]);
    await sim.session.sendMessage("two", { images: [{ path: small.path }, { data: big, format: "png" }] });
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    const log = sim.log();
    expect(images(log)).toEqual([small.bytes, big.length]);
    expect(simRecords(log, "submit").map((r) => r.text)).toEqual(["[Image #1][Image #2]two"]);
    const ctrlV = log.filter((r) => r.kind === "key" && r.key === "ctrl+v");
    expect(ctrlV).toHaveLength(2);
    // The simulated 0.171 drops a Ctrl+V within 250 ms of the previous one, as the real one does.
    expect((ctrlV[1]?.t ?? 0) - (ctrlV[0]?.t ?? 0)).toBeGreaterThanOrEqual(250);
    expect(simRecords(log, "turn")).toHaveLength(1);
    expect(clipboardText(display())).toBe("keep me");
  });

  it("C-API-46: an empty clipboard is nothing to restore — the attach succeeds and the clipboard is empty again afterwards", async () => {
    const sim = await readySim();
    expect(clipboardTargets(display())).toEqual([]);
    const red = png(sim, "red.png", 8);
    await sim.session.sendMessage("empty clipboard", { images: [{ path: red.path }] });
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]empty clipboard"]);
    expect(clipboardTargets(display())).toEqual([]);
  });

  it("C-API-46: a failed restore still resolves the call, with a content-free clipboard_restore_failed warning", async () => {
    // The failure is injected at the clipboard edge: Elwood's text restore through xclip fails, the rest is real.
    // Elwood's clipboard tools run with the session's env, so the wrapper goes on the session's PATH.
    const sim = await readySim({ env: { PATH: `${xclipFailingTextWrites()}:${saved.PATH ?? ""}` } });
    await copyText(display(), "secret clipboard words");
    const warnings: WarningEvent[] = [];
    sim.session.on("warning", (w) => warnings.push(w));
    const red = png(sim, "red.png", 8);
    await sim.session.sendMessage("restore fails", { images: [{ path: red.path }] });
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]restore fails"]);
    expect(warnings.map((w) => w.code)).toEqual(["clipboard_restore_failed"]);
    expect(JSON.stringify(warnings)).not.toContain("secret");
  });

  it("C-API-46: an unreadable clipboard fails the snapshot with image_attach_failed before the clipboard is touched; no text is submitted", async () => {
    // The session (and so Elwood's clipboard tools) names a dead display; the simulated CLI keeps the real one.
    const sim = await readySim({ env: { DISPLAY: deadDisplay(), ELWOOD_SIM_DISPLAY: display() } });
    await copyText(display(), "untouched");
    const red = png(sim, "red.png", 8);
    const error = await sim.session.sendMessage("never sent", { images: [{ path: red.path }] }).catch((e: unknown) => e);
    expect(isElwoodError(error, "image_attach_failed"), String(error)).toBe(true);
    expect(inputs(sim.log())).toEqual([]);
    expect(clipboardText(display())).toBe("untouched");
    // The session stays usable.
    await sim.session.sendMessage("next");
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["next"]);
  });

  it("C-API-44: a chip that never appears fails with image_attach_failed at the 10 s bound; no text is submitted; the clipboard is restored", async () => {
    const sim = await readySim({ script: { ignoreImagePaste: true } });
    await copyText(display(), "restore me");
    const red = png(sim, "red.png", 8);
    const started = Date.now();
    const error = await sim.session.sendMessage("never sent", { images: [{ path: red.path }] }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(isElwoodError(error, "image_attach_failed"), String(error)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(10_000);
    expect(elapsed).toBeLessThan(25_000);
    // The CLI did read the clipboard (the Ctrl+V arrived) but showed no chip, so nothing more was written.
    expect(images(sim.log())).toEqual([red.bytes]);
    expect(simRecords(sim.log(), "submit")).toEqual([]);
    expect(simRecords(sim.log(), "paste")).toEqual([]);
    expect(clipboardText(display())).toBe("restore me");
  }, 40_000);

  it("C-API-44 C-API-46: the CLI's `■ Failed to paste image:` banner fails image_attach_failed at once (well under the 10 s bound); no text is submitted; the clipboard is restored", async () => {
    const sim = await readySim({ env: { PATH: `${xclipOfferingNonPngImage()}:${saved.PATH ?? ""}` } });
    await copyText(display(), "restore me too");
    const red = png(sim, "red.png", 8);
    const error = await sim.session.sendMessage("never sent", { images: [{ path: red.path }] }).catch((e: unknown) => e);
    expect(isElwoodError(error, "image_attach_failed"), String(error)).toBe(true);
    // Read off the screen, not timed out: the reason says which (no wall-clock assertion on a loaded machine).
    expect((error as { details?: unknown }).details).toEqual({ index: 0, reason: "cli_rejected_paste" });
    expect(String(error)).toMatch(/Failed to paste image/);
    // The Ctrl+V arrived and the CLI reported the failure; no chip, so nothing more than the clearing keys was written.
    expect(simRecords(sim.log(), "key").map((r) => r.key)).toContain("ctrl+v");
    expect(sim.session.terminal.snapshot().text).toMatch(/■ Failed to paste image: no image on clipboard/);
    expect(images(sim.log())).toEqual([]);
    expect(simRecords(sim.log(), "submit")).toEqual([]);
    expect(simRecords(sim.log(), "paste")).toEqual([]);
    expect(clipboardText(display())).toBe("restore me too");
    expect(clipboardLock.held).toBe(false);
    // The session stays usable (the failure row stays in the transcript, as with the real CLI).
    await sim.session.sendMessage("after the failure");
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["after the failure"]);
  }, 40_000);

  it("C-API-46: two concurrent Codex sessions in one process never cross-attach (the process-wide clipboard lock)", async () => {
    const [a, b] = await Promise.all([readySim(), readySim()]);
    if (a === undefined || b === undefined) throw new Error("two sims");
    await copyText(display(), "shared clipboard");
    const forA = png(a, "a.png", 6);
    const forB = png(b, "b.png", 14);
    await Promise.all([
      a.session.sendMessage("for a", { images: [{ path: forA.path }] }),
      b.session.sendMessage("for b", { images: [{ path: forB.path }] }),
    ]);
    await until("both turns", () => simRecords(a.log(), "turn").length === 1 && simRecords(b.log(), "turn").length === 1, 15_000);
    expect(images(a.log())).toEqual([forA.bytes]);
    expect(images(b.log())).toEqual([forB.bytes]);
    expect(simRecords(a.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]for a"]);
    expect(simRecords(b.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]for b"]);
    expect(clipboardText(display())).toBe("shared clipboard");
  });

  it("C-API-46: a session killed while its clipboard.begin waits for the lock rejects session_not_running and never takes the lock later", async () => {
    // Review finding 2, modelled on the config-lock kill test: A holds the clipboard lock (its snapshot read is slow),
    // B waits for it and is killed; the lock B is granted afterwards must go straight back.
    const slow = xclipSlowFirstRead(2);
    const [a, b] = await Promise.all([readySim({ env: { PATH: `${slow.dir}:${saved.PATH ?? ""}` } }), readySim()]);
    if (a === undefined || b === undefined) throw new Error("two sims");
    await copyText(display(), "the user's text");
    const first = a.session.sendMessage("for a", { images: [{ path: png(a, "a.png", 6).path }] });
    await until("A's snapshot read to start", () => existsSync(slow.marker), 15_000);
    const waiting = b.session.sendMessage("never sent", { images: [{ path: png(b, "b.png", 8).path }] }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    await b.session.kill();
    expect(isElwoodError(await waiting, "session_not_running"), String(await waiting)).toBe(true);
    await first;
    expect(inputs(b.log())).toEqual([]);
    await until("the clipboard lock to be released", () => !clipboardLock.held, 15_000);
    // The lock was not left with the dead session: A attaches again.
    const again = png(a, "c.png", 10);
    await a.session.sendMessage("again", { images: [{ path: again.path }] });
    await until("A's two turns", () => simRecords(a.log(), "turn").length === 2, 15_000);
    // Codex numbers chips per session, so A's second image is #2.
    expect(simRecords(a.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]for a", "[Image #2]again"]);
    expect(clipboardText(display())).toBe("the user's text");
    expect(clipboardLock.held).toBe(false);
  }, 60_000);

  it("C-API-46: a session killed while its own clipboard snapshot read is running hands the lock back when the read returns; another session attaches", async () => {
    // Review finding 2: the read outlives the kill (clipboard tools carry no session tag), so only the ended check prevents a leak.
    const slow = xclipSlowFirstRead(2);
    const [doomed, other] = await Promise.all([readySim({ env: { PATH: `${slow.dir}:${saved.PATH ?? ""}` } }), readySim()]);
    if (doomed === undefined || other === undefined) throw new Error("two sims");
    await copyText(display(), "the user's text");
    const first = doomed.session.sendMessage("never sent", { images: [{ path: png(doomed, "a.png", 6).path }] }).catch((e: unknown) => e);
    await until("the snapshot read to start", () => existsSync(slow.marker), 15_000);
    expect(clipboardLock.held).toBe(true);
    await doomed.session.kill();
    expect(isElwoodError(await first, "session_not_running"), String(await first)).toBe(true);
    await until("the clipboard lock to be released", () => !clipboardLock.held, 15_000);
    expect(inputs(doomed.log())).toEqual([]);
    const forOther = png(other, "b.png", 10);
    await other.session.sendMessage("after the kill", { images: [{ path: forOther.path }] });
    await until("the other turn", () => simRecords(other.log(), "turn").length === 1, 15_000);
    expect(images(other.log())).toEqual([forOther.bytes]);
    expect(simRecords(other.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]after the kill"]);
    expect(clipboardText(display())).toBe("the user's text");
    expect(clipboardLock.held).toBe(false);
  }, 60_000);

  it("C-API-46: without DISPLAY/WAYLAND_DISPLAY images reject unsupported_platform, and on Linux a non-PNG image does too; nothing is written", async () => {
    // A session whose env names no display (an empty value unsets it) cannot attach, whatever Elwood's own env says.
    const headless = await readySim({ env: { DISPLAY: "" } });
    await copyText(display(), "untouched");
    const red = png(headless, "red.png", 8);
    const noDisplay = await headless.session.sendMessage("never sent", { images: [{ path: red.path }] }).catch((e: unknown) => e);
    expect(isElwoodError(noDisplay, "unsupported_platform"), String(noDisplay)).toBe(true);
    expect(inputs(headless.log())).toEqual([]);
    const sim = await readySim();
    // Measured: Linux Codex (arboard) decodes only PNG from the clipboard, so JPEG bytes could never attach.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const notPng = await sim.session.sendMessage("never sent", { images: [{ data: jpeg, format: "jpeg" }] }).catch((e: unknown) => e);
    expect(isElwoodError(notPng, "unsupported_platform"), String(notPng)).toBe(true);
    expect(inputs(sim.log())).toEqual([]);
    expect(clipboardText(display())).toBe("untouched");
  });

  it("C-API-46: the display comes from the session's env: with none in Elwood's own env, a session started with DISPLAY attaches", async () => {
    delete process.env["DISPLAY"];
    const sim = await readySim({ env: { DISPLAY: display() } });
    await copyText(display(), "per-session display");
    const red = png(sim, "red.png", 8);
    await sim.session.sendMessage("via the session display", { images: [{ path: red.path }] });
    await until("the turn", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    expect(images(sim.log())).toEqual([red.bytes]);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["[Image #1]via the session display"]);
    expect(clipboardText(display())).toBe("per-session display");
  });
});
