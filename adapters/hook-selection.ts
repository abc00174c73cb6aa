// Which of a CLI version's hook events a session registers: all of them, or the adapter's essential ones plus the handled ones.
import type { HookEventSelection } from "../src/contracts/public-types.js";

/**
 * The events to register, in the version's own order. A handler key may name a tool ("PreToolUse.Bash"): its event is
 * the part before the dot. A handled event is always registered, so a handler is never silently never called.
 */
export function selectHookEvents(
  versionEvents: readonly string[],
  selection: HookEventSelection,
  essential: readonly string[],
  handlers: object | undefined,
): readonly string[] {
  if (selection === "all") return versionEvents;
  const handled = Object.entries(handlers ?? {}).flatMap(([key, handler]) => (typeof handler === "function" ? [key.split(".")[0] ?? key] : []));
  const keep = new Set([...essential, ...handled]);
  return versionEvents.filter((event) => keep.has(event));
}
