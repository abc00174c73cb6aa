// Unit tests for the Codex version facts: which --ask-for-approval values each measured version accepts.
import { describe, expect, it } from "vitest";
import { CODEX_APPROVAL_POLICIES } from "../../adapters/codex/options.js";
import { codexApprovalPoliciesFor, codexApprovalPolicyRefusal } from "../../adapters/codex/version-facts.js";
import { isElwoodError } from "../../src/contracts/errors.js";

describe("Codex approval policies per version (issue 13 item 4)", () => {
  it("0.144.6 accepts untrusted, on-request and never; 0.171.0 and later only on-request and never", () => {
    expect(codexApprovalPoliciesFor("0.144.6")).toEqual(["untrusted", "on-request", "never"]);
    expect(codexApprovalPoliciesFor("0.171.0")).toEqual(["on-request", "never"]);
    expect(codexApprovalPoliciesFor("0.172.3")).toEqual(["on-request", "never"]);
    // Between the measured versions the older facts hold; below the oldest measured one, its facts.
    expect(codexApprovalPoliciesFor("0.150.0")).toEqual(["untrusted", "on-request", "never"]);
    expect(codexApprovalPoliciesFor("0.124.0")).toEqual(["untrusted", "on-request", "never"]);
    // A prerelease of 0.171.0 sorts before it.
    expect(codexApprovalPoliciesFor("0.171.0-alpha.1")).toEqual(["untrusted", "on-request", "never"]);
    expect(codexApprovalPoliciesFor(undefined)).toEqual(CODEX_APPROVAL_POLICIES);
  });

  it("untrusted on 0.171.0 is invalid_argument naming the option and the version's values; accepted values pass", () => {
    const refusal = codexApprovalPolicyRefusal("0.171.0", "untrusted");
    expect(isElwoodError(refusal, "invalid_argument")).toBe(true);
    expect(refusal?.details).toEqual({ option: "approvalPolicy", validValues: ["on-request", "never"] });
    expect(refusal?.message).toContain("0.171.0");
    expect(codexApprovalPolicyRefusal("0.144.6", "untrusted")).toBeUndefined();
    expect(codexApprovalPolicyRefusal("0.171.0", "on-request")).toBeUndefined();
    expect(codexApprovalPolicyRefusal("0.171.0", "never")).toBeUndefined();
    expect(codexApprovalPolicyRefusal("0.171.0", undefined)).toBeUndefined();
    expect(codexApprovalPolicyRefusal(undefined, "untrusted")).toBeUndefined();
  });
});
