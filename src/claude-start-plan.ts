// Claude's launch plan for the shared start skeleton, kept out of start-claude.ts so the public declarations never name the probe's Node types.

import { claudeAdapter } from "../adapters/claude/adapter.js";
import { claudeArgs } from "../adapters/claude/command-line.js";
import { createClaudeHookDispatcher } from "../adapters/claude/hook-dispatch.js";
import { claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec, isClaudeHookEventName } from "../adapters/claude/hook-events.js";
import { claudeCommandClient, claudeHookRoute, claudeHookTransportFor, loopbackBypassesProxy } from "../adapters/claude/hook-transport.js";
import type { ResolvedClaudeOptions } from "../adapters/claude/options.js";
import { writeClaudeSettings } from "../adapters/claude/settings-file.js";
import { bootstrapSize } from "../adapters/claude/startup-plan.js";
import { clearClaudeVersionCache, probeClaudeVersion, versionDecision, type ClaudeVersionProbeResult } from "../adapters/claude/version-probe.js";
import { runAgentUpdate } from "../adapters/agent-update.js";
import { coordinatedUpdate } from "../adapters/update-coordinator.js";
import { ClaudeSessionFacade } from "./claude-agent-session.js";
import type { AgentStartPlan, ResumeTarget } from "./start-agent.js";

/** Claude's launch plan; with `resume`, the same launch appends Claude's own `--resume <conversation id>`. */
export function claudeStartPlan(
  resolved: ResolvedClaudeOptions,
  resume?: ResumeTarget,
): AgentStartPlan<ClaudeVersionProbeResult, ClaudeSessionFacade> {
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
    createSession: (runtime) => new ClaudeSessionFacade(runtime),
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
