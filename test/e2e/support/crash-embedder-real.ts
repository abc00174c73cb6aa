// E2E support: an embedding process to SIGKILL, driving a real Claude CLI. It starts the scripted model server and a
// session, has the model run a Bash tool whose command puts itself in a process group of its own (ignoring
// hangups, the way `…; sleep 300` behind setsid or nohup would), answers the permission dialog, prints what it made
// once the tool runs, and then waits until it is killed.
// Usage (inside the e2e netns): node --import tsx test/e2e/support/crash-embedder-real.ts <claude version> <marker>

import { eventually } from "../../support/eventually.js";
import { startModelServer } from "../model-server/index.js";
import { CLAUDE_AGENTS, launch } from "./agents.js";
import { pidsWithCommandLine } from "./processes.js";

const [version, marker] = process.argv.slice(2);
const agent = CLAUDE_AGENTS.find((a) => a.version === version);
if (agent === undefined || marker === undefined || !/^\d+\.\d+$/.test(marker)) {
  throw new Error("usage: crash-embedder-real <claude version> <sleep seconds as N.M, unique per run>");
}

const server = await startModelServer();
const { session, home } = await launch(agent, server, {});
await session.waitForStatus((s) => s === "ready", 30_000);
void session.sendMessage(`RUNBASH:setsid sh -c 'trap "" HUP; exec sleep ${marker}' </dev/null >/dev/null 2>&1`).catch(() => undefined);
await session.waitForStatus((s) => s === "blocked", 30_000);
await session.sendKeys(agent.permissionYesKeys);
await eventually(() => pidsWithCommandLine(["sleep", marker]).length > 0, 30_000, "the Bash tool's process group");
process.stdout.write(`${JSON.stringify({ sid: session.elwoodSessionId, root: home.root, cliPid: session.pid, status: session.status })}\n`);
setInterval(() => undefined, 1 << 30);
