// Gives one e2e test file its own TMPDIR, so everything Elwood puts in the temp dir (hook sockets) can be accounted for.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Points this worker's os.tmpdir() at a fresh directory and returns it (each vitest fork runs one file, so this
 * cannot leak into other files). Call restore() at the end of the file.
 */
export function usePrivateTmp(): { readonly dir: string; restore(): void } {
  const previous = process.env["TMPDIR"];
  // Short base: the hook socket path must fit sun_path (the server falls back to /tmp otherwise).
  const dir = mkdtempSync(path.join("/tmp", "elw-e2e-"));
  process.env["TMPDIR"] = dir;
  if (os.tmpdir() !== dir) throw new Error(`os.tmpdir() did not follow TMPDIR (${os.tmpdir()})`);
  return {
    dir,
    restore: () => {
      if (previous === undefined) delete process.env["TMPDIR"];
      else process.env["TMPDIR"] = previous;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
