// Qwen Code as one agent definition: everything Elwood knows about the `qwen` CLI, reached through the registry.

import { defineAgent } from "../agent-definition.js";
import type { PublicAgentDefinition } from "../agent-facts.js";
import { qwenAdapter } from "./adapter.js";
import { isQwenHookEventName, type QwenHookEventName } from "./hook-events.js";
import { qwenInteractiveArgs, qwenInteractiveEnv } from "./interactive-args.js";
import { qwenLaunchPlan } from "./launch-plan.js";
import { QWEN_APPROVAL_MODES, validateQwenOptions } from "./options.js";
import { readQwenTurnHook } from "./turn-hooks.js";

declare module "../../src/contracts/agent-kinds.js" {
  interface AgentKindRegistry {
    readonly qwen: {
      /** Its hook event names (`hook:<Name>`). */
      readonly hookEventName: QwenHookEventName;
      /** An approval mode other than yolo contradicts highTrust. */
      readonly errorDetails: { readonly high_trust_conflict: { readonly approvalMode: string } };
      /** The posture its session record keeps: `resumePosture.fields` below, null when the caller chose nothing. */
      readonly resumePosture: { readonly approvalMode: string | null };
    };
  }
}

/**
 * Typed by its public data only: the public declarations reach this file (for the kind it declares above), and the
 * launch plan's types would bring Node's into a consumer's compile. The registry hands out the whole definition.
 */
export const qwenAgent: PublicAgentDefinition<"qwen"> = defineAgent({
  id: "qwen",
  displayName: "Qwen Code",
  detectionOrder: 30,
  executable: "qwen",
  installHint: "npm install -g @qwen-code/qwen-code",
  // Set by a running Qwen Code for the commands it runs; inherited, a new Qwen would take the parent's session for its own.
  nestingEnv: ["QWEN_CODE", "QWEN_CODE_NO_RELAUNCH"],
  verifiedVersions: ["0.24.4"],
  // No effort option: reasoning is the configured provider's (settings `model.generationConfig`).
  reasoningEfforts: [],
  postures: [{ option: "approvalMode", label: "Qwen approval mode", values: QWEN_APPROVAL_MODES, commandDefault: "default", highTrust: "yolo" }],
  // Images (0.24.4, measured): a bracketed-pasted image path becomes an `Attachments:` chip and is sent as an `@` reference
  // the model request carries as an image_url part, when Qwen deems the model image-capable (README); see image-reach.ts.
  capabilities: { login: false, images: true, models: true, compact: true, resume: true, loops: true },
  adapter: qwenAdapter,
  validateOptions: validateQwenOptions,
  launchPlan: qwenLaunchPlan,
  // `--resume` takes every other launch option (0.24.4); highTrust expands to its own approval mode.
  resumePosture: { fields: ["approvalMode"], overriddenBy: (_field, options) => options["highTrust"] === true },
  interactiveArgs: qwenInteractiveArgs,
  interactiveEnv: qwenInteractiveEnv,
  turnHooks: readQwenTurnHook,
  isHookEventName: isQwenHookEventName,
});
