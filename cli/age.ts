// `--older-than` ages: a positive whole number with ms, s, m, h or d, in milliseconds (no timer bound: only compared).

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseAge(text: string): number | undefined {
  const match = /^([1-9][0-9]*)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return Number.isSafeInteger(ms) ? ms : undefined;
}
