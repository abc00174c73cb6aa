// The person's own installed CLI (claude or codex) as an inspected session: their account, their directory; new or resumed.

import { resumeClaude } from "../src/resume-claude.js";
import { resumeCodex } from "../src/resume-codex.js";
import { startClaude } from "../src/start-claude.js";
import { startCodex } from "../src/start-codex.js";
import type { InspectedSession } from "./run-inspector.js";

const SIZE = { cols: 120, rows: 32 };

export interface LiveOptions {
  /** A saved Elwood session id to resume (its record is in `cwd`'s `.elwood` store) instead of starting a new one. */
  readonly resume?: string | undefined;
  /** The command that resumes a saved session; the id is appended when the inspector says how to resume. */
  readonly resumeCommand: string;
  /** The CLI to run (default: `claude` / `codex` on PATH). */
  readonly executable?: string | undefined;
}

/** The person's own installed CLI, in their current directory, with their own account; kept on disk for a later resume. */
export async function startLive(agent: "claude" | "codex", cwd: string, options: LiveOptions): Promise<InspectedSession> {
  const executable = options.executable === undefined ? {} : { executable: options.executable };
  const keep = { resumeCommand: options.resumeCommand };
  const resumed = options.resume === undefined ? "" : ` (resumed ${options.resume})`;
  if (agent === "codex") {
    const session =
      options.resume === undefined
        ? await startCodex({ cwd, initialSize: SIZE, ...executable })
        : await resumeCodex({ elwoodSessionId: options.resume, cwd, initialSize: SIZE, ...executable });
    return { session, hints: [`Your installed Codex CLI in ${cwd}${resumed}.`], keep, cleanup: async () => {} };
  }
  const session =
    options.resume === undefined
      ? await startClaude({ cwd, permissionMode: "default", initialSize: SIZE, ...executable })
      : await resumeClaude({ elwoodSessionId: options.resume, cwd, initialSize: SIZE, ...executable });
  return {
    session,
    hints: [`Your installed Claude Code in ${cwd}${resumed} (uses your account; messages go to the real model).`],
    keep,
    cleanup: async () => {},
  };
}
