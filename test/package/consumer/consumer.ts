// A consumer's TypeScript file, typechecked against the installed tarball under `tsc --init`'s strict defaults.
import { isElwoodError, startClaude, type AgentKind, type ClaudeSessionApi, type ElwoodSessionStatus } from "elwood";
import { inspect, type InspectorHandle } from "elwood/inspector";

export async function oneTurn(executable: string, cwd: string): Promise<string> {
  // The seed's names (issue 33 §5) are what a consumer of the upstream package wrote.
  const session: ClaudeSessionApi = await startClaude({ cwd, executable });
  const status: ElwoodSessionStatus = session.status;
  void status;
  session.on("activity", (a) => {
    if (a.kind === "assistant_message") console.log(a.label);
  });
  await session.waitForStatus((s) => s === "ready");
  await session.sendMessage("hello");
  const handle: InspectorHandle = await inspect(session);
  await handle.close();
  await session.teardown();
  return handle.url;
}

export const isTyped = (e: unknown): boolean => isElwoodError(e);

// Every agent folder's registry entry reaches a consumer's compiler (issue 33 §2): AgentKind is the registered ids,
// and an agent's own error code narrows its details (a wrong id or field would not compile).
export const kinds: readonly AgentKind[] = ["claude", "codex"];
export function conflictOf(e: unknown): string | undefined {
  return isElwoodError(e, "claude_high_trust_conflict") ? `${e.details.agent}:${e.details.category}:${e.details.permissionMode}` : undefined;
}
