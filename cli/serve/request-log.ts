// One JSON line per finished request on stderr: time, method, path, status, duration, session id — never bodies, queries or tokens.

export interface RequestLogEntry {
  readonly method: string;
  /** The path without its query string (a query could carry secrets). */
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly session?: string | undefined;
  /** The problem code of an error reply. */
  readonly code?: string | undefined;
}

export type RequestLogger = (entry: RequestLogEntry) => void;

/** A logger writing to `out` (stderr); a failed write never affects the request. */
export function jsonLineLogger(out: { write(chunk: string): unknown }, now: () => Date = () => new Date()): RequestLogger {
  return (entry) => {
    const line = {
      time: now().toISOString(),
      method: entry.method,
      path: entry.path,
      status: entry.status,
      ms: Math.round(entry.ms * 10) / 10,
      ...(entry.session === undefined ? {} : { session: entry.session }),
      ...(entry.code === undefined ? {} : { code: entry.code }),
    };
    try {
      out.write(`${JSON.stringify(line)}\n`);
    } catch {
      /* logging must never break serving */
    }
  };
}
