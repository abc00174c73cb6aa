// Test support for the Codex clipboard path: a private Xvfb display (free number via -displayfd) and xclip probes.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface XvfbDisplay {
  /** `:N`, for DISPLAY. */
  readonly display: string;
  /** Terminates the server (its clients, e.g. selection-owning xclips, then exit) and waits for it. */
  stop(): Promise<void>;
}

/** Bound on Xvfb reporting its display number; a loaded 2-core machine starts it in well under a second. */
const START_TIMEOUT_MS = 15_000;

/**
 * Starts `Xvfb -displayfd 1 -nolisten tcp`: the server picks a free display and prints its number once it
 * accepts connections. Call it from inside the netns run (abstract X11 sockets are per network namespace).
 */
export function startXvfb(): Promise<XvfbDisplay> {
  return new Promise((resolve, reject) => {
    const child = spawn("Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    let settled = false;
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error("Xvfb did not report a display in time")), START_TIMEOUT_MS);
    child.once("error", fail);
    child.once("exit", (code) => fail(new Error(`Xvfb exited early (${String(code)})`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      const match = /^(\d+)\n/.exec(out);
      if (match === null || settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        display: `:${match[1] ?? ""}`,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    });
  });
}

/** Runs xclip on `display` synchronously (tests only); returns status and stdout. */
export function xclip(display: string, args: readonly string[], input?: string): { status: number | null; stdout: string } {
  const result = spawnSync("xclip", ["-selection", "clipboard", ...args], {
    env: { ...process.env, DISPLAY: display },
    input: input ?? "",
    encoding: "utf8",
    timeout: 5000,
    // A selection-owning xclip (-i) forks and keeps stdout; ignoring it lets spawnSync return at once.
    stdio: ["pipe", args.includes("-i") ? "ignore" : "pipe", "ignore"],
  });
  return { status: result.status, stdout: result.stdout ?? "" };
}

/** Offered clipboard targets, or [] when nothing owns the selection. */
export function clipboardTargets(display: string): string[] {
  const r = xclip(display, ["-t", "TARGETS", "-o"]);
  return r.status === 0 ? r.stdout.split("\n").filter((t) => t.length > 0) : [];
}

/** The clipboard text (UTF8_STRING), or undefined when there is none. */
export function clipboardText(display: string): string | undefined {
  if (!clipboardTargets(display).includes("UTF8_STRING")) return undefined;
  const r = xclip(display, ["-t", "UTF8_STRING", "-o"]);
  return r.status === 0 ? r.stdout : undefined;
}

/** Puts text on the clipboard (the "user's" copy) and waits until the X server reports it. */
export async function copyText(display: string, text: string): Promise<void> {
  xclip(display, ["-i"], text);
  const deadline = Date.now() + 5000;
  // xclip's forked owner may take the selection a moment after the command returns.
  while (clipboardText(display) !== text) {
    if (Date.now() > deadline) throw new Error("the test's clipboard text never appeared");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** xclip processes that are children of this process (the selection owners Elwood started in foreground mode). */
export function xclipChildren(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // `pid (comm) state ppid …`; comm may hold spaces, so split after the last ')'.
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (comm === "xclip" && fields[0] !== "Z" && Number(fields[1]) === process.pid) out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

export { pngWidth, solidPng } from "../support/png.js";
