// Where bridge.mjs lives and the exact shell command a CLI's hook settings use to run it.
import { fileURLToPath } from "node:url";

/** Absolute path of the bridge child script, resolved next to this module (works from source and from dist). */
export function bridgeScriptPath(): string {
  return fileURLToPath(new URL("./bridge.mjs", import.meta.url));
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
  const ev = /^[A-Za-z][A-Za-z0-9]*$/.test(event) ? event : posixQuote(event);
  const command = `${posixQuote(process.execPath)} ${posixQuote(bridgeScriptPath())} ${ev}`;
  return configPath === undefined ? command : `${command} ${posixQuote(configPath)}`;
}
