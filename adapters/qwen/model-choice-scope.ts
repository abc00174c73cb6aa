// Whether Qwen Code would write a /model choice into a file of the user's: the project's settings, when they own the providers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ElwoodError } from "../../src/contracts/errors.js";
import { isPlainObject } from "../common-options.js";
import { stripJsonComments } from "./user-settings.js";

/** Whether the project's `.qwen/settings.json` has its own `modelProviders` (unreadable or absent: it has none Qwen uses). */
function projectOwnsProviders(cwd: string): boolean {
  let text: string;
  try {
    text = readFileSync(join(cwd, ".qwen", "settings.json"), "utf8");
  } catch {
    return false;
  }
  try {
    const parsed: unknown = JSON.parse(stripJsonComments(text));
    return isPlainObject(parsed) && Object.hasOwn(parsed, "modelProviders");
  } catch {
    return false;
  }
}

/**
 * Read in the 0.24.4 bundle (getPersistScopeForModelSelection): the picker's Enter persists the choice in the scope that
 * owns `modelProviders` — the workspace (`<cwd>/.qwen/settings.json`, trusted unless folder trust is switched on) when
 * it has its own, else the user scope, which under Elwood is the session's private home. The project file is the
 * user's, so setModel is refused there before the picker opens (listing writes nothing and stays allowed). Checked per
 * call: the file may change while the session runs. A cwd of the home directory makes `~/.qwen/settings.json` itself
 * the workspace file, which this covers as well.
 */
export function qwenModelSelectionUnavailable(cwd: string): () => ElwoodError | undefined {
  return () => {
    if (!projectOwnsProviders(cwd)) return undefined;
    return new ElwoodError(
      "capability_unsupported",
      `Qwen Code would save the chosen model into ${join(cwd, ".qwen", "settings.json")}, which declares its own modelProviders: move them to ~/.qwen/settings.json (or pass model at start) to switch models through Elwood`,
      { agentId: "qwen", capability: "models" },
    );
  };
}
