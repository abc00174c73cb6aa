// @ts-check
// The screen painter's Qwen hooks: it POSTs the hooks Elwood wrote into the session's private Qwen settings, the way
// Qwen Code 0.24.4 sends an http hook (fetch, JSON body, the configured headers), and waits for the answer.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SESSION_ID = randomUUID();

/** Elwood's hook for `event` (its matcher group comes first in the private settings). */
function elwoodHook(/** @type {string} */ event) {
  const home = process.env.QWEN_HOME;
  if (home === undefined) throw new Error("painter: no QWEN_HOME (not started as a Qwen session)");
  const settings = JSON.parse(readFileSync(join(home, "settings.json"), "utf8"));
  const hook = settings.hooks?.[event]?.[0]?.hooks?.[0];
  if (hook?.type !== "http") throw new Error(`painter: Elwood's ${event} hook is not an http hook: ${JSON.stringify(hook)}`);
  return { home, url: String(hook.url), headers: /** @type {Record<string, string>} */ (hook.headers ?? {}) };
}

/**
 * Sends one hook (the common keys as 0.24.4 sends them, then `fields`) and resolves once the listener has answered;
 * `onSend` runs right before the request goes.
 */
async function postQwenHook(/** @type {string} */ event, /** @type {Record<string, unknown>} */ fields, onSend = () => {}) {
  const { home, url, headers } = elwoodHook(event);
  const transcript = join(home, "painter-transcript.jsonl");
  writeFileSync(transcript, "", { flag: "a" });
  const common = { session_id: SESSION_ID, transcript_path: transcript, cwd: process.cwd(), hook_event_name: event, timestamp: new Date().toISOString(), permission_mode: "default" };
  const body = JSON.stringify({ ...common, ...fields });
  onSend();
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body, redirect: "manual" });
  await res.text();
}

/**
 * Qwen's SessionStart, sent at start-up as the CLI sends it. It also opens the keep-alive connection a real Qwen has
 * long had open by a turn's end, so the first Stop does not pay for a fresh connection and fetch's first load.
 */
export const postQwenSessionStart = () => postQwenHook("SessionStart", { source: "startup", model: "fake-model" });

/** Qwen's turn end; `onSend` stamps it. */
export const postQwenStop = (/** @type {() => void} */ onSend) =>
  postQwenHook("Stop", { stop_hook_active: false, last_assistant_message: "FAKE-REPLY: hello." }, onSend);

/** Qwen's prompt hook, which 0.24.4 sends as each turn starts; `onSend` stamps it. */
export const postQwenPrompt = (/** @type {() => void} */ onSend) =>
  postQwenHook("UserPromptSubmit", { prompt: "next turn", submitted_prompt: "next turn" }, onSend);
