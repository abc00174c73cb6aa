// The posture options the elwood command offers per agent, read from the registry: each one's flag, env var and config key.

import { type AgentKind, agentInfos } from "../src/index.js";

/** One agent's posture option as the command spells it (`--codex-approval-policy`, `ELWOOD_CODEX_APPROVAL_POLICY`, `codex.approvalPolicy`). */
export interface PostureSetting {
  readonly agent: AgentKind;
  /** The session option it sets (`approvalPolicy`). */
  readonly option: string;
  /** How messages name it ("Codex approval policy"). */
  readonly label: string;
  readonly values: readonly string[];
  /** The command's choice for a new session when nothing chose one and high trust is off. */
  readonly commandDefault: string;
  /** The value high trust stands for. */
  readonly highTrust: string;
  /** The flag without its dashes. */
  readonly flag: string;
  readonly env: string;
  readonly config: string;
}

/** `approvalPolicy` → `approval-policy`. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every agent's posture options, agents in registry order and each agent's in its own flag order. */
export const POSTURE_SETTINGS: readonly PostureSetting[] = agentInfos().flatMap((info) =>
  info.postures.map((p) => ({
    agent: info.kind,
    option: p.option,
    label: p.label,
    values: p.values,
    commandDefault: p.commandDefault,
    highTrust: p.highTrust,
    flag: `${info.kind}-${kebab(p.option)}`,
    env: `ELWOOD_${`${info.kind}_${kebab(p.option).replaceAll("-", "_")}`.toUpperCase()}`,
    config: `${info.kind}.${p.option}`,
  })),
);

/** The posture options of one agent, in its flag order. */
export function posturesOf(agent: AgentKind): readonly PostureSetting[] {
  return POSTURE_SETTINGS.filter((p) => p.agent === agent);
}
