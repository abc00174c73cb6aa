// Issue 14 item 9: options objects that fight back (throwing getters, Proxies with throwing traps) reject with an ElwoodError.

import { describe, expect, it } from "vitest";
import { validateClaudeOptions } from "../../adapters/claude/options.js";
import { validateCodexOptions } from "../../adapters/codex/options.js";
import { isElwoodError } from "../../src/contracts/errors.js";

const hostile = (): unknown[] => [
  { get cwd(): string { throw new Error("getter says no"); } },
  { cwd: "/tmp", get initialSize(): unknown { throw new TypeError("nope"); } },
  { cwd: "/tmp", initialSize: { rows: 40, get cols(): number { throw new Error("deep getter"); } } },
  new Proxy({}, { get: () => { throw new Error("get trap"); } }),
  new Proxy({ cwd: "/tmp" }, { ownKeys: () => { throw new Error("ownKeys trap"); }, get: (t, k) => (k === "env" ? new Proxy({}, { ownKeys: () => { throw new Error("env trap"); } }) : Reflect.get(t, k)) }),
  new Proxy({}, { getPrototypeOf: () => { throw new Error("proto trap"); } }),
];

describe("hostile options objects (issue 14 item 9)", () => {
  for (const [name, validate] of [["startClaude", validateClaudeOptions], ["startCodex", validateCodexOptions]] as const) {
    it(`issue 14 item 9: ${name} rejects every throwing getter or proxy with ElwoodError invalid_argument`, async () => {
      for (const [i, opts] of hostile().entries()) {
        let promise: Promise<unknown> | undefined;
        expect(() => (promise = validate(opts as never)), `case ${i} threw synchronously`).not.toThrow();
        const error = await promise!.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isElwoodError(error, "invalid_argument"), `case ${i}: ${String(error)}`).toBe(true);
      }
    });
  }
});
