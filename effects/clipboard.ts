// The OS clipboard for Codex image attach: platform support, text snapshot/restore and native image writes,
// all under one process-wide lock so two sessions in this process never cross-attach images.

import { spawn } from "node:child_process";
import { ProcessLock } from "./process-lock.js";
import type { ImageFormat } from "./image-files.js";

export const clipboardLock = new ProcessLock();

export type ClipboardBackend = "macos" | "wayland" | "x11";

/**
 * Which clipboard tool family can hold a native image here, or undefined. Linux needs a display: without
 * one there is no clipboard for Codex to read, so attaching would silently fail.
 */
export function clipboardBackend(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>): ClipboardBackend | undefined {
  if (platform === "darwin") return "macos";
  if (platform !== "linux") return undefined;
  if (env["WAYLAND_DISPLAY"]) return "wayland";
  if (env["DISPLAY"]) return "x11";
  return undefined;
}

/** Runs a tool; resolves with stdout, rejects on spawn failure or a non-zero exit. */
export type ToolRunner = (command: string, args: readonly string[], stdin?: string) => Promise<string>;

export const runTool: ToolRunner = (command, args, stdin) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${String(code)}`))));
    child.stdin.end(stdin ?? "");
  });

const MIME: Readonly<Record<ImageFormat, string>> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };
const APPLESCRIPT_CLASS: Readonly<Record<ImageFormat, string>> = { png: "«class PNGf»", jpeg: "JPEG picture", gif: "GIF picture", webp: "«class PNGf»" };

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

/** Clipboard operations for one backend; the tool runner is injectable for tests. */
export class Clipboard {
  constructor(
    readonly backend: ClipboardBackend,
    private readonly run: ToolRunner = runTool,
  ) {}

  readText(): Promise<string> {
    switch (this.backend) {
      case "macos":
        return this.run("pbpaste", []);
      case "wayland":
        return this.run("wl-paste", ["--no-newline"]);
      case "x11":
        return this.run("xclip", ["-selection", "clipboard", "-o"]);
    }
  }

  async writeText(text: string): Promise<void> {
    switch (this.backend) {
      case "macos":
        await this.run("pbcopy", [], text);
        return;
      case "wayland":
        await this.run("wl-copy", [], text);
        return;
      case "x11":
        await this.run("xclip", ["-selection", "clipboard", "-i"], text);
        return;
    }
  }

  /** Puts the image file on the clipboard as a native image (macOS: read by Codex as public.tiff). */
  async writeImage(path: string): Promise<void> {
    const format = formatOf(path);
    switch (this.backend) {
      case "macos":
        await this.run("osascript", ["-e", `set the clipboard to (read (POSIX file ${appleScriptString(path)}) as ${APPLESCRIPT_CLASS[format]})`]);
        return;
      case "wayland":
        await this.run("sh", ["-c", 'wl-copy --type "$1" < "$2"', "sh", MIME[format], path]);
        return;
      case "x11":
        await this.run("xclip", ["-selection", "clipboard", "-t", MIME[format], "-i", path]);
        return;
    }
  }
}
