// Claude's narrow-terminal bootstrap: physical size held at ≥100 cols until initial readiness, caller size recorded meanwhile.
import type { TerminalSize } from "../../src/contracts/public-types.js";

/** Claude can silently drop input when initialised narrower than this. */
export const CLAUDE_BOOTSTRAP_MIN_COLS = 100;

/** The size the PTY and headless terminal start at for a requested size. */
export function bootstrapSize(requested: TerminalSize): TerminalSize {
  return requested.cols < CLAUDE_BOOTSTRAP_MIN_COLS ? { cols: CLAUDE_BOOTSTRAP_MIN_COLS, rows: requested.rows } : requested;
}

/** In-memory only; never persisted. */
export interface SizePlan {
  /** What the PTY + headless terminal are at. */
  readonly physical: TerminalSize;
  /** The latest size the caller asked for. */
  readonly requested: TerminalSize;
  /** True until the one-shot initial-ready transition. */
  readonly bootstrapping: boolean;
}

/** A plan step: the new plan, plus the physical resize to perform now (if any). */
export interface SizeStep {
  readonly plan: SizePlan;
  readonly apply?: TerminalSize;
}

export function initialSizePlan(requested: TerminalSize): SizePlan {
  const physical = bootstrapSize(requested);
  return { physical, requested, bootstrapping: physical.cols !== requested.cols };
}

/** Caller `resize`: while bootstrapping only the physical resize is held; the request is remembered. */
export function onResizeRequest(plan: SizePlan, size: TerminalSize): SizeStep {
  if (plan.bootstrapping) return { plan: { ...plan, requested: size } };
  if (sameSize(plan.physical, size)) return { plan: { ...plan, requested: size } };
  return { plan: { physical: size, requested: size, bootstrapping: false }, apply: size };
}

/**
 * The one-shot initial-ready transition: apply the latest requested size before the persona/first
 * queued message goes out. Later calls are no-ops.
 */
export function onInitialReady(plan: SizePlan): SizeStep {
  if (!plan.bootstrapping) return { plan };
  const next: SizePlan = { physical: plan.requested, requested: plan.requested, bootstrapping: false };
  return sameSize(plan.physical, plan.requested) ? { plan: next } : { plan: next, apply: plan.requested };
}

/**
 * The restore resize failed with a real native error: do not report it applied; stay at the bootstrap
 * width. The bootstrap phase is still over, so later resizes are exact.
 */
export function onRestoreFailed(plan: SizePlan, previousPhysical: TerminalSize): SizePlan {
  return { physical: previousPhysical, requested: plan.requested, bootstrapping: false };
}

export function sameSize(a: TerminalSize, b: TerminalSize): boolean {
  return a.cols === b.cols && a.rows === b.rows;
}
