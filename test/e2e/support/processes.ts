// Black-box process and socket inspection through /proc: which processes belong to a session, its group, live Unix sockets.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcInfo {
  readonly pid: number;
  readonly pgrp: number;
  /** One-letter state from /proc/<pid>/stat ("Z" = zombie, already dead). */
  readonly state: string;
  readonly comm: string;
}

function pids(): number[] {
  return readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
}

/** /proc/<pid>/stat, or undefined if the process vanished meanwhile. comm may contain spaces and parens. */
export function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const [state = "?", , pgrp = "0"] = stat.slice(close + 2).split(" ");
    return { pid, pgrp: Number(pgrp), state, comm };
  } catch {
    return undefined;
  }
}

/** Live (non-zombie) processes whose environment carries ELWOOD_SESSION_ID=<id>: the agent, its hooks and tools. */
export function sessionProcesses(elwoodSessionId: string): ProcInfo[] {
  const needle = `\0ELWOOD_SESSION_ID=${elwoodSessionId}\0`;
  const out: ProcInfo[] = [];
  for (const pid of pids()) {
    let env: string;
    try {
      env = `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`;
    } catch {
      continue;
    }
    if (!env.includes(needle)) continue;
    const info = procInfo(pid);
    if (info && info.state !== "Z") out.push(info);
  }
  return out;
}

/** Live (non-zombie) members of a process group. */
export function groupMembers(pgrp: number): ProcInfo[] {
  return pids()
    .map(procInfo)
    .filter((p): p is ProcInfo => p !== undefined && p.pgrp === pgrp && p.state !== "Z");
}

/**
 * Distinct paths of Unix sockets in this network namespace whose path contains `fragment` (a listener's accepted
 * connections report the listener's path too, so paths are deduplicated).
 */
export function unixSocketsMatching(fragment: string): string[] {
  const paths = readFileSync("/proc/net/unix", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/)[7] ?? "")
    .filter((p) => p !== "" && p.includes(fragment));
  return [...new Set(paths)];
}

/** Live (non-zombie) pids whose environment carries `<name>=<value>` exactly (e.g. a sandbox's CODEX_HOME). */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = `\0${name}=${value}\0`;
  return pids().filter((pid) => {
    try {
      if (!`\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`.includes(needle)) return false;
      return procInfo(pid)?.state !== "Z";
    } catch {
      return false; // gone already, or not ours to read
    }
  });
}

/** Pids whose command line is exactly `argv` (found whatever their environment or process group). */
export function pidsWithCommandLine(argv: readonly string[]): number[] {
  const wanted = `${argv.join("\0")}\0`;
  return pids().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "latin1") === wanted;
    } catch {
      return false;
    }
  });
}

/** The direct children of `pid` (Linux /proc; empty when it is gone). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter((p) => p !== "").map(Number);
  } catch {
    return [];
  }
}
