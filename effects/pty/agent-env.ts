// Builds the environment an agent CLI is launched with: the parent's, minus nested-instance markers and hook wiring.

/** An embedder that itself runs under an Elwood session must not hand that session's hook wiring on. */
const ELWOOD_HOOK_PREFIX = "ELWOOD_HOOK_";
/** `elwood serve`'s bearer token: an agent that could read it could drive the server (start agents anywhere). */
const ELWOOD_SERVE_PREFIX = "ELWOOD_SERVE_";

/**
 * Parent env (undefined values dropped) without the `nested` markers the agents declare (a name, or a prefix ending
 * in `*`: Claude Code's `CLAUDECODE` and `CLAUDE_CODE_*`), `ELWOOD_HOOK_*` and `ELWOOD_SERVE_*`,
 * then the caller's `extra` (which may set a dropped name on purpose, plus `ELWOOD_SESSION_ID`),
 * then the terminal identity Elwood's headless xterm actually implements.
 */
export function buildAgentEnv(
  parent: NodeJS.ProcessEnv,
  extra: Readonly<Record<string, string>>,
  nested: readonly string[],
): Record<string, string> {
  const prefixes = [ELWOOD_HOOK_PREFIX, ELWOOD_SERVE_PREFIX, ...nested.flatMap((n) => (n.endsWith("*") ? [n.slice(0, -1)] : []))];
  const names = nested.filter((n) => !n.endsWith("*"));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    if (names.includes(key) || prefixes.some((p) => key.startsWith(p))) continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) env[key] = value;
  env.TERM = "xterm-256color";
  env.COLORTERM = "truecolor";
  return env;
}
