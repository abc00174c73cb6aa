// Codex version facts: what each measured Codex CLI accepts on its command line, and the pre-spawn checks built on them.
import { ElwoodError } from "../../src/contracts/errors.js";
import { compareVersions } from "../version-probe.js";
import { CODEX_APPROVAL_POLICIES, type CodexApprovalPolicy } from "./options.js";

/** One measured version and the `--ask-for-approval` values its `--help` lists and its parser accepts. */
interface ApprovalPolicyFact {
  readonly version: string;
  readonly approvalPolicies: readonly CodexApprovalPolicy[];
}

/**
 * Oldest first. 0.144.6 accepts untrusted, on-request and never. 0.171.0 dropped `untrusted`: its argument parser
 * exits 2 with `invalid value 'untrusted' for '--ask-for-approval <APPROVAL_POLICY>'` and `[possible values:
 * on-request, never]` before it draws anything (measured against the pinned binary).
 */
const APPROVAL_POLICY_FACTS: readonly ApprovalPolicyFact[] = [
  { version: "0.144.6", approvalPolicies: CODEX_APPROVAL_POLICIES },
  { version: "0.171.0", approvalPolicies: ["on-request", "never"] },
];

/**
 * The approval policies a version accepts: the facts of the newest measured version at or below it (the oldest
 * measured one below that). An unparseable version gets no restriction: the CLI's own parser is the judge then.
 */
export function codexApprovalPoliciesFor(version: string | undefined): readonly CodexApprovalPolicy[] {
  if (version === undefined) return CODEX_APPROVAL_POLICIES;
  let facts = APPROVAL_POLICY_FACTS[0]?.approvalPolicies ?? CODEX_APPROVAL_POLICIES;
  for (const fact of APPROVAL_POLICY_FACTS) {
    if (compareVersions(version, fact.version) >= 0) facts = fact.approvalPolicies;
  }
  return facts;
}

/**
 * `invalid_argument` (details.option, details.validValues) when the probed version would refuse the policy, so the
 * start rejects before anything is spawned instead of the CLI exiting with a usage error; undefined when accepted.
 */
export function codexApprovalPolicyRefusal(version: string | undefined, policy: CodexApprovalPolicy | undefined): ElwoodError | undefined {
  if (policy === undefined) return undefined;
  const accepted = codexApprovalPoliciesFor(version);
  if (accepted.includes(policy)) return undefined;
  return new ElwoodError(
    "invalid_argument",
    `approvalPolicy "${policy}" is not accepted by Codex ${version ?? "(unknown version)"}; it accepts ${accepted.join(", ")}`,
    { option: "approvalPolicy", validValues: [...accepted] },
  );
}
