// Example: one question, one answer. `npm run example:ask -- [--agent codex] [--cwd DIR] "question"`.
// In your own project the import is `from "elwood"`.

import { ClaudeSession, CodexSession, isElwoodError } from "../src/index.js";
import { exampleArgs } from "./example-args.js";

const args = exampleArgs("usage: npm run example:ask -- [--agent claude|codex] [--cwd DIR] [--executable FILE] [question]", "Say hello in five words.");
const session = args.agent === "codex" ? new CodexSession({ cwd: args.cwd, ...args.executable }) : new ClaudeSession({ cwd: args.cwd, ...args.executable });
try {
  // send() starts the CLI on first use, types the prompt as a person would and resolves with the turn's final text.
  console.log(await session.send(args.prompt));
} catch (error) {
  // Every failure is an ElwoodError with a stable code: branch on the code, not on the message.
  console.error(isElwoodError(error) ? `${error.code}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await session.close();
}
