// Codex as one agent definition: everything Elwood knows about the `codex` CLI, reached through the registry.

import { defineAgent } from "../agent-definition.js";
import type { PublicAgentDefinition } from "../agent-facts.js";
import { codexAdapter } from "./adapter.js";
import { isCodexHookEventName, type CodexHookEventName } from "./hook-events.js";
import type { CodexTranscriptSummary } from "./transcript-summary.js";
import { codexInteractiveArgs } from "./interactive-args.js";
import { codexLaunchPlan } from "./launch-plan.js";
import { readCodexTurnHook } from "./turn-hooks.js";
import { CODEX_APPROVAL_POLICIES, CODEX_REASONING_EFFORTS, CODEX_SANDBOX_MODES, validateCodexOptions } from "./options.js";

declare module "../../src/contracts/agent-kinds.js" {
  interface AgentKindRegistry {
    readonly codex: {
      /** Its hook event names (`hook:<Name>`). */
      readonly hookEventName: CodexHookEventName;
      /** The picker's choice stayed in config.toml (its `configFile.persistedWarning`). */
      readonly warningCode: "codex_default_model_persisted";
      /** Each new rollout item, live, as `codex:transcript`. */
      readonly transcriptSummary: CodexTranscriptSummary;
      /** A sandbox or approval policy other than highTrust's contradicts it. */
      readonly errorDetails: { readonly high_trust_conflict: { readonly sandbox?: string; readonly approvalPolicy?: string } };
      /** The posture its session record keeps: `resumePosture.fields` below, each null when the caller chose nothing. */
      readonly resumePosture: { readonly sandbox: string | null; readonly approvalPolicy: string | null };
    };
  }
}

/**
 * Typed by its public data only: the public declarations reach this file (for the kind it declares above), and the
 * launch plan's types would bring Node's into a consumer's compile. The registry hands out the whole definition.
 */
export const codexAgent: PublicAgentDefinition<"codex"> = defineAgent({
  id: "codex",
  displayName: "Codex",
  detectionOrder: 20,
  executable: "codex",
  installHint: "npm install -g @openai/codex",
  verifiedVersions: ["0.144.6", "0.171.0"],
  reasoningEfforts: CODEX_REASONING_EFFORTS,
  postures: [
    { option: "sandbox", label: "Codex sandbox", values: CODEX_SANDBOX_MODES, commandDefault: "workspace-write", highTrust: "danger-full-access" },
    { option: "approvalPolicy", label: "Codex approval policy", values: CODEX_APPROVAL_POLICIES, commandDefault: "never", highTrust: "never" },
  ],
  capabilities: { login: false, images: true, models: true, compact: true, resume: true, loops: true },
  adapter: codexAdapter,
  validateOptions: validateCodexOptions,
  launchPlan: codexLaunchPlan,
  // `codex resume` takes every other launch option (0.144.6, 0.171.0); highTrust expands to its own posture.
  resumePosture: { fields: ["sandbox", "approvalPolicy"], overriddenBy: (_field, options) => options["highTrust"] === true },
  interactiveArgs: codexInteractiveArgs,
  turnHooks: readCodexTurnHook,
  isHookEventName: isCodexHookEventName,
});
