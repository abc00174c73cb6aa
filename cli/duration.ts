// `--timeout` durations: a positive safe integer with a unit of ms, s, m or h, in milliseconds.

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

export function parseDuration(text: string): number | undefined {
  const match = /^([1-9][0-9]*)(ms|s|m|h)$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  // setTimeout holds at most 2^31-1 ms; a longer bound is no bound a timer can keep.
  return Number.isSafeInteger(Number(match[1])) && ms <= 2_147_483_647 ? ms : undefined;
}
