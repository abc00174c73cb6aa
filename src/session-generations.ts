// Which object speaks for a session in this process: a successful resume supersedes the earlier object of the same
// session directory, whose loop calls then reject instead of rewriting the resumed session's sidecar (B §6.9).

const latest = new Map<string, symbol>();

/** Makes the caller the current object of `sessionDir`; the returned check says whether it still is. */
export function claimSessionGeneration(sessionDir: string): () => boolean {
  const token = Symbol(sessionDir);
  latest.set(sessionDir, token);
  return () => latest.get(sessionDir) === token;
}
