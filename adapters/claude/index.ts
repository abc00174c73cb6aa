// Claude Code as one agent definition: everything Elwood knows about the `claude` CLI, reached through the registry.

import { defineAgent } from "../agent-definition.js";
import type { PublicAgentDefinition } from "../agent-facts.js";
import { claudeAdapter } from "./adapter.js";
import { isClaudeHookEventName, type ClaudeHookEventName } from "./hook-events.js";
import { claudeInteractiveArgs } from "./interactive-args.js";
import { claudeLaunchPlan } from "./launch-plan.js";
import { readClaudeTurnHook } from "./turn-hooks.js";
import { CLAUDE_PERMISSION_MODES, CLAUDE_REASONING_EFFORTS, validateClaudeOptions } from "./options.js";

declare module "../../src/contracts/agent-kinds.js" {
  interface AgentKindRegistry {
    readonly claude: {
      /** Its hook event names (`hook:<Name>`). */
      readonly hookEventName: ClaudeHookEventName;
      /** A permission mode other than bypassPermissions contradicts highTrust. */
      readonly errorDetails: { readonly high_trust_conflict: { readonly permissionMode: string } };
      /** The posture its session record keeps: `resumePosture.fields` below, each null when the caller chose nothing. */
      readonly resumePosture: {
        readonly permissionMode: string | null;
        readonly allowedTools: readonly string[] | null;
        readonly disallowedTools: readonly string[] | null;
        readonly tools: readonly string[] | null;
      };
    };
  }
}

/**
 * Typed by its public data only: the public declarations reach this file (for the kind it declares above), and the
 * launch plan's types would bring Node's into a consumer's compile. The registry hands out the whole definition.
 */
export const claudeAgent: PublicAgentDefinition<"claude"> = defineAgent({
  id: "claude",
  displayName: "Claude Code",
  detectionOrder: 10,
  executable: "claude",
  installHint: "npm install -g @anthropic-ai/claude-code",
  // Set by a running Claude Code for its children; inherited, they make a new Claude act as a nested one.
  nestingEnv: ["CLAUDECODE", "CLAUDE_CODE_*"],
  verifiedVersions: ["2.1.215", "2.1.332"],
  reasoningEfforts: CLAUDE_REASONING_EFFORTS,
  postures: [
    { option: "permissionMode", label: "Claude permission mode", values: CLAUDE_PERMISSION_MODES, commandDefault: "dontAsk", highTrust: "bypassPermissions", interactive: "default" },
  ],
  capabilities: { login: true, images: true, models: true, compact: true, resume: true, loops: true },
  adapter: claudeAdapter,
  validateOptions: validateClaudeOptions,
  launchPlan: claudeLaunchPlan,
  resumePosture: {
    fields: ["permissionMode", "allowedTools", "disallowedTools", "tools"],
    // highTrust chooses its own permission mode (and conflicts with an explicit one), so the recorded one stays out.
    overriddenBy: (field, options) => field === "permissionMode" && options["highTrust"] === true,
  },
  interactiveArgs: claudeInteractiveArgs,
  turnHooks: readClaudeTurnHook,
  isHookEventName: isClaudeHookEventName,
});
