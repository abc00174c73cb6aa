// Each agent's own command line for `elwood interactive`: how its CLI spells a model, an effort, a posture and a resume.
// The registry's plain data has no argv of the CLIs' own (the library's launch plans add Elwood's hooks and settings),
// so this is the one place the elwood command names the agents; a new agent fails to compile until it has a line here.

import type { AgentName } from "./config-keys.js";

/** What the interactive launch passes on: the posture by session option name (`permissionMode`, `sandbox` …). */
export interface InteractiveArgs {
  readonly cwd: string;
  readonly model: string | undefined;
  readonly effort: string | undefined;
  readonly posture: Readonly<Record<string, string | undefined>>;
  /** The agent's own conversation id, to resume it. */
  readonly conversation: string | undefined;
}

type ArgvBuilder = (a: InteractiveArgs) => string[];

const ARGV: Readonly<Record<AgentName, ArgvBuilder>> = {
  claude: (a) => [
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.effort === undefined ? [] : ["--effort", a.effort]),
    ...(a.posture["permissionMode"] === undefined ? [] : ["--permission-mode", a.posture["permissionMode"]]),
    ...(a.conversation === undefined ? [] : ["--resume", a.conversation]),
  ],
  codex: (a) => [
    ...(a.conversation === undefined ? [] : ["resume"]),
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.posture["sandbox"] === undefined ? [] : ["--sandbox", a.posture["sandbox"]]),
    ...(a.posture["approvalPolicy"] === undefined ? [] : ["--ask-for-approval", a.posture["approvalPolicy"]]),
    ...(a.effort === undefined ? [] : ["-c", `model_reasoning_effort=${a.effort}`]),
    "--cd",
    a.cwd,
    ...(a.conversation === undefined ? [] : [a.conversation]),
  ],
};

/** The agent's argv after its executable. */
export function interactiveArgv(agent: AgentName, args: InteractiveArgs): string[] {
  return ARGV[agent](args);
}
