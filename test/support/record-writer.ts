// Test support: rewrites one session record in a tight loop (a new conversation id each time) until it is killed.
// Usage: node record-writer.mjs <sessionDir> <elwoodSessionId>; prints "ready" after the first complete write.

import { writeSessionRecord, type SessionRecord } from "../../effects/session-record.js";

const [dir, id] = process.argv.slice(2) as [string, string];
const record = (n: number): SessionRecord => ({
  schemaVersion: 1,
  elwoodSessionId: id,
  adapter: "claude",
  cwd: "/tmp",
  // A long value, so a torn write would show as truncated JSON.
  resume: { conversationId: `gen-${n}`, permissionMode: "default", allowedTools: Array.from({ length: 200 }, (_, i) => `Tool${i}`), disallowedTools: null, tools: null },
});
let n = 0;
await writeSessionRecord(dir, record(n++));
process.stdout.write("ready\n");
for (;;) await writeSessionRecord(dir, record(n++));
