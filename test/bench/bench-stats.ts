// Shared benchmark arithmetic: rounding, percentiles, and min/median/max over repetitions.

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round2 = (n: number): number => Math.round(n * 100) / 100;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
}

/** `min / median / max` of repeated measurements, as one table cell. */
export function spread(values: readonly number[], digits = 2): string {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return "n/a";
  const f = (n: number): string => n.toFixed(digits);
  return `${f(sorted[0] as number)} / ${f(percentile(sorted, 0.5))} / ${f(sorted.at(-1) as number)}`;
}
