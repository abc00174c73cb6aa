// Registers sessions with the embedder's supervisor (embedder-supervisor.sh): the OS-level guarantee that no process of
// a session outlives its embedder, or the hooks and tool groups its CLI left running outlive the CLI.

import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface SupervisorTarget {
  /** The CLI's process group (the PTY's child leads it). */
  readonly cliPgid: number;
  /** The environment tag every process of the session carries (ELWOOD_SESSION_ID=<id>). */
  readonly tagName: string;
  readonly tagValue: string;
}

export interface Supervisor {
  /** The CLI exited on its own: the supervisor reaps the tagged processes it left, then forgets the session. */
  cliExited(): void;
  /** The session closed through Elwood (which reaps on its own): the supervisor forgets it; idempotent. */
  stop(): void;
}

export function supervisorScriptPath(): string {
  return fileURLToPath(new URL("./embedder-supervisor.sh", import.meta.url));
}

// The protocol is whitespace-separated words; these are all a session id or env name ever is, checked so no value can
// split a line or an entry of the script's table.
const TAG_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TAG_VALUE = /^[A-Za-z0-9_.-]+$/;

/** The running supervisor of this process and the sessions it holds (by registration key). */
let current: { child: ChildProcess; live: Set<number> } | undefined;
let nextKey = 1;

function running(): { child: ChildProcess; live: Set<number> } | undefined {
  if (current !== undefined) return current;
  try {
    // Detached, with a minimal environment (no session tag, so its own scan never finds it); the pipe on its stdin is
    // its only tie to this process: node opens it close-on-exec, so no other child holds the write end and its end of
    // file means this process is gone. Neither the child nor the pipe keeps this process alive.
    const child = spawn("/bin/sh", [supervisorScriptPath()], { detached: true, stdio: ["pipe", "ignore", "ignore"], env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" } });
    const started = { child, live: new Set<number>() };
    // Killed from outside, or never started (no /bin/sh): the next registration starts another.
    const gone = (): void => {
      if (current === started) current = undefined;
    };
    child.on("error", gone);
    child.on("exit", gone);
    child.stdin?.on("error", () => undefined);
    child.unref();
    (child.stdin as { unref?: () => void } | null)?.unref?.();
    current = started;
    return started;
  } catch {
    return undefined;
  }
}

function send(sup: { child: ChildProcess }, line: string): void {
  try {
    sup.child.stdin?.write(`${line}\n`);
  } catch {
    // The supervisor is gone: its exit handler lets the next registration start another.
  }
}

/** Forgets a session; with none left the pipe is closed, and the supervisor (its table empty) exits. */
function forget(sup: { child: ChildProcess; live: Set<number> }, key: number, verb: "exited" | "del"): void {
  if (!sup.live.delete(key)) return;
  send(sup, `${verb} ${key}`);
  if (sup.live.size === 0) {
    if (current === sup) current = undefined;
    sup.child.stdin?.end();
  }
}

const NOTHING: Supervisor = { cliExited: () => undefined, stop: () => undefined };

/** Hands a session's process group and tag to this process's supervisor (starting it if none runs). Never throws. */
export function startSupervisor(target: SupervisorTarget): Supervisor {
  if (!Number.isSafeInteger(target.cliPgid) || target.cliPgid <= 1 || !TAG_NAME.test(target.tagName) || !TAG_VALUE.test(target.tagValue)) return NOTHING;
  const sup = running();
  if (sup === undefined) return NOTHING;
  const key = nextKey++;
  sup.live.add(key);
  send(sup, `add ${key} ${target.cliPgid} ${target.tagName}=${target.tagValue}`);
  return { cliExited: () => forget(sup, key, "exited"), stop: () => forget(sup, key, "del") };
}
