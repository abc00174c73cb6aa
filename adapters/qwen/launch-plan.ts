// Qwen Code's launch plan for the shared start skeleton, kept out of the public declarations, which never name the probe's Node types.

import { ElwoodError } from "../../src/contracts/errors.js";
import type { ResumeTarget } from "../../src/contracts/start-or-resume.js";
import { systemBash } from "../../effects/hook-bridge/bridge-command.js";
import { runAgentUpdate } from "../agent-update.js";
import type { AgentLaunchPlan } from "../agent-launch-plan.js";
import { loopbackBypassesProxy } from "../hook-proxy.js";
import { handledHookEvents, hookAnswerAwaited } from "../hook-selection.js";
import { coordinatedUpdate } from "../update-coordinator.js";
import { qwenAdapter } from "./adapter.js";
import { qwenArgs, qwenResumeArgs } from "./command-line.js";
import { createQwenHookDispatcher } from "./hook-dispatch.js";
import { qwenModelSelectionUnavailable } from "./model-choice-scope.js";
import { qwenImagesUnavailable } from "./image-reach.js";
import { isQwenHookEventName, qwenHookEventsFor, qwenHookSettings, qwenHookTimeoutSec } from "./hook-events.js";
import type { ResolvedQwenOptions } from "./options.js";
import { qwenHomeOf, seedQwenHome } from "./private-home.js";
import { readUserQwenSettings, userQwenHome } from "./user-settings.js";
import { clearQwenProbeCache, probeQwen, qwenVersionDecision, type QwenProbeResult } from "./version-probe.js";

/** Qwen's launch plan; with `resume`, the same launch appends Qwen's own `--resume <conversation id>`. */
export function qwenLaunchPlan(resolved: ResolvedQwenOptions, resume?: ResumeTarget): AgentLaunchPlan<QwenProbeResult> {
  // The user's home as the agent would find it: the caller's env first, then this process's.
  const userHome = userQwenHome({ ...process.env, ...resolved.env });
  // Qwen POSTs HTTP hooks with Node's fetch; a proxy variable without a loopback exception would carry them (and their
  // token) away, so hooks then stay commands.
  const directHttp = loopbackBypassesProxy({ ...process.env, ...resolved.env });
  return {
    resolved,
    adapter: qwenAdapter,
    defaultExecutable: "qwen",
    startFailedCode: "qwen_start_failed",
    startFailedMessage: "Qwen Code could not be started",
    probe: probeQwen,
    decide: (probe, strict) => qwenVersionDecision(probe.version, strict),
    update: (request) => coordinatedUpdate("qwen", () => runAgentUpdate(request), clearQwenProbeCache),
    installedVersion: (probe) => probe.version,
    hookEvents: (probe) => qwenHookEventsFor(probe.version),
    isHookEventName: isQwenHookEventName,
    createDispatcher: (sinks) => createQwenHookDispatcher({ handlers: resolved.hooks, timeoutMs: resolved.hookTimeoutMs, ...sinks }),
    // The loopback listener takes Qwen's own HTTP hooks (no process per hook), or bridge.bash's calls behind a proxy.
    httpHooks: () => directHttp || systemBash() !== undefined,
    // Every session runs in a private config home the session directory holds: Elwood's settings and hooks go there,
    // and the user's own ~/.qwen is only read.
    sessionEnv: (sessionDir) => ({ QWEN_HOME: qwenHomeOf(sessionDir) }),
    imagesUnavailable: qwenImagesUnavailable(resolved.cwd),
    modelSelectionUnavailable: qwenModelSelectionUnavailable(resolved.cwd),
    args: async ({ hookEvents, sessionDir, bridgeCommand, bashBridgeCommand, http }) => {
      const user = await readUserQwenSettings(userHome);
      if (!user.ok) {
        throw new ElwoodError("qwen_start_failed", `Qwen Code's settings file ${userHome}/settings.json is ${user.problem}: fix or move it`, {
          path: `${userHome}/settings.json`,
          cause: user.problem,
        });
      }
      const handled = handledHookEvents(resolved.hooks);
      // Every Qwen command hook blocks the agent until it exits: an event only observed is sent without awaiting its answer.
      const commandFor = (event: string): string =>
        bashBridgeCommand === undefined ? bridgeCommand(event) : bashBridgeCommand(event, hookAnswerAwaited(event, qwenAdapter, handled) ? "answer" : "observe");
      const viaHttp = directHttp && http !== undefined ? http : undefined;
      await seedQwenHome({
        sessionDir,
        userHome,
        user: user.settings,
        hooks: qwenHookSettings(hookEvents, commandFor, qwenHookTimeoutSec(resolved.hookTimeoutMs), { http: viaHttp }),
        overrides: resolved.settingsOverrides,
        httpHookUrl: viaHttp === undefined ? undefined : `${new URL(viaHttp.url("Stop")).origin}/*`,
      });
      const args = qwenArgs(resolved);
      return resume === undefined ? args : qwenResumeArgs(args, resume.conversationId);
    },
    spawnSize: resolved.initialSize,
    recordSeed: { adapter: "qwen", posture: { approvalMode: resolved.approvalMode ?? null } },
    ...(resume === undefined ? {} : { resume }),
  };
}
