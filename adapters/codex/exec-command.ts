// Codex's shell tool calls as the command they run: the harness around it (a code-mode JS snippet, JSON arguments, the
// sandbox fields) removed, so a tool call reads `{ command: "ls -la" }`, not the wrapper that carried it.

type Rec = Readonly<Record<string, unknown>>;

/** The classic tools whose arguments carry a shell command (`cmd` or `command`). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(["exec_command", "shell", "shell_command", "local_shell"]);

/** The code-mode host calls a shell tool as `tools.<name>(<object>)` inside its snippet (verified 0.171.0). */
const SNIPPET_CALL = /tools\.(exec_command|shell|shell_command|local_shell)\s*\(\s*\{/;

const isRec = (value: unknown): value is Rec => typeof value === "object" && value !== null && !Array.isArray(value);

/** `cmd` or `command`, a string or an argv array (joined with spaces); undefined when neither is usable. */
function commandOf(args: unknown): string | undefined {
  if (!isRec(args)) return undefined;
  const command = args["cmd"] ?? args["command"];
  if (typeof command === "string") return command;
  if (Array.isArray(command) && command.length > 0 && command.every((part) => typeof part === "string")) return command.join(" ");
  return undefined;
}

/** The JSON object that starts at `open` (a `{`), found by matching braces outside strings; undefined if unbalanced. */
function objectAt(text: string, open: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth += 1;
    else if (c === "}") {
      depth -= 1;
      if (depth === 0) return text.slice(open, i + 1);
    }
  }
  return undefined;
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** A code-mode `exec` snippet's shell command, or undefined when the snippet calls no shell tool with a JSON object. */
function snippetCommand(snippet: string): string | undefined {
  const call = SNIPPET_CALL.exec(snippet);
  if (call === null) return undefined;
  const object = objectAt(snippet, call.index + call[0].length - 1);
  return object === undefined ? undefined : commandOf(parsed(object));
}

/** A tool call's input as Elwood reports it, and what Codex recorded when the two differ. */
export interface CodexToolInput {
  readonly input: unknown;
  /** The recorded arguments or snippet, present only when a shell call's harness was removed. */
  readonly raw?: unknown;
}

/**
 * A tool call's input as activity and streams show it: a shell call is `{ command }`, the command line it runs (the
 * shape Claude's Bash tool has), with what Codex recorded kept as `raw`; any other call, or one that cannot be
 * unwrapped, unchanged. `input` is the `function_call`'s parsed arguments or the `custom_tool_call`'s raw input.
 */
export function codexToolInput(name: string, input: unknown): CodexToolInput {
  const command = name === "exec" && typeof input === "string" ? snippetCommand(input) : SHELL_TOOLS.has(name) ? commandOf(input) : undefined;
  return command === undefined ? { input } : { input: { command }, raw: input };
}
