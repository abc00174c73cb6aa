// Quotes one argument for a POSIX shell, so a printed command can be pasted back whatever the path holds.

/** `word` as one shell word: left bare when it is plainly safe, single-quoted otherwise. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
