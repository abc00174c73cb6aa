// What a Codex shell tool printed: the harness text around it (the code-mode `Script completed` report, the classic
// `Chunk ID` / `Wall time` header and the exec result's JSON fields) removed, so a result reads what the command wrote.

/** The exec tool's result, as the code-mode script reports it (verified 0.144.6, 0.171.0). */
interface ExecResult {
  readonly output: string;
  readonly exitCode: number | undefined;
}

/** What Elwood reports for one tool result. */
export interface CodexToolOutput {
  readonly output: string;
  /** True when the harness reports a non-zero exit code. */
  readonly failed: boolean;
}

/**
 * Code mode (both pinned versions): `Script completed\nWall time 1.2 seconds\nOutput:\n\n{"chunk_id":…,"exit_code":0,
 * "output":"tool-ran-ok\n"}`; the script's own printed text follows `Output:`.
 */
const CODE_MODE_HEADER = /^Script (?:completed|failed)[^\n]*\nWall time [^\n]*\nOutput:\n/;
/**
 * Classic exec_command: `Chunk ID: 70307c\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token
 * count: 3\nOutput:\n…` (seen on 0.144.6 and 0.171.0 screens and in the research notes).
 */
const CLASSIC_HEADER = /^Chunk ID: [^\n]*\nWall time: [^\n]*\n(?:Process exited with code (-?\d+)\n)?(?:Original token count: [^\n]*\n)?Output:\n/;

function execResult(text: string): ExecResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Readonly<Record<string, unknown>>;
  if (typeof record["output"] !== "string") return undefined;
  const code = record["exit_code"];
  return { output: record["output"], exitCode: typeof code === "number" ? code : undefined };
}

/** A command's printed text without the final newline, as Claude's Bash tool reports it (one shape on every CLI). */
const printed = (text: string): string => text.replace(/\r?\n$/, "");

/** The printed output of a tool result's text; text that carries no known harness passes through unchanged. */
export function codexToolOutput(text: string, recordedFailure: boolean): CodexToolOutput {
  const codeMode = CODE_MODE_HEADER.exec(text);
  if (codeMode !== null) {
    const body = text.slice(codeMode[0].length);
    const result = execResult(body.trim());
    if (result === undefined) return { output: printed(body.replace(/^\n/, "")), failed: recordedFailure };
    return { output: printed(result.output), failed: recordedFailure || (result.exitCode !== undefined && result.exitCode !== 0) };
  }
  const classic = CLASSIC_HEADER.exec(text);
  if (classic !== null) {
    const code = classic[1] === undefined ? undefined : Number(classic[1]);
    return { output: printed(text.slice(classic[0].length)), failed: recordedFailure || (code !== undefined && code !== 0) };
  }
  return { output: text, failed: recordedFailure };
}
