// Suggests the documented long option nearest to an unknown one, only when exactly one is close enough.

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

export function nearestOption(unknown: string, known: readonly string[]): string | undefined {
  const name = unknown.replace(/^--?/, "").replace(/=.*$/, "");
  const limit = Math.max(1, Math.floor(name.length / 3));
  const scored = known.map((k) => ({ k, d: distance(name, k) })).filter((s) => s.d <= limit);
  const best = Math.min(...scored.map((s) => s.d));
  const winners = scored.filter((s) => s.d === best);
  return winners.length === 1 ? (winners[0] as { k: string }).k : undefined;
}
