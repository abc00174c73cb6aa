// How a process-group reap ended (its own file: the PTY's public declarations name it, and must need no Node types).

/** The group is empty, or members outlived the reap (EPERM: none of them could be signalled; else ETIMEDOUT). */
export type ReapOutcome = { readonly reaped: true } | { readonly reaped: false; readonly errorCode: "EPERM" | "ETIMEDOUT" };
