// Recognizes the four accepted image formats by their leading bytes (magic numbers), not by name or claim.

export const IMAGE_FORMATS = ["png", "jpeg", "gif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Bytes needed to tell the formats apart (WebP's `RIFF????WEBP` is the longest). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

/** The format the bytes are in, or undefined when they are none of png/jpeg/gif/webp. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return "gif"; // "GIF8" (GIF87a / GIF89a)
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return "webp"; // RIFF….WEBP
  return undefined;
}
