// Example: watch one turn as it happens — text, tool calls and their results, dialogs — then its result record.
// `npm run example:stream -- [--agent codex] [--cwd DIR] [--allow-tools] "task"`. In your own project: `from "elwood"`.

import { ClaudeSession, CodexSession, isElwoodError } from "../src/index.js";
import { exampleArgs } from "./example-args.js";

const allowTools = process.argv.includes("--allow-tools");
if (allowTools) process.argv.splice(process.argv.indexOf("--allow-tools"), 1);
const args = exampleArgs(
  "usage: npm run example:stream -- [--agent claude|codex] [--cwd DIR] [--executable FILE] [--allow-tools] [task]",
  "List the files in this directory.",
);
const session = args.agent === "codex" ? new CodexSession({ cwd: args.cwd, ...args.executable }) : new ClaudeSession({ cwd: args.cwd, ...args.executable });
try {
  for await (const event of session.stream(args.prompt)) {
    if (event.type === "text") console.log(`text: ${event.text}`);
    else if (event.type === "tool_call") console.log(`tool call: ${event.name} ${JSON.stringify(event.input)}`);
    else if (event.type === "tool_result") console.log(`tool result: ${event.isError ? "error" : "ok"}`);
    else if (event.type === "status" && event.status === "blocked") {
      // A dialog is up (a permission prompt): answer it with the keys a person would press. 1 approves; Esc declines.
      console.log(`blocked: ${event.label ?? "a dialog"} → ${allowTools ? "approve" : "decline"}`);
      await session.sendKeys(allowTools ? "1" : "\u001b");
    } else if (event.type === "result") console.log(`result: ${event.status} after ${event.durationMs} ms`);
  }
} catch (error) {
  console.error(isElwoodError(error) ? `${error.code}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await session.close();
}
