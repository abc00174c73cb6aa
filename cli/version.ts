// The package version, read from the package.json next to the sources or the compiled dist/ tree.

import { readFileSync } from "node:fs";

export function packageVersion(): string {
  // cli/ in a checkout and dist/cli/ in the package: the manifest is one or two levels up.
  for (const up of ["../package.json", "../../package.json"]) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (manifest.name === "elwood" && typeof manifest.version === "string") return manifest.version;
    } catch {
      /* try the next level */
    }
  }
  return "unknown";
}
