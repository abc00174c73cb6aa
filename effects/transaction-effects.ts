// The facade's side of transaction effects: performs what a pure transaction machine asks for (the picker's config
// file snapshot/restore, clipboard, login callbacks) and answers it; also releases everything a dying session held.

import { Clipboard, clipboardBackend, clipboardLock, systemToolsWith } from "./clipboard.js";
import { configFileLock, restoreConfig, restoreConfigAfterWrite, snapshotConfig, type ConfigSnapshot } from "./config-snapshot.js";
import type { ProcessLock } from "./process-lock.js";
import type { LoginProfile } from "../src/contracts/agent-adapter.js";
import type { EffectRequestEvent, EffectResultEvent } from "../src/contracts/transaction.js";
import { ElwoodError } from "../src/contracts/errors.js";
import type { WarningCode } from "../src/contracts/public-types.js";
import type { ConfigJournal } from "./config-journal.js";

export interface LoginCallbacks {
  readonly onAuthUrl?: (url: string) => void;
  readonly provideCode: () => string | Promise<string>;
}

/** One session's picker config file: where it is, and the agent's warning when a choice stayed in it. */
export interface ConfigFileTarget {
  readonly path: string;
  readonly persistedWarning: WarningCode;
}

export interface TransactionEffectDeps {
  readonly warn: (code: WarningCode, message: string, details?: Readonly<Record<string, unknown>>) => void;
  /** The config file the CLI's picker writes its choice into (its adapter's `configFile`); undefined when it writes none. */
  readonly configFile: () => ConfigFileTarget | undefined;
  readonly login: (opId: string) => LoginCallbacks | undefined;
  /** The CLI's `/login` knowledge (validates a code before the machine types it). */
  readonly loginProfile?: LoginProfile;
  readonly clipboard?: () => Clipboard | undefined;
  /** The agent's environment (DISPLAY, WAYLAND_DISPLAY, XAUTHORITY …) for the default clipboard. */
  readonly agentEnv?: Readonly<Record<string, string | undefined>>;
  /** Override of CLIPBOARD_LOCK_WAIT_MS (tests). */
  readonly clipboardLockWaitMs?: number;
  /** Resolves when the agent process has exited (the restore barrier after a termination race). */
  readonly processExited: () => Promise<void>;
  /** Crash journal of the config.toml snapshot in the session directory (restored by the next start if we die). */
  readonly configJournal?: ConfigJournal;
}

/** Bound on waiting for the CLI process to exit before a termination-time config.toml restore; after it the restore proceeds. */
export const RESTORE_EXIT_BARRIER_MS = 5000;
/**
 * How long a persisting apply (Codex 0.144's Enter) waits for the CLI's own asynchronous config.toml write to land. The
 * write comes a moment after the picker closes, but a CLI starved on a loaded machine has written it more than 2 s
 * late (seen in the integration suite under load), which left the picker's model as the user's default. The wait
 * ends as soon as the write is seen, so only a choice that changes nothing pays the whole bound.
 */
export const PERSIST_WAIT_MS = 5000;

/** The clipboard of the display the agent runs on (its env may name a display Elwood's own env does not). */
export const clipboardFor = (env: Readonly<Record<string, string | undefined>>): Clipboard | undefined => {
  const backend = clipboardBackend(process.platform, env);
  return backend === undefined ? undefined : new Clipboard(backend, systemToolsWith(env));
};

interface HeldConfig {
  readonly snapshot: ConfigSnapshot;
  readonly release: () => void;
  /** The agent's warning for a choice that stayed in the file. */
  readonly warning: WarningCode;
}

interface HeldClipboard {
  readonly clipboard: Clipboard;
  readonly text: string | undefined;
  readonly release: () => void;
  /** An image write was started: only then is there anything to restore. */
  touched: boolean;
}

/**
 * Bound on waiting for the process-wide clipboard lock. A healthy attach holds it for seconds per image; the
 * bound turns a holder that never lets go into image_attach_failed instead of hanging every later attach.
 */
export const CLIPBOARD_LOCK_WAIT_MS = 120_000;

