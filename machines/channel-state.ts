// The CLI's own state channel as the machines read it: its latest report, and when a title spinner is work evidence.

import type { ScreenFacts } from "../src/contracts/screen-facts.js";
import type { FrameEvent } from "../src/contracts/events.js";

/**
 * The channel's latest report once this event is taken: a frame's last state word (they arrive oldest first), else
 * the report before it. Undefined while the CLI has reported nothing: no channel at all, or none sent yet.
 */
export function channelAfter(previous: string | undefined, event: { readonly type: string }): string | undefined {
  return event.type === "frame" ? ((event as FrameEvent).oscState.at(-1) ?? previous) : previous;
}

/**
 * Reports that say the CLI is not working. `done` counts with `idle`: in the captured 0.171.0 protocol
 * (test/fixtures/captures/codex/v171-and-v144-raw-terminal-protocol.txt) every turn ends `done` then `idle`, the
 * title spinner is already gone when `done` arrives, and no work follows `done` without a new `working` first (the
 * screen rules read both words as one rule, `codex-osc-idle`: turn finished, then idle). A frame batch can end on
 * `done` with its `idle` in the next read; a stale spinner repaint in between is no new turn either.
 */
const QUIET_REPORTS: ReadonlySet<string> = new Set(["idle", "done"]);

/** The CLI's state channel says it is idle (false when it never reported, or reported work, a block or anything else). */
export function channelQuiet(channel: string | undefined): boolean {
  return channel !== undefined && QUIET_REPORTS.has(channel);
}

/**
 * The title spinner is work evidence unless the CLI's own state channel says it is idle: Codex 0.171.0 animates its
 * title while its MCP servers start in the background, after it reported `state=idle` and with no prompt sent (the
 * codex-mcp-warnings e2e failure: a turn started from that title alone). A CLI without a channel never reports, so
 * its spinner counts as it always did. The footer's working indicator is never discounted.
 */
export function titleWork(facts: ScreenFacts, channel: string | undefined): boolean {
  return facts.titleSpinner && !channelQuiet(channel);
}

/** The title spinner is on screen but discounted: the CLI's channel says it is idle. */
export function backgroundTitle(facts: ScreenFacts, channel: string | undefined): boolean {
  return facts.titleSpinner && channelQuiet(channel);
}
