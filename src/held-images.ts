// Images a `send`/`stream` turn snapshotted and reserved at its call: the facade's internal door for submitting them, held until the turn's real end.

import type { ImageCloneBudget } from "../effects/image-budget.js";
import type { ImageSnapshot } from "../effects/image-files.js";

/** Submits a message whose images the caller already snapshotted and reserved (internal: not on the public types). */
export const submitHeldImages: unique symbol = Symbol("elwood.submitHeldImages");
/** Makes the session count its raw submissions' images against the given budget (the facade's, one per session). */
export const shareImageBudget: unique symbol = Symbol("elwood.shareImageBudget");

export interface HeldImages {
  /** Taken synchronously at the ergonomic call; its bytes are already reserved by the caller. */
  readonly snapshot: readonly ImageSnapshot[];
  /** The turn's real end: the temp files written for the snapshot stay on disk until it resolves. */
  readonly until: Promise<void>;
}

/** What the ergonomic layer needs from a started session beyond its public surface. */
export interface HeldImageSession {
  [submitHeldImages](kind: "prompt" | "message" | "guidance", text: string, held: HeldImages): Promise<string>;
  [shareImageBudget](budget: ImageCloneBudget): void;
}

export function holdsImages(session: object): session is HeldImageSession {
  const s = session as Partial<HeldImageSession>;
  return typeof s[submitHeldImages] === "function" && typeof s[shareImageBudget] === "function";
}
