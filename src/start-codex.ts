// startCodex: validate, probe, install the hook bridge through session-scoped `-c` overrides, launch, return a session.

import { codexAdapter } from "../adapters/codex/adapter.js";
import { codexArgs, codexResumeArgs } from "../adapters/codex/command-line.js";
import { createCodexHookDispatcher } from "../adapters/codex/hook-dispatch.js";
import { codexHookEventsFor, codexHookOverrides, isCodexHookEventName } from "../adapters/codex/hook-events.js";
import { validateCodexOptions, type ResolvedCodexOptions, type StartCodexOptions } from "../adapters/codex/options.js";
import { codexApprovalPolicyRefusal } from "../adapters/codex/version-facts.js";
import { codexVersionDecision, probeCodex, type CodexProbeResult } from "../adapters/codex/version-probe.js";
import type { CodexAgentSession } from "./session-api.js";
import { CodexSessionFacade } from "./codex-agent-session.js";
import { startAgent, type AgentStartPlan } from "./start-agent.js";
import { systemBash } from "../effects/hook-bridge/bridge-command.js";

export type { StartCodexOptions } from "../adapters/codex/options.js";

/**
 * Startup order: validate → probe (`--version`, `--help`) → version checks (minimum, then options the version
 * refuses) → session dir → bridge server → PTY through the login shell with `-c` hook overrides. The user's
 * config.toml and hooks.json are never written.
 */
export async function startCodex(options: StartCodexOptions): Promise<CodexAgentSession> {
  return startAgent(codexStartPlan(await validateCodexOptions(options)));
}

/** Codex's launch plan; with `resume`, the same launch runs as Codex's own `codex resume … <conversation id>`. */
export function codexStartPlan(
  resolved: ResolvedCodexOptions,
  resume?: { readonly elwoodSessionId: string; readonly conversationId: string },
): AgentStartPlan<CodexProbeResult, CodexSessionFacade> {
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
    hookEvents: (probe) => codexHookEventsFor(probe.version),
    isHookEventName: isCodexHookEventName,
    createDispatcher: (sinks) => createCodexHookDispatcher({ handlers: resolved.hooks, timeoutMs: resolved.hookTimeoutMs, ...sinks }),
    // Codex runs command hooks only, each blocking: bridge.bash over the loopback listener saves a Node start per hook.
    httpHooks: () => systemBash() !== undefined,
    args: async ({ probe, hookEvents, bridgeCommand, bashBridgeCommand }) => {
      const args = codexArgs(resolved, {
        hookOverrides: codexHookOverrides(hookEvents, bashBridgeCommand ?? bridgeCommand, resolved.hookTimeoutMs),
        bypassHookTrust: probe.bypassHookTrust,
      });
      return resume === undefined ? args : codexResumeArgs(args, resume.conversationId);
    },
    // Codex has no narrow-terminal bootstrap: it starts at the caller's size.
    spawnSize: resolved.initialSize,
    createSession: (runtime) => new CodexSessionFacade(runtime),
    recordSeed: { adapter: "codex", posture: { sandbox: resolved.sandbox ?? null, approvalPolicy: resolved.approvalPolicy ?? null } },
    ...(resume === undefined ? {} : { resume }),
  };
}
