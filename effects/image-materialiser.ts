// The effect actor the image-attach machine invokes: checks a submission's image files, writes its byte inputs to
// temp files, answers with the paths, and removes those temp files once the attach ended and the caller's hold is over.

import { type EventObject, fromCallback } from "xstate";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import type { ImageFilesEvent } from "../src/contracts/image-files.js";
import { type ClipboardBackend, clipboardRefusal } from "./clipboard.js";
import { checkImageFiles, type ImageSnapshot, materializeImages } from "./image-files.js";

/** What the facade snapshotted at the call (opaque to the machine, which only passes it on). */
export interface ImageMaterialiserInput {
  readonly images: readonly ImageSnapshot[];
  /** The clipboard the images go through (Codex), or undefined when they are pasted as paths (Claude). */
  readonly clipboard?: ClipboardBackend;
  /**
   * The files outlive the attach until this settles: the facade holds them until its submission settles, and a
   * `send`/`stream` turn until its real end (acceptance recovery may still need them after the attach is over).
   */
  readonly keepUntil?: Promise<void>;
}

/** Checks, then writes; the error is the caller's (`invalid_image`, `unsupported_platform`, `image_attach_failed`). */
async function materialise(input: ImageMaterialiserInput): Promise<{ readonly paths: readonly string[]; cleanup(): Promise<void> }> {
  const checked = await checkImageFiles(input.images);
  if (checked instanceof ElwoodError) throw checked;
  const refused = input.clipboard === undefined ? undefined : await clipboardRefusal(input.clipboard, checked);
  if (refused !== undefined) throw refused;
  const files = await materializeImages(checked);
  if (files instanceof ElwoodError) throw files;
  return files;
}

export const imageMaterialiserLogic = fromCallback<EventObject, ImageMaterialiserInput, ImageFilesEvent>(({ input, sendBack }) => {
  let stopped = false;
  const files = materialise(input);
  files.then(
    (ready) => {
      if (!stopped) sendBack({ type: "images.ready", paths: ready.paths });
    },
    (error: unknown) => {
      if (stopped) return;
      sendBack({ type: "images.failed", error: isElwoodError(error) ? error : new ElwoodError("image_attach_failed", String(error), { reason: "temp_file_failed" }) });
    },
  );
  // The temp files are removed (best-effort) once the attach ended, however it ended, and the caller's hold is over.
  return () => {
    stopped = true;
    const hold = input.keepUntil ?? Promise.resolve();
    void Promise.all([files, hold.catch(() => undefined)])
      .then(([ready]) => ready.cleanup())
      .catch(() => undefined);
  };
});
