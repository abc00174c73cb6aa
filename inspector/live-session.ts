// The person's own installed CLI (any registered agent) as an inspected session: their account, their directory; new or resumed.

import { agentInfo, resumeAgentSession, startAgentSession, type AgentInfo, type AgentTypesOf } from "../src/agent-registry.js";
import type { AgentKind } from "../src/contracts/agent-kinds.js";
import type { InspectedSession } from "./run-inspector.js";

const SIZE = { cols: 120, rows: 32 };

export interface LiveOptions {
  /** A saved Elwood session id to resume (its record is in `cwd`'s `.elwood` store) instead of starting a new one. */
  readonly resume?: string | undefined;
  /** The command that resumes a saved session; the id is appended when the inspector says how to resume. */
  readonly resumeCommand: string;
  /** The CLI to run (default: the agent's own command on PATH). */
  readonly executable?: string | undefined;
}

/** The person's own installed CLI, in their current directory, with their own account; kept on disk for a later resume. */
export async function startLive(agent: AgentKind, cwd: string, options: LiveOptions): Promise<InspectedSession> {
  const info = agentInfo(agent);
  const executable = options.executable === undefined ? {} : { executable: options.executable };
  const keep = { resumeCommand: options.resumeCommand };
  const resumed = options.resume === undefined ? "" : ` (resumed ${options.resume})`;
  const session =
    options.resume === undefined
      ? await startAgentSession(agent, { cwd, ...interactivePosture(info.postures), initialSize: SIZE, ...executable })
      : await resumeAgentSession(agent, { elwoodSessionId: options.resume, cwd, initialSize: SIZE, ...executable });
  return {
    session,
    hints: [`Your installed ${info.displayName} in ${cwd}${resumed} (uses your account; messages go to the real model).`],
    keep,
    cleanup: async () => {},
  };
}

/**
 * The posture a person at the keyboard works in: each posture option's `interactive` value, so the CLI asks them its
 * own questions whatever their settings default to (a resume keeps the recorded posture instead).
 */
function interactivePosture(postures: AgentInfo["postures"]): Partial<AgentTypesOf<AgentKind>["start"]> {
  const chosen = postures.flatMap((p) => (p.interactive === undefined ? [] : [[p.option, p.interactive] as const]));
  // The values come from the agent's own definition, whose option validation accepts them (checked again at start).
  return Object.fromEntries(chosen) as Partial<AgentTypesOf<AgentKind>["start"]>;
}
