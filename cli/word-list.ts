// Lists of names in running text, so a message that names every agent reads right for any number of them.

/** "a or b", "a, b or c". */
export function orList(words: readonly string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** "neither a nor b", "none of a, b, c" ("a" alone for one). */
export function noneOf(words: readonly string[]): string {
  if (words.length === 1) return words.join("");
  return words.length === 2 ? `neither ${words[0]} nor ${words[1]}` : `none of ${words.join(", ")}`;
}
