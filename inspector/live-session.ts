// The person's own installed CLI (claude or codex) as an inspected session: their account, their directory.

import { startClaude } from "../src/start-claude.js";
import { startCodex } from "../src/start-codex.js";
import type { InspectedSession } from "./run-inspector.js";

const SIZE = { cols: 120, rows: 32 };

/** The person's own installed CLI, in their current directory, with their own account. */
export async function startLive(agent: "claude" | "codex", cwd: string): Promise<InspectedSession> {
  if (agent === "codex") {
    const session = await startCodex({ cwd, initialSize: SIZE });
    return { session, hints: [`Your installed Codex CLI in ${cwd}.`], cleanup: async () => {} };
  }
  const session = await startClaude({ cwd, permissionMode: "default", initialSize: SIZE });
  return { session, hints: [`Your installed Claude Code in ${cwd} (uses your account; messages go to the real model).`], cleanup: async () => {} };
}