/** The lock's release, or undefined after `ms`; a grant that comes later is handed straight back. */
async function acquireWithin(lock: ProcessLock, ms: number): Promise<(() => void) | undefined> {
  let abandoned = false;
  let timer: NodeJS.Timeout | undefined;
  const granted = lock.acquire().then((release) => {
    if (abandoned) release();
    return release;
  });
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      abandoned = true;
      resolve(undefined);
    }, ms);
    timer.unref();
  });
  const outcome = await Promise.race([granted, expired]);
  // A grant that won the race is ours (the timer is cleared before it can mark the wait abandoned).
  clearTimeout(timer);
  return outcome;
}

/** A clipboard tool that is not installed: spawn fails with ENOENT. */
function isMissingTool(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as NodeJS.ErrnoException).code === "ENOENT";
}

export class TransactionEffects {
  private readonly configs = new Map<string, HeldConfig>();
  /** The session ended: a config lock acquired from now on is handed straight back (nobody would release it). */
  private ended = false;
  /** Held clipboards per op; `text` undefined = the snapshot held no text (restore clears our image). */
  private readonly clips = new Map<string, HeldClipboard>();

  constructor(private readonly deps: TransactionEffectDeps) {}

  async run(request: EffectRequestEvent): Promise<EffectResultEvent> {
    const ok = (value?: string): EffectResultEvent =>
      value === undefined ? { type: "effect.result", requestId: request.requestId, ok: true } : { type: "effect.result", requestId: request.requestId, ok: true, value };
    const no = (error: ElwoodError): EffectResultEvent => ({ type: "effect.result", requestId: request.requestId, ok: false, error });
    const effect = request.effect;
    switch (effect.kind) {
      case "config.snapshot": {
        const file = this.deps.configFile();
        if (file === undefined) return no(new ElwoodError("model_automation_failed", "no picker config file is known for this session"));
        const release = await configFileLock.acquire();
        const gone = () => {
          release();
          return no(new ElwoodError("session_not_running", "the session ended while setModel waited for the config lock"));
        };
        // A setModel still waiting for the config lock when its session closes rejects and never applies later.
        if (this.ended) return gone();
        try {
          const snapshot = await snapshotConfig(file.path);
          await this.deps.configJournal?.record(snapshot);
          if (this.ended) return gone();
          this.configs.set(request.opId, { snapshot, release, warning: file.persistedWarning });
          return ok();
        } catch (error) {
          release();
          return no(new ElwoodError("model_automation_failed", "config.toml could not be read", { cause: String(error) }));
        }
      }
      case "config.finish": {
        const held = this.configs.get(request.opId);
        if (held === undefined) return ok();
        this.configs.delete(request.opId);
        try {
          if (effect.takenOver) {
            this.deps.warn(held.warning, "raw input took over the model picker; config.toml was not restored", { reason: "takeover" });
          } else {
            // Always compare-and-swap when a snapshot was taken (a no-op on an unchanged file): a picker that
            // failed after its model-row Enter may already have written config.toml though it never marked
            // `persisted`. Only a known persisting apply waits for the CLI's asynchronous write.
            await this.restore(held, effect.persisted ? PERSIST_WAIT_MS : 0);
          }
        } finally {
          held.release();
        }
        return ok();
      }
      case "clipboard.begin": {
        const clipboard = this.deps.clipboard === undefined ? clipboardFor(this.deps.agentEnv ?? process.env) : this.deps.clipboard();
        if (clipboard === undefined) return no(new ElwoodError("unsupported_platform", "no clipboard is available for image attach"));
        const gone = (release: () => void) => {
          release();
          return no(new ElwoodError("session_not_running", "the session ended while the image attach waited for the clipboard"));
        };
        if (this.ended) return no(new ElwoodError("session_not_running", "the session ended before the image attach began"));
        const release = await acquireWithin(clipboardLock, this.deps.clipboardLockWaitMs ?? CLIPBOARD_LOCK_WAIT_MS);
        if (release === undefined) return no(new ElwoodError("image_attach_failed", "another image attach held the clipboard for too long", { reason: "clipboard_busy" }));
        // sessionEnded() may have run while this waited: storing the entry now would leak the lock (nobody ends it).
        if (this.ended) return gone(release);
        let text: string | undefined;
        try {
          text = await clipboard.readText();
        } catch (error) {
          release();
          // The tool itself is missing (Linux with a display but no xclip / wl-copy): no clipboard here, typed.
          if (isMissingTool(error)) return no(new ElwoodError("unsupported_platform", "no clipboard tool (xclip / wl-copy) is installed for image attach"));
          return no(new ElwoodError("image_attach_failed", "the clipboard could not be read", { reason: "clipboard_failed" }));
        }
        if (this.ended) return gone(release);
        this.clips.set(request.opId, { clipboard, text, release, touched: false });
        return ok();
      }
      case "clipboard.setImage": {
        const held = this.clips.get(request.opId);
        if (held === undefined) return no(new ElwoodError("image_attach_failed", "the clipboard is not held", { reason: "clipboard_failed" }));
        held.touched = true;
        try {
          await held.clipboard.writeImage(effect.path);
          return ok();
        } catch (error) {
          if (isMissingTool(error)) return no(new ElwoodError("unsupported_platform", "no clipboard tool (xclip / wl-copy) is installed for image attach"));
          return no(new ElwoodError("image_attach_failed", "the image could not be put on the clipboard", { reason: "clipboard_failed" }));
        }
      }
      case "clipboard.end": {
        const held = this.clips.get(request.opId);
        if (held !== undefined) {
          this.clips.delete(request.opId);
          await this.restoreClipboard(held);
        }
        return ok();
      }
      case "login.authUrl": {
        try {
          this.deps.login(request.opId)?.onAuthUrl?.(effect.url);
        } catch {
          // A throwing observer does not change the login flow.
        }
        return ok();
      }
      case "login.provideCode": {
        const callbacks = this.deps.login(request.opId);
        if (callbacks === undefined) return no(new ElwoodError("login_failed", "no provideCode callback"));
        let code: unknown;
        try {
          code = await callbacks.provideCode();
        } catch (error) {
          return no(new ElwoodError("login_failed", "provideCode failed", { cause: error instanceof Error ? error.name : "error" }));
        }
        const profile = this.deps.loginProfile;
        if (profile === undefined) return no(new ElwoodError("login_failed", "this CLI has no /login panel Elwood drives"));
        const checked = profile.validateCode(code);
        return checked.ok ? ok(checked.code) : no(new ElwoodError("login_failed", `invalid login code: ${checked.reason}`));
      }
    }
  }

