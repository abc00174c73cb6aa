// Answers a blocking tool-permission dialog "Yes" as a person would, and waits for the turn to come back to ready.
import type { E2ESession } from "./session-fixture.js";

/**
 * After seeing the dialog: a short pause, then the agent's "Yes" keys. Codex 0.171.0 twice ignored a `y` written in
 * the same instant as the dialog's first paint on a loaded CI machine (never reproduced quietly), so the keys are
 * pressed once more if the dialog is still up 5 s later; keys that never land still fail the wait for ready.
 */
export async function allowOnce(fx: E2ESession, readyBefore: number): Promise<void> {
  const { session, agent } = fx;
  await new Promise((resolve) => setTimeout(resolve, 300));
  await session.sendKeys(agent.permissionYesKeys);
  const answered = await fx.untilTransitions("ready", readyBefore + 1, 5_000).then(
    () => true,
    () => false,
  );
  if (!answered && session.status === "blocked") {
    console.warn(`${agent.label}: the permission dialog ignored the first "Yes"; pressing it again`);
    await session.sendKeys(agent.permissionYesKeys);
  }
  await fx.untilTransitions("ready", readyBefore + 1, 30_000);
}
