// Example: the low-level session — statuses as they change, the agent's activity, and why each status changed.
// `npm run example:status-log -- [--agent codex] [--cwd DIR] "message"`. In your own project: `from "elwood"`.

import { type AgentSession, isElwoodError, startClaude, startCodex } from "../src/index.js";
import { exampleArgs } from "./example-args.js";

const args = exampleArgs("usage: npm run example:status-log -- [--agent claude|codex] [--cwd DIR] [--executable FILE] [message]", "Say hello in five words.");
try {
  // Both CLIs' sessions are an AgentSession: the calls below are the same for either.
  const session: AgentSession = args.agent === "codex" ? await startCodex({ cwd: args.cwd, ...args.executable }) : await startClaude({ cwd: args.cwd, ...args.executable });
  try {
    session.on("status", (e) => console.log(`status: ${e.previous} → ${e.status}`));
    session.on("activity", (a) => console.log(`activity: ${a.source} ${a.kind}${a.label === undefined ? "" : ` ${a.label}`}`));
    await session.waitForStatus((s) => s === "ready", 120_000);
    const turnId = await session.sendMessage(args.prompt);
    await session.waitForActivity((a) => a.kind === "assistant_message" && a.turnId === turnId, 300_000);
    await session.waitForStatus((s) => s === "ready", 300_000);
    // Every status change, explained: what was seen, the edge taken, and why.
    for (const d of session.statusDecisions()) console.log(`decision: ${d.from} → ${d.to ?? "(ignored)"}: ${d.reason}`);
  } finally {
    await session.teardown();
  }
} catch (error) {
  console.error(isElwoodError(error) ? `${error.code}: ${error.message}` : error);
  process.exitCode = 1;
}
