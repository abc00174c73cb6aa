// Issue 14 item 4: when the embedding process is SIGKILLed mid-turn, its session's supervisor reaps the CLI and a
// tool process group of its own; when the CLI dies first, the hook processes it left are reaped too.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { taggedProcesses } from "../../effects/pty/tagged-processes.js";
import { startCrashEmbedder } from "../support/crash-embedder-process.js";
import { startClaudeSim } from "./claude-sim-start.js";
import { until } from "./codex-sim-support.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const tagged = (sid: string): number[] => taggedProcesses("ELWOOD_SESSION_ID", sid);

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

describe.runIf(process.platform === "linux")("processes do not outlive the embedder (issue 14 item 4)", () => {
  it("issue 14 item 4: SIGKILL of the embedder mid-turn leaves nothing of the session alive, a setsid tool group included", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "elwood-store-"));
    cleanups.push(() => rmSync(stateDir, { recursive: true, force: true }));
    const crashed = await startCrashEmbedder(["claude-turn", stateDir]);
    cleanups.push(() => crashed.sigkill());
    const info = crashed.info as { sid: string; cwd: string };
    cleanups.push(() => rmSync(info.cwd, { recursive: true, force: true }));
    // Belt and braces for a failing run: nothing tagged survives this test.
    cleanups.push(() => tagged(info.sid).forEach((pid) => process.kill(pid, "SIGKILL")));
    // The CLI and the tool group (its own session, ignoring SIGHUP) are both running.
    await until("the tool process group", () => tagged(info.sid).some((pid) => commandOf(pid).startsWith("sleep")), 20_000);
    await crashed.sigkill();
    await new Promise((r) => setTimeout(r, 2000));
    const aliveAfter2s = tagged(info.sid);
    console.log(`embedder SIGKILL: ${aliveAfter2s.length} process(es) of the session alive 2 s later`);
    await until("every process of the session to be gone", () => tagged(info.sid).length === 0, 10_000);
  }, 90_000);

  it("issue 14 item 4: a hook still running when the CLI is SIGKILLed is reaped though the embedder lives on", async () => {
    // Both CLIs start hook commands in process groups of their own; setsid stands in for that here.
    const hook = "setsid sh -c 'trap \"\" HUP; exec sleep 300' </dev/null >/dev/null 2>&1";
    const sim = await startClaudeSim({
      script: { turnMs: 600_000 },
      settingsOverrides: { hooks: { UserPromptSubmit: [{ matcher: "*", hooks: [{ type: "command", command: hook }] }] } },
    });
    cleanups.push(() => sim.cleanup());
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    void sim.session.sendMessage("hook in flight").catch(() => undefined);
    const sid = sim.session.elwoodSessionId;
    await until("the in-flight hook", () => tagged(sid).some((pid) => commandOf(pid).startsWith("sleep")), 20_000);
    const cli = tagged(sid).find((pid) => commandOf(pid).includes("sim-agent"));
    expect(cli).toBeDefined();
    process.kill(cli!, "SIGKILL");
    await sim.session.waitForStatus((s) => s === "exited", 20_000);
    await until("the hook to be reaped", () => tagged(sid).length === 0, 10_000);
  }, 60_000);
});
