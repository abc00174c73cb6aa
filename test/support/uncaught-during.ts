// Test support: the uncaught exceptions of this process while a run lasts (a socket `error` event nobody listens to ends up there).

/** Collects the process's uncaught exceptions while `run` runs: an `error` event nobody listens to lands there. */
export async function uncaughtDuring(run: () => Promise<void>): Promise<string[]> {
  const caught: string[] = [];
  const record = (error: Error): void => {
    // The frames that say where it was thrown (our handler writing to the socket) are near the top.
    caught.push((error.stack ?? `${error.name}: ${error.message}`).split("\n").slice(0, 12).join("\n"));
  };
  process.on("uncaughtException", record);
  try {
    await run();
    // An error of the last sockets may come a tick after their close.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    process.off("uncaughtException", record);
  }
  return caught;
}
