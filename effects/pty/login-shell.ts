// Wraps a command in the user's interactive login shell so every launch resolves the same installation.

/** The user's configured shell (`$SHELL`), falling back to POSIX sh. */
export function defaultLoginShell(env: NodeJS.ProcessEnv = process.env): string {
  const shell = env.SHELL;
  return shell !== undefined && shell.trim().length > 0 ? shell : "/bin/sh";
}

/** Characters that mean nothing to sh/bash/zsh/dash/ksh anywhere in a word (no `=`, `~`, `%`, globs). */
const SAFE_WORD = /^[A-Za-z0-9_\/.,:+@-]+$/;

/**
 * POSIX single-quote quoting: the word is literal inside '…', and an embedded ' is written as
 * '\'' (close, escaped quote, reopen). The empty string must still be passed as a word: ''.
 */
export function shellQuote(arg: string): string {
  if (arg.length === 0) return "''";
  if (SAFE_WORD.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * `$SHELL -l -i -c 'exec <executable> <args…>'`: login + interactive loads the same startup files
 * as opening a terminal window; `exec` makes the agent replace the shell, keeping the PTY's
 * session-leader pid (and process group) for the agent itself.
 */
export function loginShellCommand(
  shell: string,
  executable: string,
  args: readonly string[],
): { file: string; args: string[] } {
  const command = ["exec", ...[executable, ...args].map(shellQuote)].join(" ");
  return { file: shell, args: ["-l", "-i", "-c", command] };
}
