// Which of a CLI version's hook events a session registers: all of them, or the adapter's essential ones plus the handled ones.
import type { AgentAdapter } from "../src/contracts/agent-adapter.js";
import type { HookEventSelection } from "../src/contracts/public-types.js";

/**
 * The events to register, in the version's own order. A handler key may name a tool ("PreToolUse.Bash"): its event is
 * the part before the dot. A handled event is always registered, so a handler is never silently never called; a hook
 * whose registration replaces the CLI's own behaviour is registered only when handled, so the agent never notices it.
 */
/** The events the caller gave a handler for (a tool-scoped key such as "PreToolUse.Bash" names its event). */
export function handledHookEvents(handlers: object | undefined): ReadonlySet<string> {
  return new Set(Object.entries(handlers ?? {}).flatMap(([key, handler]) => (typeof handler === "function" ? [key.split(".")[0] ?? key] : [])));
}

/**
 * Whether the CLI must wait for Elwood's answer to `event`: a handled event (the caller decides) or an essential one
 * (the machines follow the session by it, so it must arrive before the CLI moves on). Any other event is observation
 * only: its answer is always empty, so a command client may send it and exit at once.
 */
export function hookAnswerAwaited(event: string, adapter: Pick<AgentAdapter, "essentialHooks">, handled: ReadonlySet<string>): boolean {
  return handled.has(event) || adapter.essentialHooks.includes(event);
}

export function selectHookEvents(
  versionEvents: readonly string[],
  selection: HookEventSelection,
  adapter: Pick<AgentAdapter, "essentialHooks" | "handlerOnlyHooks">,
  handlers: object | undefined,
): readonly string[] {
  const handled = handledHookEvents(handlers);
  const essential = new Set(adapter.essentialHooks);
  const handlerOnly = new Set(adapter.handlerOnlyHooks);
  return versionEvents.filter((event) => handled.has(event) || (!handlerOnly.has(event) && (selection === "all" || essential.has(event))));
}
