// Answers a tool-permission dialog "Yes" as a person would while a stream keeps flowing: a short pause, the keys, and
// the keys once more if the dialog is still up 5 s later (see allow-once.ts for why: a loaded machine's first paint).
import type { SessionStatus } from "../../../src/contracts/public-types.js";

interface Answerable {
  readonly status: SessionStatus;
  sendKeys(keys: string): Promise<void>;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Not awaited by a `for await` loop: the stream's own events show whether the answer landed. */
export async function answerPermission(target: Answerable, yesKeys: string, label: string): Promise<void> {
  await pause(300);
  await target.sendKeys(yesKeys);
  await pause(5_000);
  if (target.status !== "blocked") return;
  console.warn(`${label}: the permission dialog ignored the first "Yes"; pressing it again`);
  await target.sendKeys(yesKeys);
}
