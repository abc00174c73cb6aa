// Paths in messages shown to a person: relative to the state directory or the invocation directory, never the
// absolute state path (library errors keep the absolute one in `details.path` for code).

const PATH_TAIL = "(/[^\\s'\",:;)]*)?";

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A path matched only as a whole component: `/a/state` is not found inside `/a/states`. */
function pathPattern(root: string): RegExp {
  return new RegExp(`${escape(root.replace(/\/+$/, ""))}(?![^\\s'",:;)/])${PATH_TAIL}`, "g");
}

/**
 * `<state>/sessions/x` → `sessions/x (in the state directory)`, `<state>` → `the state directory`,
 * `<cwd>/sub` → `sub`, `<cwd>` → `.`; the state directory first (it may sit inside the invocation directory).
 */
export function relativePaths(message: string, cwd: string, stateDir: string | undefined): string {
  let out = message;
  if (stateDir !== undefined && stateDir !== "/") {
    out = out.replace(pathPattern(stateDir), (_, tail: string | undefined) => (tail === undefined || tail === "/" ? "the state directory" : `${tail.slice(1)} (in the state directory)`));
  }
  if (cwd !== "/") out = out.replace(pathPattern(cwd), (_, tail: string | undefined) => (tail === undefined || tail === "/" ? "." : tail.slice(1)));
  return out;
}
