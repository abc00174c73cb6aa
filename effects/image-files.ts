// Image inputs for a submission: validated and bounded before anything is written, bytes materialized as
// short-lived temp files (removed afterwards, best-effort) so the CLIs' file/clipboard attach paths can read them.

import { constants } from "node:fs";
import { access, mkdtemp, open, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { ElwoodError } from "../src/contracts/errors.js";
import { IMAGE_FORMATS, SNIFF_BYTES, sniffImageFormat, type ImageFormat } from "./image-format.js";

export { IMAGE_FORMATS, type ImageFormat } from "./image-format.js";

export const MAX_IMAGES = 16;
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_TOTAL_IMAGE_BYTES = 50 * 1024 * 1024;

/** An image to attach: a file path, or in-memory bytes with an explicit format (never both). */
export type ImageInput = { readonly path: string } | { readonly data: Uint8Array; readonly format: ImageFormat };

export type ValidImage =
  | { readonly kind: "path"; readonly path: string; readonly bytes: number }
  | { readonly kind: "data"; readonly data: Uint8Array; readonly format: ImageFormat };

const invalid = (message: string, details: Record<string, unknown> = {}): ElwoodError => new ElwoodError("invalid_image", message, details);

/** Size and leading bytes of a readable regular file, or why it is not one. */
async function readableRegularFile(path: string): Promise<{ readonly size: number; readonly head: Uint8Array } | string> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return "is not a regular file";
    await access(path, constants.R_OK);
    // access() says yes to root for anything; opening and reading is the real readability check.
    const handle = await open(path, "r");
    try {
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      return { size: info.size, head: head.subarray(0, bytesRead) };
    } finally {
      await handle.close();
    }
  } catch {
    return "is not readable";
  }
}

/** A submission's images as captured at the call: byte inputs cloned, paths made absolute (C-API-44). */
export type ImageSnapshot =
  | { readonly kind: "path"; readonly path: string }
  | { readonly kind: "data"; readonly data: Uint8Array; readonly format: ImageFormat };

/**
 * Synchronously snapshots a caller's `images` list (any JavaScript value): shape, format, count and byte sizes
 * are checked now and buffers are copied, so a caller mutating its buffer after the call changes nothing.
 * Returns the snapshot or an `invalid_image` error — it never throws.
 */
export function snapshotImages(images: unknown, cwd: string): readonly ImageSnapshot[] | ElwoodError {
  if (!Array.isArray(images)) return invalid("images must be an array");
  if (images.length > MAX_IMAGES) return invalid(`at most ${MAX_IMAGES} images per submission`, { limit: MAX_IMAGES, count: images.length });
  const out: ImageSnapshot[] = [];
  let total = 0;
  for (const [index, entry] of images.entries()) {
    if (typeof entry !== "object" || entry === null) return invalid(`image ${index} is not an object`, { index });
    const record = entry as Record<string, unknown>;
    const hasPath = "path" in record && record["path"] !== undefined;
    const hasData = "data" in record && record["data"] !== undefined;
    if (hasPath === hasData) return invalid(`image ${index} needs exactly one of path or data`, { index });
    if (hasPath) {
      const raw = record["path"];
      if (typeof raw !== "string" || raw.trim() === "" || raw.includes("\0")) return invalid(`image ${index} has no valid path`, { index });
      out.push({ kind: "path", path: isAbsolute(raw) ? raw : resolve(cwd, raw) });
      continue;
    }
    const data = record["data"];
    const format = record["format"];
    if (!(data instanceof Uint8Array)) return invalid(`image ${index} data must be a Uint8Array`, { index });
    if (typeof format !== "string" || !(IMAGE_FORMATS as readonly string[]).includes(format)) {
      return invalid(`image ${index} format must be one of ${IMAGE_FORMATS.join(", ")}`, { index });
    }
    if (data.byteLength === 0) return invalid(`image ${index} has empty data`, { index });
    if (data.byteLength > MAX_IMAGE_BYTES) return invalid(`image ${index} exceeds ${MAX_IMAGE_BYTES} bytes`, { index, limit: MAX_IMAGE_BYTES });
    // The declared format must be what the bytes are: the CLI decodes by content, so a mislabel could never attach.
    if (sniffImageFormat(data.subarray(0, SNIFF_BYTES)) !== format) return invalid(`image ${index} data is not a ${format} image`, { index });
    total += data.byteLength;
    if (total > MAX_TOTAL_IMAGE_BYTES) return invalid(`images exceed ${MAX_TOTAL_IMAGE_BYTES} bytes in total`, { limit: MAX_TOTAL_IMAGE_BYTES });
    out.push({ kind: "data", data: Uint8Array.prototype.slice.call(data), format: format as ImageFormat });
  }
  return out;
}

