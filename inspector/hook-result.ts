// One-word summary of what a hook handler told the agent: no decision, allow, deny, ask, block, context, error, other.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function hookResultSummary(failedOpen: boolean | undefined, response: unknown): string {
  if (failedOpen === true) return "error";
  if (response === undefined || response === null || (isRecord(response) && Object.keys(response).length === 0)) return "no decision";
  if (!isRecord(response)) return "other";
  const decision = response["permissionDecision"] ?? response["behavior"] ?? response["decision"];
  if (decision === "allow" || decision === "approve") return "allow";
  if (decision === "deny") return "deny";
  if (decision === "ask") return "ask";
  if (decision === "block") return "block";
  if (response["additionalContext"] !== undefined) return "context";
  return "other";
}
