// Recursive sha256 listing of a directory, to prove teardown removed exactly Elwood's files and nothing else.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Relative path → sha256 (files) or "dir" (directories), for every entry under root; empty if root is gone. */
export async function fileTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      const rel = path.relative(root, full);
      if (e.isDirectory()) {
        out.set(rel, "dir");
        await walk(full);
      } else if (e.isFile()) {
        out.set(rel, createHash("sha256").update(await readFile(full)).digest("hex"));
      } else {
        out.set(rel, e.isSocket() ? "socket" : e.isSymbolicLink() ? "symlink" : "other");
      }
    }
  }
  await walk(root);
  return out;
}
