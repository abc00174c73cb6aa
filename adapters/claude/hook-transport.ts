// How each Claude hook reaches the session: a loopback HTTP POST from the CLI, a background command, or a blocking command.
import { claudeAdapter } from "./adapter.js";

export { loopbackBypassesProxy } from "../hook-proxy.js";

/**
 * - `http`: Claude POSTs the hook input to the session's loopback listener and waits for the answer; no process spawn.
 * - `async`: a command hook Claude starts in the background and does not wait for; the session still observes it.
 * - `command`: the blocking bridge.mjs command hook (the only kind every supported version has).
 */
export type ClaudeHookRoute = "http" | "async" | "command";

/** What one Claude version does with the hook kinds beyond the blocking command (measured on the pinned binaries). */
export interface ClaudeHookTransportFacts {
  /** `type: "http"` hooks are sent, with literal header values from the settings file, and a 2xx JSON body is obeyed. */
  readonly httpHooks: boolean;
  /** `async: true` command hooks run without the CLI waiting for them. */
  readonly asyncCommandHooks: boolean;
  /** Events the CLI never sends an HTTP hook for (it logs "HTTP hooks are not supported for <Event>" and skips them). */
  readonly httpNeverSentFor: readonly string[];
}

/**
 * Measured offline with `claude -p` and an http UserPromptSubmit hook to a loopback server (block reply obeyed, the literal
 * `X-Elwood-Hook-Token` header arrived), an async command hook sleeping 3 s (the CLI went on at once: 121 / 220 ms against
 * 3174 / 3325 ms blocking), and an http SessionStart hook (never sent; the binary skips http hooks for SessionStart and
 * Setup). Both versions route an HTTP hook through HTTPS_PROXY / HTTP_PROXY when set, even to 127.0.0.1, unless
 * NO_PROXY covers the host (see `loopbackBypassesProxy`). 2.1.332 also refuses HTTP hooks ("this process's proxy, TLS
 * trust or resolver settings differ from the person's own environment") but only for a call a cloud session drives from
 * this machine, comparing the proxy, the NO_PROXY decision for the URL, NODE_EXTRA_CA_CERTS, NODE_TLS_REJECT_UNAUTHORIZED,
 * BUN_TLS_REFUSE_DISTRUSTED_KEYS, the CLAUDE_CODE_CERT_STORE / CLIENT_CERT / CLIENT_KEY(_PASSPHRASE) / *_CERT_DROP
 * variables, LOCALDOMAIN, HOSTALIASES and RES_OPTIONS with that person's; Elwood's launch env changes none of them, and
 * a local session sent every variant tried (proxy with NO_PROXY, extra CA file, TLS off, resolver options).
 */
const MEASURED: ReadonlyArray<readonly [version: readonly [number, number, number], facts: ClaudeHookTransportFacts]> = [
  [[2, 1, 332], { httpHooks: true, asyncCommandHooks: true, httpNeverSentFor: ["SessionStart", "Setup"] }],
  [[2, 1, 215], { httpHooks: true, asyncCommandHooks: true, httpNeverSentFor: ["SessionStart", "Setup"] }],
];

/** Older than every measurement: only what every supported version has. */
const COMMAND_ONLY: ClaudeHookTransportFacts = { httpHooks: false, asyncCommandHooks: false, httpNeverSentFor: [] };

function parse(version: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function atLeast(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** The facts of the newest measured version at or below `version`; an unparseable version gets the newest. */
export function claudeHookTransportFor(version: string | undefined): ClaudeHookTransportFacts {
  const v = version === undefined ? undefined : parse(version);
  if (v === undefined) return MEASURED[0]![1];
  for (const [known, facts] of MEASURED) if (atLeast(v, known)) return facts;
  return COMMAND_ONLY;
}

/**
 * Hooks whose prompt arrival Elwood's own status, turn and conversation logic waits on: readiness, prompt, Stop and its
 * failure, compaction done, the status hooks, and the hooks delivered only with the handler's answer.
 */
export const CLAUDE_ANSWER_NEEDED_HOOKS: ReadonlySet<string> = new Set([
  ...claudeAdapter.readiness.hookEvents,
  claudeAdapter.promptHook,
  claudeAdapter.stopHook,
  "StopFailure",
  claudeAdapter.compactDoneHook,
  ...(claudeAdapter.statusHooks ?? []),
  ...claudeAdapter.hookReply.deliveredAfterAnswer,
]);

/** WorktreeCreate's answer is a bare path line on a command hook's stdout, which an HTTP reply cannot carry. */
const COMMAND_ANSWER_ONLY: ReadonlySet<string> = new Set(["WorktreeCreate"]);

export interface ClaudeHookRouteInput {
  readonly facts: ClaudeHookTransportFacts;
  /** Events the caller gave a handler for. */
  readonly handled: ReadonlySet<string>;
  /** Whether the session's HTTP listener is up and reachable from the CLI (no proxy in the way). */
  readonly httpAvailable: boolean;
}

/**
 * Every event the version sends over HTTP goes there when the listener is reachable: no spawn, answered in-process, and
 * an event with neither handler nor role is answered at once (its observation follows the reply). Measured on 2.1.332
 * with a 20-tool turn (`npm run bench`, "tool turn"): the CLI spends ≈ 10 ms of its own per hook whatever the hook is
 * (an async `true` command cost 1.40× the hookless turn, an HTTP hook to a listener answering `{}` at once 1.37×), and
 * an async hook's spawn of the bridge client costs more still (bridge.mjs 2.97×, bridge.bash 1.57×, HTTP 1.39×). So
 * async is only the fallback for events nobody waits on when HTTP is not available; SessionStart / Setup (never sent
 * over HTTP) and anything the version or the environment does not allow stay blocking command hooks.
 */
export function claudeHookRoute(event: string, input: ClaudeHookRouteInput): ClaudeHookRoute {
  const { facts } = input;
  const handled = input.handled.has(event);
  if (facts.httpNeverSentFor.includes(event)) return "command";
  if (handled && COMMAND_ANSWER_ONLY.has(event)) return "command";
  if (facts.httpHooks && input.httpAvailable) return "http";
  if (handled || CLAUDE_ANSWER_NEEDED_HOOKS.has(event)) return "command";
  return facts.asyncCommandHooks ? "async" : "command";
}

/**
 * Which client a command hook runs: the bash client over the loopback listener (one bash start, ≈ 7 ms) when the
 * session has one, else bridge.mjs (one Node start, ≈ 100 ms). A handled WorktreeCreate answers with a bare path line,
 * which only bridge.mjs carries (the listener's replies are JSON).
 */
export function claudeCommandClient(event: string, input: { readonly handled: ReadonlySet<string>; readonly bashAvailable: boolean }): "bash" | "node" {
  if (input.handled.has(event) && COMMAND_ANSWER_ONLY.has(event)) return "node";
  return input.bashAvailable ? "bash" : "node";
}
