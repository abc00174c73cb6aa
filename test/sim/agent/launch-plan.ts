// The simulated agent's launch plan: its own probe, version gate, update, argv and record; the hook installation of
// its Codex flavour (`-c hooks.<Event>=` overrides, Codex's hook dispatcher) from Codex's folder, which it simulates.

import type { AgentLaunchPlan } from "../../../adapters/agent-launch-plan.js";
import { runAgentUpdate } from "../../../adapters/agent-update.js";
import { createCodexHookDispatcher } from "../../../adapters/codex/hook-dispatch.js";
import { codexHookEventsFor, codexHookOverrides, isCodexHookEventName } from "../../../adapters/codex/hook-events.js";
import { handledHookEvents, hookAnswerAwaited } from "../../../adapters/hook-selection.js";
import { coordinatedUpdate } from "../../../adapters/update-coordinator.js";
import { systemBash } from "../../../effects/hook-bridge/bridge-command.js";
import type { ResumeTarget } from "../../../src/contracts/start-or-resume.js";
import { simAdapter } from "./adapter.js";
import { SIM_KIND, SIM_RECORD_SEED } from "./kind.js";
import type { ResolvedSimOptions } from "./options.js";
import { clearSimProbeCache, probeSim, SIM_EXECUTABLE, SIM_FLAVOUR_ARGS, simVersionDecision, type SimProbeResult } from "./probe.js";

/** Its flavour flag goes first, after a resume's subcommand: the sim reads `resume` as argv[0] and the id as the last word. */
export function withFlavour(args: readonly string[]): string[] {
  return args[0] === "resume" ? ["resume", ...SIM_FLAVOUR_ARGS, ...args.slice(1)] : [...SIM_FLAVOUR_ARGS, ...args];
}

/** The flavour's command line: `--cd`, the model (`--model=`, so a value starting with `-` stays data), `-c` overrides. */
function simArgs(resolved: ResolvedSimOptions, hookOverrides: readonly string[]): string[] {
  const overrides = [...hookOverrides, ...(resolved.reasoningEffort === undefined ? [] : [`model_reasoning_effort=${resolved.reasoningEffort}`])];
  return ["--cd", resolved.cwd, ...(resolved.model === undefined ? [] : [`--model=${resolved.model}`]), ...overrides.flatMap((o) => ["-c", o])];
}

/** The simulated agent's launch plan; with `resume`, the same launch on its recorded conversation. */
export function simLaunchPlan(resolved: ResolvedSimOptions, resume?: ResumeTarget): AgentLaunchPlan<SimProbeResult> {
  return {
    resolved,
    adapter: simAdapter,
    defaultExecutable: SIM_EXECUTABLE,
    startFailedCode: `${SIM_KIND}_start_failed`,
    startFailedMessage: "the simulated agent could not be started",
    probe: probeSim,
    decide: (probe, strict) => simVersionDecision(probe.version, strict),
    // The sim's `update` answers at once (nothing to install): autoupdate runs the same coordinated path as a real CLI's.
    update: (request) => coordinatedUpdate(SIM_KIND, () => runAgentUpdate(request), clearSimProbeCache),
    installedVersion: (probe) => probe.version,
    hookEvents: (probe) => codexHookEventsFor(probe.version),
    isHookEventName: isCodexHookEventName,
    createDispatcher: (sinks) => createCodexHookDispatcher({ handlers: resolved.hooks ?? {}, timeoutMs: resolved.hookTimeoutMs, ...sinks }),
    httpHooks: () => systemBash() !== undefined,
    args: async ({ hookEvents, bridgeCommand, bashBridgeCommand }) => {
      const handled = handledHookEvents(resolved.hooks);
      const commandFor = (event: string): string =>
        bashBridgeCommand === undefined ? bridgeCommand(event) : bashBridgeCommand(event, hookAnswerAwaited(event, simAdapter, handled) ? "answer" : "observe");
      const args = simArgs(resolved, codexHookOverrides(hookEvents, commandFor, resolved.hookTimeoutMs));
      return withFlavour(resume === undefined ? args : ["resume", ...args, resume.conversationId]);
    },
    spawnSize: resolved.initialSize,
    recordSeed: SIM_RECORD_SEED,
    ...(resume === undefined ? {} : { resume }),
  };
}
