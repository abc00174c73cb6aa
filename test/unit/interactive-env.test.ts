// `elwood interactive <id>` on a Qwen session: `--resume <conversation>` with QWEN_HOME at the session's private home.
import { describe, expect, it } from "vitest";
import { interactiveCommandLine } from "../../cli/interactive-command.js";
import { agentInteractiveArgs, agentInteractiveEnv, isElwoodError } from "../../src/index.js";

const launch = { cwd: "/work", model: undefined, effort: undefined, posture: { approvalMode: "default" }, conversation: "5f0c-conv" };

describe("interactive launch environment (issue 34)", () => {
  it("Qwen: the stored session's private home as QWEN_HOME, beside its own --resume argv", () => {
    expect(agentInteractiveArgs("qwen", launch)).toEqual(["--approval-mode", "default", "--resume", "5f0c-conv"]);
    expect(agentInteractiveEnv("qwen", { stateDir: "/state/elwood", elwoodSessionId: "s-1" })).toEqual({ QWEN_HOME: "/state/elwood/sessions/s-1/qwen-home" });
  });

  it("Claude and Codex keep their conversations in the user's own home: no variables", () => {
    expect(agentInteractiveEnv("claude", { stateDir: "/state", elwoodSessionId: "s-1" })).toEqual({});
    expect(agentInteractiveEnv("codex", { stateDir: "/state", elwoodSessionId: "s-1" })).toEqual({});
  });

  it("an id that is no single path component is invalid_argument, never a path outside the store", () => {
    let error: unknown;
    try {
      agentInteractiveEnv("qwen", { stateDir: "/state", elwoodSessionId: "../other" });
    } catch (e) {
      error = e;
    }
    expect(isElwoodError(error, "invalid_argument")).toBe(true);
  });

  it("the login shell's line sets the variables through env after its start-up files, quoted; none: a plain exec", () => {
    const env = agentInteractiveEnv("qwen", { stateDir: "/my state", elwoodSessionId: "s-1" });
    expect(interactiveCommandLine({ agent: "qwen", cwd: "/work", args: agentInteractiveArgs("qwen", launch), env })).toBe(
      "exec env 'QWEN_HOME=/my state/sessions/s-1/qwen-home' qwen --approval-mode default --resume 5f0c-conv",
    );
    expect(interactiveCommandLine({ agent: "claude", cwd: "/work", args: ["--resume", "c"], env: {} })).toBe("exec claude --resume c");
  });
});
