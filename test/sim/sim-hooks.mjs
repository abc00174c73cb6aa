// @ts-check
// Runs settings-file hooks the way Claude Code and Codex do: commands via `sh -c` (JSON on stdin, awaited unless `async`),
// and Claude's `type: "http"` hooks as a POST of the JSON with the entry's literal headers (a 2xx JSON body is the output).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/**
 * @typedef {{ type?: string, command?: string, timeout?: number, async?: boolean, url?: string, headers?: Record<string, string> }} HookCommand
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
 * Runs every hook configured for `event` in parallel and waits for all blocking ones, as both CLIs do; an `async`
 * command is started and left to run in the background (its output is ignored, as the real CLI's is).
 * @param {HookConfig} config @param {string} event @param {object} payload
 * @param {{ cwd: string, matchValue?: string | undefined, capSeconds?: number | undefined }} opts
 * @returns {Promise<HookResult[]>}
 */
export function runHooks(config, event, payload, opts) {
  /** @type {HookCommand[]} */
  const commands = [];
  for (const group of config[event] ?? []) {
    if (!matches(group.matcher, opts.matchValue)) continue;
    for (const h of group.hooks ?? []) {
      if ((h.type ?? "command") === "command" && h.command) commands.push(h);
      if (h.type === "http" && h.url) commands.push(h);
    }
  }
  const input = JSON.stringify(payload);
  const blocking = [];
  for (const h of commands) {
    const seconds = Math.min(h.timeout ?? 60, opts.capSeconds ?? Infinity);
    if (h.type === "http") blocking.push(postOne(/** @type {string} */ (h.url), h.headers ?? {}, input, seconds * 1000));
    else if (h.async === true) void runOne(/** @type {string} */ (h.command), input, opts.cwd, seconds * 1000);
    else blocking.push(runOne(/** @type {string} */ (h.command), input, opts.cwd, seconds * 1000));
  }
  return Promise.all(blocking);
}

/**
 * Claude's HTTP hook: POST the input; a 2xx body (JSON, or empty for no decision) is read like a command's stdout,
 * anything else (a 4xx, no answer by the timeout, no listener) is a non-blocking error the agent goes on after.
 * @param {string} url @param {Record<string, string>} headers @param {string} input @param {number} timeoutMs
 * @returns {Promise<HookResult>}
 */
async function postOne(url, headers, input, timeoutMs) {
  try {
    const res = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: input, signal: AbortSignal.timeout(timeoutMs) });
    const stdout = await res.text();
    if (!res.ok) return { command: url, code: 1, stdout: "", stderr: `HTTP ${res.status}`, json: undefined };
    let json;
    if (stdout.trim().startsWith("{")) { try { json = JSON.parse(stdout); } catch { json = undefined; } }
    return { command: url, code: 0, stdout, stderr: "", json };
  } catch (e) {
    return { command: url, code: null, stdout: "", stderr: String(e), json: undefined };
  }
}

/** @param {HookConfig} config @param {string} event */
export function hookCommands(config, event) {
  return (config[event] ?? []).flatMap((g) => (g.hooks ?? []).map((h) => h.command ?? h.url ?? "")).filter(Boolean);
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
