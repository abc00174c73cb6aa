// Unit: npm test's closing digest of failed e2e diagnostics keeps each block's screen tail, decisions and PTY writes.
import { describe, expect, it } from "vitest";
// @ts-expect-error — a plain ESM helper of the test runner, without declarations.
import { failureDigest } from "../failure-digest.mjs";

function block(title: string, screenLines: number): string {
  return [
    `\x1b[31m===== e2e diagnostics: ${title} =====\x1b[0m`,
    "----- last rendered screen -----",
    ...Array.from({ length: screenLines }, (_, k) => `screen ${k}`),
    "----- status decisions (oldest first) -----",
    "  +0.10s frame running -> ready: idle",
    "----- PTY writes -----",
    '  +1.00s 6 chars "/model"',
    '  +1.15s 1 chars "\\r"',
    "----- model server requests -----",
    "  #1 ignored",
    "===== end of e2e diagnostics =====",
  ].join("\n");
}

describe("failureDigest", () => {
  it("condenses each block to its title, the screen's last lines, decisions and writes (not the requests)", () => {
    const digest = failureDigest(`noise\n${block("picker test", 30)}\nmore noise\n`) as string[];
    expect(digest[0]).toBe("── picker test");
    expect(digest).toContain("   last rendered screen (last 18 of 30):");
    expect(digest).toContain("   │ screen 29");
    expect(digest).not.toContain("   │ screen 11");
    expect(digest).toContain('   │   +1.15s 1 chars "\\r"');
    expect(digest.join("\n")).not.toContain("ignored");
  });

  it("keeps at most two blocks and ignores an unterminated one", () => {
    expect((failureDigest([block("a", 1), block("b", 1), block("c", 1)].join("\n")) as string[]).filter((l) => l.startsWith("── "))).toEqual(["── a", "── b"]);
    expect(failureDigest("===== e2e diagnostics: cut =====\n----- PTY writes -----\n")).toEqual([]);
  });
});
