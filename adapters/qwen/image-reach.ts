// Whether Qwen Code can read a session's attached images: it reads them from the session's private home, so not from a git-ignored one.
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { ElwoodError } from "../../src/contracts/errors.js";

/** Whether `dir` (or an ancestor) holds `.git`: Qwen then applies the repository's ignore files to `@` references. */
function inGitWorkTree(dir: string): boolean {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return true;
    if (dirname(at) === at) return false;
  }
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Measured on 0.24.4 (issue 34): a pasted image path is copied into `$QWEN_HOME/tmp/clipboard/` and sent as an `@`
 * reference; the reference is read only when that copy is not git-ignored in the workspace. A session directory inside
 * the workspace of a git repository is (the default store `<cwd>/.elwood` ignores everything in it), and there 0.24.4
 * drops the reference without a word: the model gets the bare `@path` text and no image. Refused instead, before
 * anything is written. A store outside the workspace (the `stateDir` option; the elwood command's XDG state) reads.
 */
export function qwenImagesUnavailable(cwd: string): (sessionDir: string) => ElwoodError | undefined {
  return (sessionDir) => {
    if (!isInside(sessionDir, cwd) || !inGitWorkTree(cwd)) return undefined;
    return new ElwoodError(
      "capability_unsupported",
      "Qwen Code reads no attached image from a session directory inside the git workspace (it is git-ignored): start the session with a stateDir outside the project to send images",
      { agentId: "qwen", capability: "images" },
    );
  };
}
