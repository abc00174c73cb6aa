// The OS clipboard for Codex image attach: platform support, text snapshot/restore and native image writes,
// all under one process-wide lock so two sessions in this process never cross-attach images.

import { spawn } from "node:child_process";
import { open, readFile } from "node:fs/promises";
import { ElwoodError } from "../src/contracts/errors.js";
import { ProcessLock } from "./process-lock.js";
import type { ImageFormat, ValidImage } from "./image-files.js";
import { SNIFF_BYTES, sniffImageFormat } from "./image-format.js";

export const clipboardLock = new ProcessLock();

export type ClipboardBackend = "macos" | "wayland" | "x11";

/**
 * Which clipboard tool family can hold a native image here, or undefined. Linux needs a display: without
 * one there is no clipboard for Codex to read, so attaching would silently fail.
 */
export function clipboardBackend(platform: string, env: Readonly<Record<string, string | undefined>>): ClipboardBackend | undefined {
  if (platform === "darwin") return "macos";
  if (platform !== "linux") return undefined;
  if (env["WAYLAND_DISPLAY"]) return "wayland";
  if (env["DISPLAY"]) return "x11";
  return undefined;
}

const isPng = (head: Uint8Array): boolean => sniffImageFormat(head.subarray(0, SNIFF_BYTES)) === "png";

async function fileIsPng(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return isPng(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Index of the first image Codex cannot take from this clipboard, or undefined. On Linux Codex (arboard 3.6.1,
 * both 0.144.6 and 0.171.0) asks only for `image/png` and decodes it as PNG: JPEG/GIF/WebP bytes fail there
 * ("could not be converted to the appropriate format"), so they are refused before anything is written.
 */
export async function firstUnpastableImage(backend: ClipboardBackend, images: readonly ValidImage[]): Promise<number | undefined> {
  if (backend === "macos") return undefined;
  for (const [index, image] of images.entries()) {
    const png = image.kind === "data" ? isPng(image.data) : await fileIsPng(image.path).catch(() => false);
    if (!png) return index;
  }
  return undefined;
}

/** The clipboard an agent that attaches images through one uses here, or `unsupported_platform` when there is none. */
export function attachClipboard(env: Readonly<Record<string, string | undefined>>): ClipboardBackend | ElwoodError {
  return clipboardBackend(process.platform, env) ?? new ElwoodError("unsupported_platform", "this agent attaches images only through a native clipboard (macOS, or Linux with a display)");
}

/** `unsupported_platform` naming the first image this clipboard cannot carry, or undefined when it takes them all. */
export async function clipboardRefusal(backend: ClipboardBackend, images: readonly ValidImage[]): Promise<ElwoodError | undefined> {
  const index = await firstUnpastableImage(backend, images);
  return index === undefined ? undefined : new ElwoodError("unsupported_platform", "this agent reads only PNG images from a Linux clipboard", { index });
}

/** Bound on every clipboard tool run: a hung tool (e.g. an owner that never answers) fails the attach, never hangs it. */
export const TOOL_TIMEOUT_MS = 5000;
/** Bound on a write showing up as the clipboard's offer (the X server learns the new owner asynchronously). */
export const OWNER_CONFIRM_MS = 3000;
const OWNER_POLL_MS = 25;

export interface ToolResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A foreground tool process serving the selection until another client takes it (then it exits by itself). */
export interface SelectionOwner {
  readonly alive: boolean;
  readonly exited: Promise<void>;
  stop(): void;
}

/** Process access for the clipboard, injectable so unit tests can fake the tools. */
export interface ToolRunner {
  /** Runs to exit with output captured; rejects on spawn failure or after timeoutMs (the tool is killed). */
  run(command: string, args: readonly string[], options?: { readonly stdin?: string; readonly timeoutMs?: number }): Promise<ToolResult>;
  /** Starts a selection owner (stdin written then closed, output ignored); never awaited, never keeps Node alive. */
  own(command: string, args: readonly string[], stdin?: string | Uint8Array): SelectionOwner;
}

const STDERR_LIMIT = 4096;

/** The environment tag the session's reaper kills by (see effects/end-processes.ts). */
const SESSION_TAG = "ELWOOD_SESSION_ID";

/**
 * The real tools, run with `env`: the agent's environment, so Elwood's clipboard is the display the CLI reads
 * (a caller may set DISPLAY / WAYLAND_DISPLAY / XAUTHORITY only for the session). The session tag is dropped: the
 * owner serving the user's restored text must outlive the session, and the reaper kills every tagged process at
 * stop/kill/teardown, which emptied the clipboard the restore had just put back. Every tool is bounded anyway.
 */
export const systemToolsWith = (agentEnv: Readonly<Record<string, string | undefined>> = process.env): ToolRunner => {
  const env: Record<string, string | undefined> = { ...agentEnv };
  delete env[SESSION_TAG];
  return systemToolsIn(env);
};

const systemToolsIn = (env: Readonly<Record<string, string | undefined>>): ToolRunner => ({
  run: (command, args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, [...args], { stdio: ["pipe", "pipe", "pipe"], env });
      let stdout = "";
      let stderr = "";
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`${command} did not finish within ${options.timeoutMs ?? TOOL_TIMEOUT_MS} ms`));
      }, options.timeoutMs ?? TOOL_TIMEOUT_MS);
      child.stdout.setEncoding("utf8");
      child.stderr.setEncoding("utf8");
      child.stdout.on("data", (chunk: string) => (stdout += chunk));
      child.stderr.on("data", (chunk: string) => {
        if (stderr.length < STDERR_LIMIT) stderr += chunk;
      });
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // Reads never fork, so 'close' (all output drained) comes right after exit; the timer bounds it anyway.
      child.once("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
      child.stdin.on("error", () => {});
      child.stdin.end(options.stdin ?? "");
    }),
  own: (command, args, stdin) => {
    // Foreground mode (xclip -quiet, wl-copy --foreground): the owner is our own child, reaped by Node, and its
    // stdout is ignored, so nothing waits on a process that by design lives until the selection changes hands.
    const child = spawn(command, [...args], { stdio: [stdin === undefined ? "ignore" : "pipe", "ignore", "ignore"], env });
    child.unref();
    let alive = true;
    const exited = new Promise<void>((resolve) => {
      const done = (): void => {
        alive = false;
        resolve();
      };
      child.once("error", done);
      child.once("exit", done);
    });
    if (child.stdin !== null) {
      child.stdin.on("error", () => {});
      child.stdin.end(stdin);
    }
    return {
      get alive() {
        return alive;
      },
      exited,
      stop: () => {
        if (alive) child.kill("SIGTERM");
      },
    };
  },
});

