// shellWord: a printed command pastes back into a POSIX shell as the same arguments, whatever a path holds.

import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellWord } from "../../inspector/shell-word.js";

describe("shellWord (C-APP-02: the printed resume command)", () => {
  it("leaves plain words bare and quotes anything a shell would split, expand or glob", () => {
    expect(shellWord("/home/me/project-1")).toBe("/home/me/project-1");
    expect(shellWord("a b")).toBe("'a b'");
    expect(shellWord("")).toBe("''");
  });

  it("round-trips through sh: spaces, quotes, $, globs, backslashes and newlines come back unchanged", () => {
    const words = ["it's here", "$HOME", "*", "a\\b", "line\nbreak", "`id`", "--resume", "x;y"];
    const echoed = execFileSync("sh", ["-c", `printf '%s\\0' ${words.map(shellWord).join(" ")}`], { encoding: "utf8" });
    expect(echoed.split("\0").slice(0, -1)).toEqual(words);
  });
});
