// A consumer's TypeScript file, typechecked against the installed tarball under `tsc --init`'s strict defaults.
import { inspect, isElwoodError, startClaude, type InspectorHandle } from "elwood";

export async function oneTurn(executable: string, cwd: string): Promise<string> {
  const session = await startClaude({ cwd, executable });
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
