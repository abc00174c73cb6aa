// Test support: an embedding process to SIGKILL. Starts one simulated session, prints what it made, then waits
// (for `codex-picker`, inside a setModel whose picker never paints) until it is killed.
// (`claude-turn`: mid-turn, after a hook started a tool-like process group of its own that ignores hangups.)
// Usage: node --import tsx test/support/crash-embedder.ts <claude|claude-turn|codex-picker> <stateDir> [codexHome]

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { recordPath } from "../../effects/session-record.js";
import { bridgeConfigPath, startClaudeSim } from "../integration/claude-sim-start.js";
import { startCodexSim, until } from "../integration/codex-sim-support.js";

const [mode, stateDir, codexHome] = process.argv.slice(2);
if (stateDir === undefined) throw new Error("usage: crash-embedder <mode> <stateDir> [codexHome]");

if (mode === "claude") {
  const sim = await startClaudeSim({ stateDir });
  await sim.session.waitForStatus((s) => s === "ready", 20_000);
  // Killed only once the record names the CLI's conversation (written in the background after SessionStart).
  const location = { stateDir, cwd: sim.dir, elwoodSessionId: sim.session.elwoodSessionId };
  await until("the record's conversation id", () => /"conversationId": "/.test(readFileSync(recordPath(join(stateDir, "sessions", location.elwoodSessionId)), "utf8")));
  const hookDir = dirname(bridgeConfigPath(sim));
  process.stdout.write(`${JSON.stringify({ sid: sim.session.elwoodSessionId, hookDir, cwd: sim.dir })}\n`);
} else if (mode === "claude-turn") {
  // What a Bash tool running `…; sleep 300` looks like: its own process group (setsid), started by the CLI, so it
  // carries the session's environment but not the CLI's group or terminal.
  const tool = "setsid sh -c 'trap \"\" HUP; exec sleep 300' </dev/null >/dev/null 2>&1 &";
  const sim = await startClaudeSim({
    stateDir,
    script: { turnMs: 600_000 },
    settingsOverrides: { hooks: { UserPromptSubmit: [{ matcher: "*", hooks: [{ type: "command", command: tool }] }] } },
  });
  await sim.session.waitForStatus((s) => s === "ready", 20_000);
  await sim.session.sendMessage("start a long tool");
  await sim.session.waitForStatus((s) => s === "running", 20_000);
  process.stdout.write(`${JSON.stringify({ sid: sim.session.elwoodSessionId, cwd: sim.dir })}\n`);
} else if (mode === "codex-picker") {
  const sim = await startCodexSim({ version: "0.144.6", stateDir, env: { CODEX_HOME: codexHome ?? "" }, script: { pickerDelayMs: 600_000 } as never });
  await sim.session.waitForStatus((s) => s === "ready", 20_000);
  process.stdout.write(`${JSON.stringify({ sid: sim.session.elwoodSessionId, cwd: sim.dir })}\n`);
  void sim.session.setModel("gpt-5.5").catch(() => undefined);
} else {
  throw new Error(`unknown mode ${mode}`);
}
setInterval(() => undefined, 1 << 30);
