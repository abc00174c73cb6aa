// Codex's explicit state channel: OSC 7501 payloads such as `state=blocked:app=codex:kind=permission`.

import type { TerminalStateChannel } from "../../src/contracts/terminal-snapshot.js";

/** The OSC number Codex 0.171+ uses as an explicit state channel (0.144.6 writes none). */
export const CODEX_STATE_OSC = 7501;

/** Extracts the state word from an OSC 7501 payload: `state=blocked:app=codex:kind=permission` → `blocked`. */
export function parseCodexStateOsc(payload: string): string | undefined {
  for (const field of payload.split(/[:;]/)) {
    if (field.startsWith("state=")) {
      const value = field.slice("state=".length).trim();
      return value.length > 0 ? value : undefined;
    }
  }
  return undefined;
}

export const CODEX_STATE_CHANNEL: TerminalStateChannel = { osc: CODEX_STATE_OSC, parse: parseCodexStateOsc };
