// Where a resumed session's transcript observation starts: the recorded conversation file's length at relaunch.

import { stat } from "node:fs/promises";

/**
 * The end of what the CLI recorded before a resume: everything before `offset` in `file` is history and is never
 * replayed as activity. `file` is undefined when the record does not name one (a record from before it was kept).
 */
export interface ResumeTranscriptMark {
  readonly file: string | undefined;
  readonly offset: number;
}

/** Measures the mark before the CLI is relaunched (a file that is not there yet holds no history: offset 0). */
export async function markResumeTranscript(file: string | undefined): Promise<ResumeTranscriptMark> {
  if (file === undefined) return { file, offset: 0 };
  try {
    const info = await stat(file);
    return { file, offset: info.isFile() ? info.size : 0 };
  } catch {
    return { file, offset: 0 };
  }
}
