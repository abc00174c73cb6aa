// Submission intake: checks a message's text and images, keeps call order behind image checks, and enqueues it.

import { clipboardBackend, firstUnpastableImage } from "../effects/clipboard.js";
import { ImageCloneBudget } from "../effects/image-budget.js";
import { checkImageFiles, clonedBytes, materializeImages, snapshotImages, type ImageSnapshot } from "../effects/image-files.js";
import type { QueueTransaction } from "../machines/control-queue.js";
import { sanitizeSubmissionText } from "../machines/sanitize.js";
import { ElwoodError, isElwoodError, rejectWith } from "./contracts/errors.js";
import { isTerminalStatus, type SessionStatus } from "./contracts/public-types.js";
import type { HeldImages } from "./held-images.js";
import { MAX_SUBMISSION_BYTES } from "./session-defaults.js";
import type { SendOptions } from "./session-types.js";

export type SubmissionKind = "prompt" | "message" | "guidance";

export interface SubmissionIntakeDeps {
  readonly cwd: string;
  readonly imageVia: "paste" | "clipboard";
  /** The agent's environment (its display is the clipboard images go through). */
  readonly agentEnv: Readonly<Record<string, string | undefined>>;
  readonly status: () => SessionStatus;
  /** Enqueues the cleaned text (with its image attach); settles with the submission's turn id when the queue reports it. */
  readonly enqueue: (kind: SubmissionKind, clean: string, transaction?: QueueTransaction) => Promise<string>;
}

export class SubmissionIntake {
  /** Cloned image bytes held by queued submissions, one ceiling per session (C-API-44); shared with its ClaudeSession/CodexSession. */
  private imageBudget = new ImageCloneBudget();
  /** Submissions whose images are still being checked: later calls queue behind them to keep call order. */
  private intake: Promise<void> = Promise.resolve();
  private intakePending = 0;

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
    if (snapshot.length === 0 && this.intakePending === 0) return this.deps.enqueue(kind, clean);
    // A held snapshot is already reserved (by its turn, until the turn's end); a raw call reserves until it settles.
    const release = held === undefined ? this.imageBudget.reserve(clonedBytes(snapshot)) : () => {};
    if (release instanceof ElwoodError) return Promise.reject(release);
    // Calls keep their order: this one enqueues only after every earlier image call has enqueued (or failed).
    this.intakePending += 1;
    let enqueued!: (submission: PromiseLike<string>) => void;
    let refused!: (error: unknown) => void;
    const submission = new Promise<string>((resolve, reject) => ((enqueued = resolve), (refused = reject)));
    this.intake = this.intake.then(async () => {
      try {
        // Wrapped in an object: the intake chain must wait for the enqueue, never for the submission itself.
        const next = snapshot.length === 0 ? { submission: this.deps.enqueue(kind, clean) } : await this.submitWithImages(kind, clean, snapshot, held?.until);
        enqueued(next.submission);
      } catch (error) {
        refused(isElwoodError(error) ? error : new ElwoodError("image_attach_failed", String(error), { reason: "temp_file_failed" }));
      } finally {
        this.intakePending -= 1;
      }
    });
    return submission.finally(release);
  }

  /**
   * Checks the snapshot's files, materializes byte inputs and enqueues attach + submit as one op. Resolves once
   * enqueued, with the submission's own promise (temp files are removed when it settles, and not before `until`).
   */
  private async submitWithImages(
    kind: "prompt" | "message" | "guidance",
    clean: string,
    snapshot: readonly ImageSnapshot[],
    until: Promise<void> | undefined,
  ): Promise<{ readonly submission: Promise<string> }> {
    if (isTerminalStatus(this.deps.status())) throw new ElwoodError("session_not_running", `the session is ${this.deps.status()}`);
    const viaClipboard = this.deps.imageVia === "clipboard";
    if (viaClipboard && clipboardBackend(process.platform, this.deps.agentEnv) === undefined) {
      throw new ElwoodError("unsupported_platform", "Codex attaches images only through a native clipboard (macOS, or Linux with a display)");
    }
    const checked = await checkImageFiles(snapshot);
    if (checked instanceof ElwoodError) throw checked;
    const backend = viaClipboard ? clipboardBackend(process.platform, this.deps.agentEnv) : undefined;
    const unpastable = backend === undefined ? undefined : await firstUnpastableImage(backend, checked);
    if (unpastable !== undefined) throw new ElwoodError("unsupported_platform", "Codex on Linux reads only PNG images from the clipboard", { index: unpastable });
    const files = await materializeImages(checked);
    if (files instanceof ElwoodError) throw files;
    if (isTerminalStatus(this.deps.status())) {
      await files.cleanup();
      throw new ElwoodError("session_not_running", `the session is ${this.deps.status()}`);
    }
    const submission = this.deps.enqueue(kind, clean, { kind: "imageAttach", input: { paths: files.paths, via: this.deps.imageVia } });
    if (until === undefined) return { submission: submission.finally(() => files.cleanup()) };
    // A turn's files outlive its submission: acceptance recovery may still need them until the turn's real end.
    const settled = submission.then(
      () => undefined,
      () => undefined,
    );
    void Promise.all([settled, until]).then(() => files.cleanup());
    return { submission };
  }
}
