// Image-file vocabulary: what the image-attach machine hears from the effect that checks and writes a submission's images.

import type { ElwoodError } from "./errors.js";

/** The images are checked and on disk: attach these absolute paths, in order. */
export type ImagesReadyEvent = { readonly type: "images.ready"; readonly paths: readonly string[] };

/** The images could not be used (`invalid_image`, `unsupported_platform`, or `image_attach_failed` for a temp file). */
export type ImagesFailedEvent = { readonly type: "images.failed"; readonly error: ElwoodError };

export type ImageFilesEvent = ImagesReadyEvent | ImagesFailedEvent;
