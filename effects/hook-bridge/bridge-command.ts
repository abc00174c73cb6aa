// Where the bridge clients live and the exact shell commands a CLI's hook settings use to run them.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of the bridge child script, resolved next to this module (works from source and from dist). */
export function bridgeScriptPath(): string {
  return fileURLToPath(new URL("./bridge.mjs", import.meta.url));
}

/** Absolute path of the bash hook client, next to bridge.mjs. */
export function bashBridgeScriptPath(): string {
  return fileURLToPath(new URL("./bridge.bash", import.meta.url));
}

/** Where bash is at a fixed system path (the hook must not depend on the user's PATH); undefined when it is not. */
export function systemBash(): string | undefined {
  return ["/bin/bash", "/usr/bin/bash"].find((path) => existsSync(path));
}

/** POSIX single-quote quoting: the CLI hands hook commands to a shell, and paths can hold spaces or quotes. */
export function posixQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `'<node>' '<bridge.mjs>' <Event> '<bridge.json>'` — the same Node that runs Elwood, so the hook never depends on
 * the user's PATH; the last argument is the session's private config file holding the socket and token.
 */
export function bridgeCommand(event: string, configPath?: string): string {
  const command = `${posixQuote(process.execPath)} ${posixQuote(bridgeScriptPath())} ${eventWord(event)}`;
  return configPath === undefined ? command : `${command} ${posixQuote(configPath)}`;
}

/**
 * How a command client treats the answer: `answer` waits for it and prints it; `observe` (an event no handler answers
 * and nothing waits on) sends the call and exits without waiting, so the CLI is held only for the send.
 */
export type BridgeCallMode = "answer" | "observe";

/**
 * `'<bash>' '<bridge.bash>' <Event> '<bridge-http.conf>' '<node>' '<bridge.mjs>' '<bridge.json>' [observe]` — the
 * bash client over the loopback HTTP listener; the three after the config are what it hands the call to when it cannot
 * make it itself (that fallback always waits for the answer).
 */
export function bashBridgeCommand(
  event: string,
  paths: { readonly bash: string; readonly httpConfigPath: string; readonly configPath: string },
  mode: BridgeCallMode = "answer",
): string {
  const words = [paths.bash, bashBridgeScriptPath()].map(posixQuote);
  const handoff = [paths.httpConfigPath, process.execPath, bridgeScriptPath(), paths.configPath].map(posixQuote);
  return [...words, eventWord(event), ...handoff, ...(mode === "observe" ? ["observe"] : [])].join(" ");
}

function eventWord(event: string): string {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(event) ? event : posixQuote(event);
}
