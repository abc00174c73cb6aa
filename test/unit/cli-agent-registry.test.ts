// The elwood command reads every per-agent part from the agent registry (issue 33 §2): the names it derives stay the
// ones users type, and every agent's posture options, efforts and error codes reach the command without a cli edit.

import { describe, expect, it } from "vitest";
import { POSTURE_SETTINGS } from "../../cli/agent-postures.js";
import { CONFIG_KEYS } from "../../cli/config-keys.js";
import { asCliError } from "../../cli/exit-status.js";
import { RUN_OPTIONS } from "../../cli/options.js";
import { parseInvocation } from "../../cli/parse-invocation.js";
import { postureValue, resolveSettings } from "../../cli/settings.js";
import { noneOf, orList } from "../../cli/word-list.js";
import { AGENT_KINDS, type AgentErrorCode, agentInfos, ElwoodError } from "../../src/index.js";

const settingsFor = (argv: string[], env: Record<string, string> = {}, config: Record<string, string> = {}) =>
  resolveSettings(parseInvocation(argv).values, { HOME: "/h", ...env }, config, "/c.json", "/w");

describe("the elwood command's agent parts come from the registry (issue 33 §2)", () => {
  it("the posture options keep the names users type: --<agent>-<option>, ELWOOD_<AGENT>_<OPTION>, <agent>.<option>", () => {
    expect(POSTURE_SETTINGS.map((p) => [p.flag, p.env, p.config])).toEqual([
      ["claude-permission-mode", "ELWOOD_CLAUDE_PERMISSION_MODE", "claude.permissionMode"],
      ["codex-sandbox", "ELWOOD_CODEX_SANDBOX", "codex.sandbox"],
      ["codex-approval-policy", "ELWOOD_CODEX_APPROVAL_POLICY", "codex.approvalPolicy"],
      ["qwen-approval-mode", "ELWOOD_QWEN_APPROVAL_MODE", "qwen.approvalMode"],
    ]);
  });

  it("every agent's posture option is a launch flag and a config key; every agent has its model key, and its effort key where it has efforts", () => {
    const keys = CONFIG_KEYS.map((k) => k.key);
    for (const info of agentInfos()) {
      expect(keys).toContain(`${info.kind}.model`);
      if (info.reasoningEfforts.length === 0) expect(keys).not.toContain(`${info.kind}.reasoningEffort`);
      else expect(CONFIG_KEYS.find((k) => k.key === `${info.kind}.reasoningEffort`)?.check(info.reasoningEfforts[0])).toBeUndefined();
      for (const p of info.postures) {
        const flag = POSTURE_SETTINGS.find((s) => s.agent === info.kind && s.option === p.option)?.flag ?? "";
        expect(RUN_OPTIONS[flag]).toMatchObject({ type: "string", help: `${p.values.join("|")} (default: ${p.commandDefault})`, for: ["run", "interactive", "serve"] });
        expect(keys).toContain(`${info.kind}.${p.option}`);
      }
    }
  });

  it("a posture setting resolves by flag, env and config into postures[agent][option]; a bad value is named by its label", () => {
    for (const p of POSTURE_SETTINGS) {
      const [first, second] = p.values;
      expect(postureValue(settingsFor([`--${p.flag}`, first ?? ""]), p.agent, p.option)).toEqual({ value: first, source: `--${p.flag}` });
      expect(postureValue(settingsFor([], { [p.env]: second ?? "" }), p.agent, p.option)).toEqual({ value: second, source: p.env });
      expect(postureValue(settingsFor([], {}, { [p.config]: first ?? "" }), p.agent, p.option)).toEqual({ value: first, source: `/c.json:${p.config}` });
      expect(() => settingsFor([`--${p.flag}`, "bogus"])).toThrow(`${p.label} from --${p.flag} must be one of ${p.values.join(", ")} (got 'bogus')`);
    }
  });

  it("every agent's effort and high-trust errors exit 2 (the caller's to fix); its other errors exit 1", () => {
    for (const kind of AGENT_KINDS) {
      const status = (code: AgentErrorCode) => asCliError(new ElwoodError(code, "m", {} as never)).exitCode;
      expect([status(`${kind}_invalid_reasoning_effort`), status(`${kind}_high_trust_conflict`), status(`${kind}_not_found`)]).toEqual([2, 2, 1]);
    }
    // What an agent or one session cannot do (capability_unsupported) is the caller's to change too.
    expect(asCliError(new ElwoodError("capability_unsupported", "m", { agentId: "qwen", capability: "models" })).exitCode).toBe(2);
  });

  it("lists of agents read right for any number of them", () => {
    expect([orList(["a"]), orList(["a", "b"]), orList(["a", "b", "c"])]).toEqual(["a", "a or b", "a, b or c"]);
    expect([noneOf(["a"]), noneOf(["a", "b"]), noneOf(["a", "b", "c"])]).toEqual(["a", "neither a nor b", "none of a, b, c"]);
  });
});
