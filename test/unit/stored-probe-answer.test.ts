// The probe cache's stored answers are read back with plain checks (issue 41 §2, without a schema library in the core).

import { describe, expect, it } from "vitest";
import { storedCacheEntries, storedVersionAnswer } from "../../adapters/stored-probe-answer.js";

describe("stored probe answers", () => {
  it("issue 41 §2: a well-formed file and answer read back; anything else is a miss", () => {
    expect(storedCacheEntries({ format: 1, entries: [{ key: "k", answer: { raw: "2.1.332" } }] }, 16)).toEqual([{ key: "k", answer: { raw: "2.1.332" } }]);
    for (const bad of [null, [], { format: 2, entries: [] }, { format: 1, entries: {} }, { format: 1, entries: [{ key: 1, answer: 1 }] }, { format: 1, entries: [{ key: "k" }] }]) {
      expect(storedCacheEntries(bad, 16), JSON.stringify(bad)).toBeUndefined();
    }
    expect(storedCacheEntries({ format: 1, entries: Array.from({ length: 17 }, (_, i) => ({ key: String(i), answer: 0 })) }, 16)).toBeUndefined();
    expect(storedVersionAnswer({ version: "2.1.332", raw: "2.1.332 (Claude Code)" })).toMatchObject({ version: "2.1.332", raw: "2.1.332 (Claude Code)" });
    expect(storedVersionAnswer({ raw: "x" })).toMatchObject({ version: undefined, raw: "x" });
    expect(storedVersionAnswer({ version: 3, raw: "x" })).toBeUndefined();
    expect(storedVersionAnswer({ version: "v".repeat(201), raw: "x" })).toBeUndefined();
    expect(storedVersionAnswer({ raw: "r".repeat(100_001) })).toBeUndefined();
    expect(storedVersionAnswer("2.1.332")).toBeUndefined();
  });
});
