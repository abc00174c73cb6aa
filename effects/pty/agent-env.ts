// Builds the environment an agent CLI is launched with: the parent's, minus nested-instance markers and hook wiring.

/** Set by a running Claude Code for its children; inherited, it makes a new Claude act as a nested one. */
const NESTED_MARKERS = ["CLAUDECODE"] as const;
const NESTED_PREFIX = "CLAUDE_CODE_";
/** An embedder that itself runs under an Elwood session must not hand that session's hook wiring on. */
const ELWOOD_HOOK_PREFIX = "ELWOOD_HOOK_";
/** `elwood serve`'s bearer token: an agent that could read it could drive the server (start agents anywhere). */
const ELWOOD_SERVE_PREFIX = "ELWOOD_SERVE_";

/**
 * Parent env (undefined values dropped) without `CLAUDECODE`, every inherited `CLAUDE_CODE_*`, `ELWOOD_HOOK_*` and
 * `ELWOOD_SERVE_*`,
 * then the caller's `extra` (which may set `CLAUDE_CODE_*` on purpose, plus `ELWOOD_SESSION_ID`),
 * then the terminal identity Elwood's headless xterm actually implements.
 */
export function buildAgentEnv(
  parent: NodeJS.ProcessEnv,
  extra: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    if ((NESTED_MARKERS as readonly string[]).includes(key) || key.startsWith(NESTED_PREFIX) || key.startsWith(ELWOOD_HOOK_PREFIX) || key.startsWith(ELWOOD_SERVE_PREFIX)) continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) env[key] = value;
  env.TERM = "xterm-256color";
  env.COLORTERM = "truecolor";
  return env;
}