/** The real tools with this process's own environment. */
export const systemTools: ToolRunner = systemToolsWith();

const APPLESCRIPT_CLASS: Readonly<Record<ImageFormat, string>> = { png: "«class PNGf»", jpeg: "JPEG picture", gif: "GIF picture", webp: "«class PNGf»" };
/** Text targets in preference order (X11 atoms and Wayland MIME types). */
const TEXT_TYPES = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain;charset=UTF-8", "STRING", "TEXT", "text/plain"] as const;

function formatOf(path: string): ImageFormat {
  const ext = path.toLowerCase().split(".").pop() ?? "";
  if (ext === "jpg" || ext === "jpeg") return "jpeg";
  if (ext === "gif") return "gif";
  if (ext === "webp") return "webp";
  return "png";
}

function appleScriptString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function ensureOk(result: ToolResult, what: string): ToolResult {
  if (result.code !== 0) throw new Error(`${what} exited with ${String(result.code)}`);
  return result;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `promise` at most `ms` (the timer never keeps Node alive). */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms).unref()))]);
  clearTimeout(timer);
}

export interface ClipboardTiming {
  readonly toolTimeoutMs: number;
  readonly confirmMs: number;
  readonly pollMs: number;
}

/**
 * Clipboard operations for one backend. On Linux a write starts a selection owner and resolves only once the
 * clipboard offers what was written: Ctrl+V right after an unconfirmed write could paste the user's old text.
 */
