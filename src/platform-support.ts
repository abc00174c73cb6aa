// The operating systems a session can run on: where node-pty gives a real PTY and POSIX process groups (every close
// reaps one) exist. Anywhere else a start fails at once, before any probe or file.

import { ElwoodError } from "./contracts/errors.js";

const SUPPORTED: ReadonlySet<string> = new Set(["linux", "darwin"]);

export function unsupportedPlatform(platform: string): ElwoodError | undefined {
  return SUPPORTED.has(platform) ? undefined : new ElwoodError("unsupported_platform", `Elwood runs agents on Linux and macOS, not ${platform}`, { platform });
}
