// Waits for a session's record to name the CLI's conversation (it is written once the CLI's first hook reports it).
import { readSessionRecord } from "../../effects/session-record.js";

export async function recordedConversation(location: { stateDir: string; cwd: string; elwoodSessionId: string }): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const id = (await readSessionRecord(location)).resume.conversationId;
    if (id !== null) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the record never named a conversation");
}
