// The agents Elwood drives, read from the entries list (adapters/registry-entries.ts), in detection order.

import type { AgentKind } from "../src/contracts/agent-kinds.js";
import * as entries from "./registry-entries.js";

type Entry = (typeof entries)[keyof typeof entries];

/** Every agent definition, in the order detection tries them (by `detectionOrder`, then id). */
export const AGENT_DEFINITIONS: readonly Entry[] = Object.values(entries).sort((a, b) => a.detectionOrder - b.detectionOrder || a.id.localeCompare(b.id));

/** A folder that declares its kind but has no entry line fails to compile here. */
const everyKindRegistered: AgentKind extends Entry["id"] ? true : never = true;
void everyKindRegistered;

/**
 * The registry's type. The public entry exports it so a consumer's compiler loads every agent folder's declarations
 * (`export *` keeps them referenced), and with them each folder's AgentKindRegistry entry.
 */
export type RegisteredAgentDefinitions = typeof entries;