/** Bytes a snapshot holds in memory (its cloned byte inputs), counted against the per-session ceiling. */
export function clonedBytes(snapshot: readonly ImageSnapshot[]): number {
  return snapshot.reduce((sum, image) => sum + (image.kind === "data" ? image.data.byteLength : 0), 0);
}

/** Checks a snapshot's files on disk: regular, readable, non-empty, within the per-image and total limits. */
export async function checkImageFiles(snapshot: readonly ImageSnapshot[]): Promise<readonly ValidImage[] | ElwoodError> {
  const out: ValidImage[] = [];
  let total = 0;
  for (const [index, image] of snapshot.entries()) {
    if (image.kind === "data") {
      total += image.data.byteLength;
      out.push(image);
    } else {
      const file = await readableRegularFile(image.path);
      if (typeof file === "string") return invalid(`image ${index} ${file}`, { index });
      const size = file.size;
      if (size === 0) return invalid(`image ${index} is empty`, { index });
      if (sniffImageFormat(file.head) === undefined) return invalid(`image ${index} is not a ${IMAGE_FORMATS.join("/")} image`, { index });
      if (size > MAX_IMAGE_BYTES) return invalid(`image ${index} exceeds ${MAX_IMAGE_BYTES} bytes`, { index, limit: MAX_IMAGE_BYTES });
      total += size;
      out.push({ kind: "path", path: image.path, bytes: size });
    }
    if (total > MAX_TOTAL_IMAGE_BYTES) return invalid(`images exceed ${MAX_TOTAL_IMAGE_BYTES} bytes in total`, { limit: MAX_TOTAL_IMAGE_BYTES });
  }
  return out;
}

/** Snapshot + disk checks in one step; resolves with the validated list or an `invalid_image` error. */
export async function validateImages(images: unknown, cwd: string): Promise<readonly ValidImage[] | ElwoodError> {
  const snapshot = snapshotImages(images, cwd);
  return snapshot instanceof ElwoodError ? snapshot : checkImageFiles(snapshot);
}

export interface MaterializedImages {
  /** Absolute file paths in attach order. */
  readonly paths: readonly string[];
  /** Removes the temp files written for byte inputs; best-effort, never rejects. */
  cleanup(): Promise<void>;
}

const EXTENSIONS: Readonly<Record<ImageFormat, string>> = { png: "png", jpeg: "jpg", gif: "gif", webp: "webp" };

/** Writes byte inputs to a private temp directory (mode 0700/0600); path inputs are used as they are. */
export async function materializeImages(images: readonly ValidImage[]): Promise<MaterializedImages | ElwoodError> {
  let dir: string | undefined;
  const cleanup = async (): Promise<void> => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true }).catch(() => {});
  };
  try {
    const paths: string[] = [];
    for (const [index, image] of images.entries()) {
      if (image.kind === "path") {
        paths.push(image.path);
        continue;
      }
      dir ??= await mkdtemp(join(tmpdir(), "elwood-img-"));
      const file = join(dir, `image-${index + 1}.${EXTENSIONS[image.format]}`);
      await writeFile(file, image.data, { mode: 0o600 });
      paths.push(file);
    }
    return { paths, cleanup };
  } catch (error) {
    await cleanup();
    return new ElwoodError("image_attach_failed", "writing an image temp file failed", { reason: "temp_file_failed", cause: String(error) });
  }
}
