// @ts-check
// Runs settings-file hook commands the way Claude Code and Codex do: `sh -c`, JSON on stdin, awaited, stdout JSON parsed.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/**
 * @typedef {{ type?: string, command?: string, timeout?: number }} HookCommand
 * @typedef {{ matcher?: string, hooks?: HookCommand[] }} HookGroup
 * @typedef {Record<string, HookGroup[]>} HookConfig
 * @typedef {{ command: string, code: number | null, stdout: string, stderr: string, json: any }} HookResult
 */

/** Reads the `hooks` object from a settings file path or inline JSON (Claude accepts both for --settings). */
export function loadHookConfig(/** @type {string | undefined} */ settings) {
  if (!settings) return /** @type {HookConfig} */ ({});
  const text = settings.trim().startsWith("{") ? settings : existsSync(settings) ? readFileSync(settings, "utf8") : "{}";
  const parsed = JSON.parse(text);
  return /** @type {HookConfig} */ (parsed.hooks ?? {});
}

/** @param {string | undefined} matcher @param {string | undefined} value */
function matches(matcher, value) {
  if (!matcher || matcher === "*" || value === undefined) return true;
  try { return new RegExp(`^(?:${matcher})$`).test(value); } catch { return matcher === value; }
}

/**
 * Runs every command configured for `event` in parallel and waits for all of them, as both CLIs block on hooks.
 * @param {HookConfig} config @param {string} event @param {object} payload
 * @param {{ cwd: string, matchValue?: string | undefined, capSeconds?: number | undefined }} opts
 * @returns {Promise<HookResult[]>}
 */
export function runHooks(config, event, payload, opts) {
  /** @type {HookCommand[]} */
  const commands = [];
  for (const group of config[event] ?? []) {
    if (!matches(group.matcher, opts.matchValue)) continue;
    for (const h of group.hooks ?? []) if ((h.type ?? "command") === "command" && h.command) commands.push(h);
  }
  return Promise.all(commands.map((h) => {
    const seconds = Math.min(h.timeout ?? 60, opts.capSeconds ?? Infinity);
    return runOne(/** @type {string} */ (h.command), JSON.stringify(payload), opts.cwd, seconds * 1000);
  }));
}

/** @param {HookConfig} config @param {string} event */
export function hookCommands(config, event) {
  return (config[event] ?? []).flatMap((g) => (g.hooks ?? []).map((h) => h.command ?? "")).filter(Boolean);
}

/** @param {string} command @param {string} input @param {string} cwd @param {number} timeoutMs @returns {Promise<HookResult>} */
function runOne(command, input, cwd, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], { cwd, env: { ...process.env, CLAUDE_PROJECT_DIR: cwd }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill("SIGKILL"); }, timeoutMs);
    child.stdout.on("data", (d) => { stdout += d; });
    child.stderr.on("data", (d) => { stderr += d; });
    child.stdin.on("error", () => {}); // a hook that never reads stdin must not crash the agent (EPIPE)
    child.stdin.end(input);
    const finish = (/** @type {number | null} */ code) => {
      clearTimeout(timer);
      const exit = timedOut ? null : code;
      let json;
      if (exit === 0 && stdout.trim().startsWith("{")) { try { json = JSON.parse(stdout); } catch { json = undefined; } }
      resolve({ command, code: exit, stdout, stderr, json });
    };
    child.on("error", () => finish(null));
    child.on("close", (code) => finish(code));
  });
}
