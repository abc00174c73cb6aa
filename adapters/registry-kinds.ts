// The registered agents as the public declarations see them: their ids in detection order and the entries' type,
// which makes a consumer's compiler load each folder's AgentKindRegistry entry. Node-free by design (see registry.ts).

import type { AgentKind } from "../src/contracts/agent-kinds.js";
import * as entries from "./registry-entries.js";

type Entry = (typeof entries)[keyof typeof entries];

/** The entries in the order detection tries them (by `detectionOrder`, then id). */
export const REGISTERED_AGENTS: readonly Entry[] = Object.values(entries).sort((a, b) => a.detectionOrder - b.detectionOrder || a.id.localeCompare(b.id));

/** Every agent kind Elwood drives, in detection order. */
export const AGENT_KINDS: readonly AgentKind[] = REGISTERED_AGENTS.map((d) => d.id);

/** A folder that declares its kind but has no entry line fails to compile here. */
const everyKindRegistered: AgentKind extends Entry["id"] ? true : never = true;
void everyKindRegistered;

/**
 * The registry's type. The public entry exports it so a consumer's compiler loads every agent folder's declarations
 * (`export *` keeps them referenced), and with them each folder's AgentKindRegistry entry.
 */
export type RegisteredAgentDefinitions = typeof entries;
