// The user config document: where it lives, strict version-1 decoding, and private atomic writes.

import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { usageError } from "./cli-error.js";
import { AGENTS, CONFIG_KEYS, type ConfigValue, configKey } from "./config-keys.js";

export type ConfigDocument = Readonly<Record<string, ConfigValue>>;

/** `$ELWOOD_CONFIG`, else absolute `$XDG_CONFIG_HOME/elwood/config.json`, else `~/.config/elwood/config.json`. */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  const explicit = env["ELWOOD_CONFIG"];
  if (explicit !== undefined && explicit !== "") return explicit;
  const xdg = env["XDG_CONFIG_HOME"];
  const base = xdg !== undefined && xdg !== "" && isAbsolute(xdg) ? xdg : join(env["HOME"] || homedir(), ".config");
  return join(base, "elwood", "config.json");
}

const configError = (path: string, message: string) => usageError(`config ${path}: ${message}`, "config_invalid");

/** Flattens `{ claude: { model } }` into dotted keys, rejecting anything undocumented. */
export function decodeConfig(path: string, parsed: unknown): ConfigDocument {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw configError(path, "must be a JSON object");
  const doc = parsed as Record<string, unknown>;
  if (doc["schemaVersion"] !== 1) throw configError(path, "schemaVersion must be 1");
  const flat: Record<string, ConfigValue> = {};
  for (const [name, value] of Object.entries(doc)) {
    if (name === "schemaVersion") continue;
    // An agent's name holds its own keys as a nested object.
    if ((AGENTS as readonly string[]).includes(name) && typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [sub, v] of Object.entries(value)) flat[`${name}.${sub}`] = v as ConfigValue;
    } else flat[name] = value as ConfigValue;
  }
  for (const [name, value] of Object.entries(flat)) {
    const key = configKey(name);
    if (!key) throw configError(path, `unknown key '${name}' (keys: ${CONFIG_KEYS.map((k) => k.key).join(", ")})`);
    const problem = key.check(value);
    if (problem) throw configError(path, `${name} ${problem}`);
  }
  return flat;
}

export function encodeConfig(doc: ConfigDocument): string {
  const out: Record<string, unknown> = { schemaVersion: 1 };
  for (const key of CONFIG_KEYS) {
    const value = doc[key.key];
    if (value === undefined) continue;
    const [head, tail] = key.key.split(".") as [string, string | undefined];
    if (tail === undefined) out[head] = value;
    else out[head] = { ...((out[head] as object | undefined) ?? {}), [tail]: value };
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** Reads the document if it exists: a private regular file of this user, never through a symlink. */
export async function readConfig(path: string): Promise<{ readonly loaded: boolean; readonly doc: ConfigDocument }> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { loaded: false, doc: {} };
    if (code === "ELOOP") throw configError(path, "is a symlink; point ELWOOD_CONFIG at the real file");
    throw configError(path, `cannot be read (${code ?? "error"})`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw configError(path, "is not a regular file");
    if (typeof process.getuid === "function" && stat.uid !== process.getuid()) throw configError(path, "is owned by another user");
    if ((stat.mode & 0o077) !== 0) throw configError(path, `must be private (chmod 600 ${path})`);
    const text = await handle.readFile("utf8");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw configError(path, "is not valid JSON");
    }
    return { loaded: true, doc: decodeConfig(path, parsed) };
  } finally {
    await handle.close();
  }
}

/** Replaces the document atomically (a private temp file renamed over it); the directory is created private. */
export async function writeConfig(path: string, doc: ConfigDocument): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    const stat = await lstat(path);
    if (!stat.isFile()) throw configError(path, "is not a regular file");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const temp = join(dir, `.config.json.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, encodeConfig(doc), { mode: 0o600, flag: "wx" });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
