// Strings bound for stdout or stderr: no escape sequences or control characters (newlines and tabs stay).

const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]|[\x00-\x08\x0b-\x1f\x7f\x9b]/g;

export function sanitizeText(text: string): string {
  return text.replace(ESCAPES, "");
}

/** Tool call ids are opaque tokens: anything outside a conservative alphabet is dropped, and they stay short. */
export function sanitizeId(id: string): string | undefined {
  const clean = id.replace(/[^A-Za-z0-9_.:@-]/g, "").slice(0, 128);
  return clean === "" ? undefined : clean;
}
