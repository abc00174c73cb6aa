// The pinned Qwen Code without Elwood, the Qwen benches' baseline: the private settings a session seeds, hooks as the bench chooses, a bare headless xterm.
import { mkdtemp, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import * as pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { qwenArgs } from "../../adapters/qwen/command-line.js";
import type { QwenHookSettings } from "../../adapters/qwen/hook-events.js";
import type { QwenApprovalMode } from "../../adapters/qwen/options.js";
import { buildQwenSettings } from "../../adapters/qwen/private-home.js";
import { readUserQwenSettings } from "../../adapters/qwen/user-settings.js";
import type { QwenHome } from "../e2e/harness/qwen-home.js";

/** The empty composer's row (`>   Type your message or @path/to/file`): Qwen paints it once start-up is over. */
const PLACEHOLDER_ROW = /^>\s+Type your message or @path\/to\/file$/;

export interface BareQwenOptions {
  readonly executable: string;
  readonly home: QwenHome;
  readonly approvalMode: QwenApprovalMode;
  readonly size: { readonly cols: number; readonly rows: number };
  /** The `hooks` block of its settings (none for the plain CLI). */
  readonly hooks?: QwenHookSettings;
  /** The loopback URL pattern its http hooks go to (private-network hooks are then allowed, as a session allows them). */
  readonly httpHookUrl?: string;
}

export interface BareQwen {
  /** performance.now() right before the spawn. */
  readonly spawnedAt: number;
  /** The visible rows' text. */
  rows(): string[];
  /** Calls `listener` after every chunk of output is rendered; returns the unsubscribe. */
  onRender(listener: () => void): () => void;
  write(data: string): void;
  kill(): void;
}

export const placeholderShown = (rows: readonly string[]): boolean => rows.some((r) => PLACEHOLDER_ROW.test(r));

/**
 * Spawns the CLI straight in a PTY (no login shell, no version probe) with its own QWEN_HOME holding what
 * adapters/qwen/private-home.ts seeds for a session (the user's settings under Elwood's quiet and required ones) and the
 * launch arguments a session passes; everything is written before `spawnedAt`.
 */
export async function spawnBareQwen(opts: BareQwenOptions): Promise<BareQwen> {
  const user = await readUserQwenSettings(opts.home.userConfigDir);
  if (!user.ok) throw new Error(`bench: the sandbox's Qwen settings are ${user.problem}`);
  const qwenHome = await mkdtemp(join(opts.home.root, "bare-qwen-home-"));
  const settings = buildQwenSettings({ user: user.settings, hooks: opts.hooks ?? {}, httpHookUrl: opts.httpHookUrl });
  await writeFile(join(qwenHome, "settings.json"), JSON.stringify(settings, null, 2), { mode: 0o600 });
  const term = new xterm.Terminal({ ...opts.size, allowProposedApi: true });
  const listeners = new Set<() => void>();
  const env = { ...opts.home.env, QWEN_HOME: qwenHome, TERM: "xterm-256color", COLORTERM: "truecolor" };
  const spawnedAt = performance.now();
  const child = pty.spawn(opts.executable, qwenArgs({ model: undefined, approvalMode: opts.approvalMode }), { name: "xterm-256color", ...opts.size, cwd: opts.home.project, env });
  child.onData((d) => term.write(d, () => listeners.forEach((l) => l())));
  return {
    spawnedAt,
    rows: () => {
      const buf = term.buffer.active;
      return Array.from({ length: term.rows }, (_, y) => buf.getLine(buf.baseY + y)?.translateToString(true) ?? "");
    },
    onRender: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    write: (data) => child.write(data),
    kill: () => {
      // The whole group: cli-entry.js runs the CLI in a node it relaunched, which would outlive its parent.
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      term.dispose();
    },
  };
}
