// Reads the user's own Qwen settings (read-only): Qwen accepts comments in settings.json, so they are stripped first.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { isPlainObject } from "../common-options.js";

/** The user's Qwen config home as Qwen finds it: `QWEN_HOME`, else `~/.qwen` (the agent's env first, then Elwood's). */
export function userQwenHome(env: Readonly<Record<string, string | undefined>>): string {
  const own = env["QWEN_HOME"];
  if (own !== undefined && own !== "") return own;
  return join(env["HOME"] || homedir(), ".qwen");
}

/** JSON text without `//` and `/* … *\/` comments outside strings (settings files people edit by hand carry them). */
export function stripJsonComments(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (inString) {
      out += c;
      if (c === "\\" && i + 1 < text.length) out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i += 1;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += c;
  }
  return out;
}

/** What the user's settings.json held: its object, nothing (no file), or why it could not be read. */
export type UserSettings = { readonly ok: true; readonly settings: Readonly<Record<string, unknown>> } | { readonly ok: false; readonly problem: string };

export async function readUserQwenSettings(home: string): Promise<UserSettings> {
  let text: string;
  try {
    text = await readFile(join(home, "settings.json"), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? { ok: true, settings: {} } : { ok: false, problem: `unreadable (${code ?? "error"})` };
  }
  if (text.trim() === "") return { ok: true, settings: {} };
  try {
    const value: unknown = JSON.parse(stripJsonComments(text));
    return isPlainObject(value) ? { ok: true, settings: value } : { ok: false, problem: "not a JSON object" };
  } catch {
    return { ok: false, problem: "not valid JSON" };
  }
}
