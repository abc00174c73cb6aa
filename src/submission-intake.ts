// Submission intake: checks a message's text, snapshots its images within the clone budget, and enqueues it.

import { attachClipboard } from "../effects/clipboard.js";
import { ImageCloneBudget } from "../effects/image-budget.js";
import { clonedBytes, snapshotImages, type ImageSnapshot } from "../effects/image-files.js";
import type { ImageMaterialiserInput } from "../effects/image-materialiser.js";
import type { QueueRequest, QueueTransaction } from "../machines/control-queue.js";
import { sanitizeSubmissionText } from "../machines/sanitize.js";
import { ElwoodError, rejectWith } from "./contracts/errors.js";
import { isTerminalStatus, type SessionStatus } from "./contracts/public-types.js";
import type { HeldImages } from "./held-images.js";
import { submissionOp, type SubmissionKind } from "./queue-ops.js";
import { MAX_SUBMISSION_BYTES } from "./session-defaults.js";
import type { SendOptions } from "./session-types.js";


export interface SubmissionIntakeDeps {
  readonly cwd: string;
  readonly imageVia: "paste" | "clipboard";
  /** The refusal for a message with images, when the agent takes none (its definition's capabilities). */
  readonly imagesRefusal: () => ElwoodError | undefined;
  /** The agent's environment (its display is the clipboard images go through). */
  readonly agentEnv: Readonly<Record<string, string | undefined>>;
  readonly status: () => SessionStatus;
  /** Enqueues the op; settles once the queue reports its prompt entered (or fails it). */
  readonly enqueue: (op: QueueRequest, settleAt: "entered") => Promise<unknown>;
  /** The turn id an entered submission stands for (its own op id; guidance keeps the running turn's). */
  readonly entered: (kind: SubmissionKind, opId: string) => string;
}

export class SubmissionIntake {
  /** Cloned image bytes held by queued submissions, one ceiling per session (C-API-44); shared with its ClaudeSession/CodexSession. */
  private imageBudget = new ImageCloneBudget();

  constructor(private readonly deps: SubmissionIntakeDeps) {}

  /** Counts from now on against `budget` (the primary API's, so both surfaces share one ceiling); called before any submission. */
  shareBudget(budget: ImageCloneBudget): void {
    this.imageBudget = budget;
  }

  /**
   * `held`: images the primary API snapshotted and reserved at its own call (it releases that reservation itself);
   * the temp files written for them stay until `held.until` (a `send`/`stream` turn's real end).
   */
  submit(kind: SubmissionKind, text: unknown, options?: SendOptions, held?: HeldImages): Promise<string> {
    if (isTerminalStatus(this.deps.status())) return rejectWith("session_not_running", `the session is ${this.deps.status()}`);
    if (typeof text !== "string") return rejectWith("invalid_argument", `${kind} text must be a string`);
    if (Buffer.byteLength(text, "utf8") > MAX_SUBMISSION_BYTES) {
      return rejectWith("input_too_large", `text exceeds ${MAX_SUBMISSION_BYTES} bytes of UTF-8`, { limit: MAX_SUBMISSION_BYTES });
    }
    if (options !== undefined && (typeof options !== "object" || options === null)) {
      return rejectWith("invalid_argument", "options must be an object");
    }
    const clean = sanitizeSubmissionText(text);
    let snapshot: readonly ImageSnapshot[] = held?.snapshot ?? [];
    if (held === undefined && options?.images !== undefined) {
      // Snapshot synchronously (buffers cloned, paths absolutized) before anything else can run.
      let taken: readonly ImageSnapshot[] | ElwoodError;
      try {
        taken = snapshotImages(options.images, this.deps.cwd);
      } catch {
        // A throwing getter or Proxy in the caller's list: still a typed rejection, never a synchronous throw.
        taken = new ElwoodError("invalid_image", "images could not be read (an entry threw)");
      }
      if (taken instanceof ElwoodError) return Promise.reject(taken);
      snapshot = taken;
    }
    if (snapshot.length === 0) return this.enqueue(kind, clean);
    const refused = this.deps.imagesRefusal();
    if (refused !== undefined) return Promise.reject(refused);
    // A held snapshot is already reserved (by its turn, until the turn's end); a raw call reserves until it settles.
    const release = held === undefined ? this.imageBudget.reserve(clonedBytes(snapshot)) : () => {};
    if (release instanceof ElwoodError) return Promise.reject(release);
    const viaClipboard = this.deps.imageVia === "clipboard";
    const clipboard = viaClipboard ? attachClipboard(this.deps.agentEnv) : undefined;
    if (clipboard instanceof ElwoodError) {
      release();
      return Promise.reject(clipboard);
    }
    // The files are checked and written by the attach transaction's materialiser (effects/image-materialiser.ts) once
    // the op holds the queue's slot; the queue keeps call order, and nothing is written before they are ready. They
    // stay on disk until the submission settles, and a turn's until its real end (acceptance recovery may need them).
    let submissionSettled!: () => void;
    const settled = new Promise<void>((resolve) => (submissionSettled = resolve));
    const keepUntil = held === undefined ? settled : Promise.all([settled, held.until]).then(() => undefined);
    const files: ImageMaterialiserInput = clipboard === undefined ? { images: snapshot, keepUntil } : { images: snapshot, clipboard, keepUntil };
    return this.enqueue(kind, clean, { kind: "imageAttach", input: { files, via: this.deps.imageVia } }).finally(() => {
      submissionSettled();
      release();
    });
  }

  /**
   * A submission's op id is its turn id: the call resolves with it once the prompt was entered, and from then on
   * activity events carry it (guidance joins the running turn and keeps that turn's id).
   */
  private enqueue(kind: SubmissionKind, clean: string, transaction?: QueueTransaction): Promise<string> {
    const op = submissionOp(kind, clean, transaction);
    return this.deps.enqueue(op, "entered").then(() => this.deps.entered(kind, op.opId));
  }
}
