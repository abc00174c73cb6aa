// What a Qwen shell tool printed: the report the CLI hands the model (`Command: … Output: … Exit Code: …`) read back
// to the command's own output, so a tool result reads what the command wrote (one shape on every CLI).

/** The shell tool's names in 0.24.4 (the model calls `run_shell_command`). */
export const QWEN_SHELL_TOOLS: ReadonlySet<string> = new Set(["run_shell_command"]);

/**
 * 0.24.4's shell report, line by line (`Command:` is left out when code mode ran it):
 * `Command: X` / `Directory: (root)` / `Output: <output or (empty)>` / `Error: <message or (none)>` /
 * `Exit Code: <n or (none)>` / `Signal: <name or (none)>` / `Process Group PGID: <n or (none)>`, then optional notes.
 * The output may span lines, so the fields after it are matched from the report's end.
 */
const REPORT = /^(?:Command: [^\n]*\n)?Directory: [^\n]*\nOutput: ([\s\S]*)\nError: ([^\n]*)\nExit Code: ([^\n]*)\nSignal: ([^\n]*)\nProcess Group PGID: [^\n]*(?:\n[\s\S]*)?$/;

export interface QwenToolOutput {
  readonly output: string;
  /** A non-zero exit code, a signal or an error the report names. */
  readonly failed: boolean;
}

/** A shell result's printed output; any other text (another tool's, a cancelled command's note) passes through unchanged. */
export function qwenShellOutput(text: string, recordedFailure: boolean): QwenToolOutput {
  const report = REPORT.exec(text);
  if (report === null) return { output: text, failed: recordedFailure };
  const [, body = "", error = "(none)", exitCode = "(none)", signal = "(none)"] = report;
  const output = body === "(empty)" ? "" : body.replace(/\r?\n$/, "");
  const failed = recordedFailure || error !== "(none)" || signal !== "(none)" || (exitCode !== "(none)" && exitCode !== "0");
  return { output, failed };
}
