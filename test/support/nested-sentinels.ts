// Adversarial paste input: `ESC[20` × depth + `ESC[201~` + `0~` × depth, where each removal re-forms the next sentinel.

export function nestedSentinels(depth: number): string {
  return "\x1b[20".repeat(depth) + "\x1b[201~" + "0~".repeat(depth);
}
