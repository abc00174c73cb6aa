// The inspector's --agent: every registered agent accepted, the first one the default, an unknown one a usage error naming them.

import { afterEach, describe, expect, it, vi } from "vitest";
import { orList, parseCli } from "../../inspector/cli-args.js";
import { AGENT_KINDS } from "../../src/agent-registry.js";

const USAGE = "usage: test";

function withArgv<T>(args: readonly string[], run: () => T): T {
  const saved = process.argv;
  process.argv = [saved[0] ?? "node", "test", ...args];
  try {
    return run();
  } finally {
    process.argv = saved;
  }
}

afterEach(() => vi.restoreAllMocks());

describe("inspector --agent", () => {
  it("defaults to the first registered agent and accepts each one", () => {
    expect(withArgv([], () => parseCli(USAGE, {}))).toMatchObject({ agent: AGENT_KINDS[0] });
    for (const kind of AGENT_KINDS) expect(withArgv(["--agent", kind], () => parseCli(USAGE, {}))).toMatchObject({ agent: kind });
  });

  it("refuses an unknown agent with exit code 2, naming the registered ones", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(withArgv(["--agent", "gemini"], () => parseCli(USAGE, {}))).toBe(2);
    expect(error).toHaveBeenCalledWith(`--agent must be ${orList(AGENT_KINDS)}\n\n${USAGE}`);
    expect(orList(["claude", "codex"])).toBe("claude or codex");
    expect(orList(["a", "b", "c"])).toBe("a, b or c");
  });
});
