// Waits for a session's record to name the CLI's conversation (it is written once the CLI's first hook reports it).
import { readSessionRecord } from "../../effects/session-record.js";
import type { SessionLocation } from "../../effects/state-dir.js";
import { recordPostures } from "../../src/record-postures.js";

/** Polls every 50 ms, `attempts` times (a real CLI under load may take longer than the simulated ones' default). */
export async function recordedConversation(location: SessionLocation, attempts = 200): Promise<string> {
  for (let i = 0; i < attempts; i++) {
    const id = (await readSessionRecord(location, recordPostures())).resume.conversationId;
    if (id !== null) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the record never named a conversation");
}
