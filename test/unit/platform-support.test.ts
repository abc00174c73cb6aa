// Starts refuse an OS without POSIX PTYs and process groups with a typed unsupported_platform (C-ERR-02).

import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { unsupportedPlatform } from "../../src/platform-support.js";

describe("platform support (C-ERR-02)", () => {
  it("C-ERR-02: Linux and macOS run sessions; Windows and the rest fail unsupported_platform naming the platform", () => {
    expect(unsupportedPlatform("linux")).toBeUndefined();
    expect(unsupportedPlatform("darwin")).toBeUndefined();
    for (const platform of ["win32", "freebsd", "aix"]) {
      const error = unsupportedPlatform(platform);
      expect(isElwoodError(error, "unsupported_platform")).toBe(true);
      expect(error?.details).toEqual({ platform });
    }
  });
});
