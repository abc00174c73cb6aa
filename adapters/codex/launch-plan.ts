// Codex's launch plan for the shared start skeleton, kept out of the public declarations, which never name the probe's Node types.

import { codexAdapter } from "./adapter.js";
import { codexArgs, codexResumeArgs } from "./command-line.js";
import { createCodexHookDispatcher } from "./hook-dispatch.js";
import { codexHookEventsFor, codexHookOverrides, isCodexHookEventName } from "./hook-events.js";
import type { ResolvedCodexOptions } from "./options.js";
import { codexApprovalPolicyRefusal } from "./version-facts.js";
import { clearCodexProbeCache, codexVersionDecision, probeCodex, type CodexProbeResult } from "./version-probe.js";
import { runAgentUpdate } from "../agent-update.js";
import { coordinatedUpdate } from "../update-coordinator.js";
import { handledHookEvents, hookAnswerAwaited } from "../hook-selection.js";
import { systemBash } from "../../effects/hook-bridge/bridge-command.js";
import type { ResumeTarget } from "../../src/contracts/start-or-resume.js";
import type { AgentLaunchPlan } from "../agent-launch-plan.js";

/** Codex's launch plan; with `resume`, the same launch runs as Codex's own `codex resume … <conversation id>`. */
export function codexLaunchPlan(
  resolved: ResolvedCodexOptions,
  resume?: ResumeTarget,
): AgentLaunchPlan<CodexProbeResult> {
  return {
    resolved,
    adapter: codexAdapter,
    defaultExecutable: "codex",
    startFailedCode: "codex_start_failed",
    startFailedMessage: "Codex could not be started",
    probe: probeCodex,
    // A value the probed version's own parser refuses rejects here, before any spawn (0.171.0 dropped `untrusted`).
    decide: (probe, strict) => {
      const decision = codexVersionDecision(probe.version, strict);
      const refusal = decision.kind === "fail" ? undefined : codexApprovalPolicyRefusal(probe.version, resolved.approvalPolicy);
      return refusal === undefined ? decision : { kind: "fail", error: refusal };
    },
    // The update clears the `--help` capability read too: a new version may advertise other flags.
    update: (request) => coordinatedUpdate("codex", () => runAgentUpdate(request), clearCodexProbeCache),
    installedVersion: (probe) => probe.version,
    hookEvents: (probe) => codexHookEventsFor(probe.version),
    isHookEventName: isCodexHookEventName,
    createDispatcher: (sinks) => createCodexHookDispatcher({ handlers: resolved.hooks, timeoutMs: resolved.hookTimeoutMs, ...sinks }),
    // Codex runs command hooks only, each blocking: bridge.bash over the loopback listener saves a Node start per hook.
    httpHooks: () => systemBash() !== undefined,
    args: async ({ probe, hookEvents, bridgeCommand, bashBridgeCommand }) => {
      // Every Codex hook blocks the agent until its command exits: an event only observed is sent without awaiting
      // its (always empty) answer (npm run bench, "codex tool turn").
      const handled = handledHookEvents(resolved.hooks);
      const commandFor = (event: string): string =>
        bashBridgeCommand === undefined ? bridgeCommand(event) : bashBridgeCommand(event, hookAnswerAwaited(event, codexAdapter, handled) ? "answer" : "observe");
      const args = codexArgs(resolved, {
        hookOverrides: codexHookOverrides(hookEvents, commandFor, resolved.hookTimeoutMs),
        bypassHookTrust: probe.bypassHookTrust,
      });
      return resume === undefined ? args : codexResumeArgs(args, resume.conversationId);
    },
    // Codex has no narrow-terminal bootstrap: it starts at the caller's size.
    spawnSize: resolved.initialSize,
    recordSeed: { adapter: "codex", posture: { sandbox: resolved.sandbox ?? null, approvalPolicy: resolved.approvalPolicy ?? null } },
    ...(resume === undefined ? {} : { resume }),
  };
}
