// The one table from each of the library's stable error codes to the HTTP status `elwood serve` answers it with.

import { agentErrorFields, type AgentErrorCategory, type AgentErrorCode, type ElwoodErrorCode } from "../../src/index.js";

/**
 * By meaning: the caller's bad input is 400 (413/429 for sizes and budgets), something that does not exist 404, a state
 * that forbids the call 409, an agent this server cannot run 422, a wait that ran out 504, and a failure of the agent
 * CLI or the host underneath 503 (try again, or ask the operator). No code maps to 500: a 500 is a bug of the server.
 * An agent's own codes (`<agent>_<category>`) take their category's status, so a new agent needs no line here; every
 * other code is in the table, whose type makes a new code fail to compile until it is given its status.
 */
export const AGENT_CATEGORY_STATUS: Readonly<Record<AgentErrorCategory, number>> = {
  invalid_reasoning_effort: 400,
  high_trust_conflict: 400,
  // The requested agent cannot run on this server (not installed, a version Elwood does not support).
  not_found: 422,
  version_unparseable: 422,
  version_unsupported: 422,
  // The agent CLI failed underneath.
  start_failed: 503,
};

export const ELWOOD_ERROR_STATUS: Readonly<Record<Exclude<ElwoodErrorCode, AgentErrorCode>, number>> = {
  // The caller's input.
  invalid_argument: 400,
  invalid_image: 400,
  invalid_loop: 400,
  input_too_large: 413,
  input_queue_full: 429,
  loop_limit_reached: 429,
  // Something named that is not there.
  state_not_found: 404,
  loop_not_found: 404,
  // A state that forbids the call now.
  session_not_running: 409,
  session_in_use: 409,
  adapter_mismatch: 409,
  resume_unavailable: 409,
  // Elwood cannot attach this input on this platform, or the agent does not offer what was asked.
  unsupported_platform: 422,
  capability_unsupported: 422,
  // Waits that ran out.
  wait_timeout: 504,
  compact_failed: 504,
  login_timeout: 504,
  // The agent CLI or the host underneath failed.
  start_failed: 503,
  pty_start_failed: 503,
  hook_bridge_failed: 503,
  state_corrupt: 503,
  teardown_failed: 503,
  termination_failed: 503,
  interrupt_failed: 503,
  model_automation_failed: 503,
  login_failed: 503,
  image_attach_failed: 503,
  pty_write_failed: 503,
  resize_failed: 503,
  turn_failed: 503,
  loop_persistence_failed: 503,
  loop_submission_failed: 503,
};

/** The status of a library error code (an agent's by its category); an unknown code (none today) is a 500. */
export function elwoodErrorStatus(code: string): number {
  const agent = agentErrorFields(code);
  if (agent !== undefined) return AGENT_CATEGORY_STATUS[agent.category];
  return Object.hasOwn(ELWOOD_ERROR_STATUS, code) ? ELWOOD_ERROR_STATUS[code as keyof typeof ELWOOD_ERROR_STATUS] : 500;
}