export class Clipboard {
  /** Owners this instance started that may still hold the selection (at most the newest one does). */
  private owners: SelectionOwner[] = [];
  private readonly timing: ClipboardTiming;
  /**
   * Every public operation runs after the previous one settled: a restore started while an image write is still
   * in flight must not let the image's owner take the selection after the restored text.
   */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly backend: ClipboardBackend,
    private readonly tools: ToolRunner = systemTools,
    timing: Partial<ClipboardTiming> = {},
  ) {
    this.timing = { toolTimeoutMs: TOOL_TIMEOUT_MS, confirmMs: OWNER_CONFIRM_MS, pollMs: OWNER_POLL_MS, ...timing };
  }

  /**
   * The clipboard's text, or undefined when it holds none (empty, or only non-text data such as an image):
   * then there is nothing to restore. Rejects when the clipboard cannot be read at all.
   */
  readText(): Promise<string | undefined> {
    return this.serial(() => this.readTextNow());
  }

  /** Puts text on the clipboard (the restore of a snapshot). */
  writeText(text: string): Promise<void> {
    return this.serial(() => this.writeTextNow(text));
  }

  /**
   * Restore of a snapshot that held no text: give up the selection this instance took, so the attached image
   * does not linger and the clipboard is empty again as it was (a copy the user made meanwhile is left alone).
   */
  clear(): Promise<void> {
    return this.serial(() => this.clearNow());
  }

  /** Puts the image file on the clipboard as a native image (macOS: read by Codex as public.tiff; Linux: PNG only). */
  writeImage(path: string): Promise<void> {
    return this.serial(() => this.writeImageNow(path));
  }

  /** Runs `task` once every earlier operation of this instance has settled (fulfilled or rejected). */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async readTextNow(): Promise<string | undefined> {
    switch (this.backend) {
      case "macos":
        return ensureOk(await this.run("pbpaste", []), "pbpaste").stdout;
      case "wayland": {
        const type = textType(await this.offered());
        return type === undefined ? undefined : ensureOk(await this.run("wl-paste", ["--no-newline", "--type", type]), "wl-paste").stdout;
      }
      case "x11": {
        const type = textType(await this.offered());
        return type === undefined ? undefined : ensureOk(await this.run("xclip", ["-selection", "clipboard", "-t", type, "-o"]), "xclip -o").stdout;
      }
    }
  }

  private async writeTextNow(text: string): Promise<void> {
    switch (this.backend) {
      case "macos":
        ensureOk(await this.run("pbcopy", [], text), "pbcopy");
        return;
      case "wayland":
        // Without --type wl-copy offers every text type (text/plain;charset=utf-8, UTF8_STRING, STRING, …).
        await this.own("wl-copy", ["--foreground"], text, () => this.offersText(text));
        return;
      case "x11":
        await this.own("xclip", ["-quiet", "-selection", "clipboard", "-i"], text, () => this.offersText(text));
        return;
    }
  }

  private async clearNow(): Promise<void> {
    if (this.backend === "macos") {
      ensureOk(await this.run("pbcopy", [], ""), "pbcopy");
      return;
    }
    const owners = this.owners;
    this.owners = [];
    for (const owner of owners) owner.stop();
    await within(Promise.all(owners.map((o) => o.exited)), this.timing.toolTimeoutMs);
  }

  private async writeImageNow(path: string): Promise<void> {
    if (this.backend === "macos") {
      const script = `set the clipboard to (read (POSIX file ${appleScriptString(path)}) as ${APPLESCRIPT_CLASS[formatOf(path)]})`;
      ensureOk(await this.run("osascript", ["-e", script]), "osascript");
      return;
    }
    if (!(await fileIsPng(path))) throw new Error("only PNG images can be read from a Linux clipboard");
    const mime = "image/png";
    switch (this.backend) {
      case "wayland":
        await this.own("wl-copy", ["--foreground", "--type", mime], await readFile(path), async () => (await this.offered()).includes(mime));
        return;
      case "x11":
        await this.own("xclip", ["-quiet", "-selection", "clipboard", "-t", mime, "-i", path], undefined, async () => (await this.offered()).includes(mime));
        return;
    }
  }

  private run(command: string, args: readonly string[], stdin?: string): Promise<ToolResult> {
    return this.tools.run(command, args, { timeoutMs: this.timing.toolTimeoutMs, ...(stdin === undefined ? {} : { stdin }) });
  }

  /** Types/targets the clipboard offers now; [] when nothing owns it. Rejects when the display is unreachable. */
  private async offered(): Promise<string[]> {
    const wayland = this.backend === "wayland";
    const result = wayland ? await this.run("wl-paste", ["--list-types"]) : await this.run("xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"]);
    if (result.code === 0) return result.stdout.split("\n").map((t) => t.trim()).filter((t) => t.length > 0);
    // The only way these tools tell "empty clipboard" from "no display" is their message (xclip 0.13, wl-clipboard 2.1).
    const empty = wayland ? /No selection|Nothing is copied|No suitable type/i : /target TARGETS not available/i;
    if (empty.test(result.stderr)) return [];
    throw new Error(`${wayland ? "wl-paste" : "xclip"} could not list the clipboard (${String(result.code)})`);
  }

  private async offersText(text: string): Promise<boolean> {
    const offered = await this.offered();
    // The image owner answers any target with its bytes, so "offers text" alone would not prove the handover.
    if (offered.some((t) => t.startsWith("image/"))) return false;
    const type = textType(offered);
    if (type === undefined) return false;
    const args = this.backend === "wayland" ? ["--no-newline", "--type", type] : ["-selection", "clipboard", "-t", type, "-o"];
    const read = await this.run(this.backend === "wayland" ? "wl-paste" : "xclip", args);
    return read.code === 0 && read.stdout === text;
  }

  /**
   * Starts an owner and waits (bounded) until it demonstrably holds the selection: the clipboard offers its data
   * and every older owner of ours has exited (each exits when it loses the selection). The second condition is
   * what tells image 2 from image 1, which offer the same `image/png`.
   */
  private async own(command: string, args: readonly string[], stdin: string | Uint8Array | undefined, offered: () => Promise<boolean>): Promise<void> {
    const previous = this.owners;
    const owner = this.tools.own(command, args, stdin);
    const deadline = Date.now() + this.timing.confirmMs;
    try {
      for (;;) {
        if (!owner.alive) throw new Error(`${command} exited before it owned the clipboard`);
        if (previous.every((p) => !p.alive) && (await offered())) break;
        if (Date.now() >= deadline) throw new Error(`the clipboard did not offer what ${command} wrote within ${this.timing.confirmMs} ms`);
        await delay(this.timing.pollMs);
      }
    } catch (error) {
      owner.stop();
      throw error;
    }
    this.owners = [owner];
  }
}

function textType(offered: readonly string[]): string | undefined {
  return TEXT_TYPES.find((t) => offered.includes(t));
}