  /** Session ended mid-transaction: restore after the process exits (≤ 5 s), restore the clipboard, release locks. */
  async sessionEnded(): Promise<void> {
    this.ended = true;
    const configs = [...this.configs.values()];
    const clips = [...this.clips.values()];
    this.configs.clear();
    this.clips.clear();
    for (const held of clips) await this.restoreClipboard(held);
    if (configs.length === 0) return;
    await Promise.race([this.deps.processExited(), new Promise((resolve) => setTimeout(resolve, RESTORE_EXIT_BARRIER_MS).unref())]);
    for (const held of configs) {
      try {
        await this.restore(held);
      } finally {
        held.release();
      }
    }
  }

  private async restore({ snapshot, warning }: HeldConfig, waitMs = 0): Promise<void> {
    const outcome = waitMs > 0 ? await restoreConfigAfterWrite(snapshot, waitMs) : await restoreConfig(snapshot);
    if (outcome.kind !== "failed") await this.deps.configJournal?.clear().catch(() => undefined);
    if (outcome.kind === "conflict") {
      this.deps.warn(warning, "config.toml changed besides the picker keys; the CLI's model default was left in place", { reason: "conflict" });
    } else if (outcome.kind === "failed") {
      this.deps.warn(warning, "restoring config.toml failed; the picker's model may now be the default", { reason: "restore_failed" });
    }
  }

  private async restoreClipboard(held: HeldClipboard): Promise<void> {
    if (!held.touched) {
      // Nothing was written (cancelled right after the snapshot): leave the user's clipboard exactly as it is.
      held.release();
      return;
    }
    try {
      // Best-effort and text only: an empty or non-text snapshot restores as an empty clipboard.
      if (held.text === undefined) await held.clipboard.clear();
      else await held.clipboard.writeText(held.text);
    } catch {
      this.deps.warn("clipboard_restore_failed", "the clipboard could not be restored after an image attach");
    } finally {
      held.release();
    }
  }
}
