// Test support for the Codex clipboard path: a private Xvfb display (free number via -displayfd) and xclip probes.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}

/** A valid size×size PNG of one RGB colour (built here so no binary fixture is needed). */
export function solidPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [...rgb]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** Width of a PNG (IHDR), or undefined when the bytes are not a PNG. */
export function pngWidth(bytes: Buffer): number | undefined {
  return bytes.length >= 24 && bytes.subarray(1, 4).toString("ascii") === "PNG" ? bytes.readUInt32BE(16) : undefined;
}
