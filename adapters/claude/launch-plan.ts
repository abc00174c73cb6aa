// Claude's launch plan for the shared start skeleton, kept out of the public declarations, which never name the probe's Node types.

import { claudeAdapter } from "./adapter.js";
import { claudeArgs } from "./command-line.js";
import { createClaudeHookDispatcher } from "./hook-dispatch.js";
import { claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec, isClaudeHookEventName } from "./hook-events.js";
import { claudeCommandClient, claudeHookRoute, claudeHookTransportFor, loopbackBypassesProxy } from "./hook-transport.js";
import type { ResolvedClaudeOptions } from "./options.js";
import { writeClaudeSettings } from "./settings-file.js";
import { bootstrapSize } from "./startup-plan.js";
import { clearClaudeVersionCache, probeClaudeVersion, versionDecision, type ClaudeVersionProbeResult } from "./version-probe.js";
import { runAgentUpdate } from "../agent-update.js";
import { coordinatedUpdate } from "../update-coordinator.js";
import type { ResumeTarget } from "../../src/contracts/start-or-resume.js";
import type { AgentLaunchPlan } from "../agent-launch-plan.js";

/** Claude's launch plan; with `resume`, the same launch appends Claude's own `--resume <conversation id>`. */
export function claudeLaunchPlan(
  resolved: ResolvedClaudeOptions,
  resume?: ResumeTarget,
): AgentLaunchPlan<ClaudeVersionProbeResult> {
  return {
    resolved,
    adapter: claudeAdapter,
    defaultExecutable: "claude",
    startFailedCode: "claude_start_failed",
    startFailedMessage: "Claude could not be started",
    probe: probeClaudeVersion,
    decide: (probe, strict) => versionDecision(probe.version, strict),
    update: (request) => coordinatedUpdate("claude", () => runAgentUpdate(request), clearClaudeVersionCache),
    installedVersion: (probe) => probe.version,
    hookEvents: (probe) => claudeHookEventsFor(probe.version ?? ""),
    isHookEventName: isClaudeHookEventName,
    createDispatcher: (sinks) =>
      createClaudeHookDispatcher({ handlers: resolved.hooks ?? {}, timeoutMs: resolved.hookTimeoutMs, ...sinks }),
    // A proxy in the CLI's environment would carry a loopback HTTP hook (and its token) to the proxy: commands then.
    httpHooks: (probe, env) => claudeHookTransportFor(probe.version).httpHooks && loopbackBypassesProxy(env),
    args: async ({ probe, hookEvents, sessionDir, bridgeCommand, bashBridgeCommand, http }) => {
      // Claude's own hook timeout (seconds) sits above Elwood's handler deadline so Elwood always answers first.
      const hookTimeoutSec = claudeHookTimeoutSec(resolved.hookTimeoutMs);
      const facts = claudeHookTransportFor(probe.version);
      const handled = new Set(Object.entries(resolved.hooks ?? {}).flatMap(([event, h]) => (typeof h === "function" ? [event] : [])));
      const routeOf = (event: string) => claudeHookRoute(event, { facts, handled, httpAvailable: http !== undefined });
      const bashAvailable = bashBridgeCommand !== undefined;
      const commandFor = (event: string) =>
        bashBridgeCommand !== undefined && claudeCommandClient(event, { handled, bashAvailable }) === "bash" ? bashBridgeCommand(event) : bridgeCommand(event);
      const settingsPath = await writeClaudeSettings(sessionDir, {
        hooks: claudeHookSettings(hookEvents, commandFor, hookTimeoutSec, { routeOf, http }),
        ...(resolved.settingsOverrides === undefined ? {} : { settingsOverrides: resolved.settingsOverrides }),
      });
      const args = claudeArgs(resolved, settingsPath);
      return resume === undefined ? args : [...args, "--resume", resume.conversationId];
    },
    spawnSize: bootstrapSize(resolved.initialSize),
    recordSeed: {
      adapter: "claude",
      posture: {
        permissionMode: resolved.permissionMode ?? null,
        allowedTools: resolved.allowedTools ?? null,
        disallowedTools: resolved.disallowedTools ?? null,
        tools: resolved.tools ?? null,
      },
    },
    ...(resume === undefined ? {} : { resume }),
  };
}
