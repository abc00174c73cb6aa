// Test helpers: build ScreenFacts and frame events without a real screen.

import { EMPTY_FACTS, type DialogFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { FrameEvent } from "../../src/contracts/events.js";

let seq = 0;

export function facts(partial: Partial<ScreenFacts> = {}): ScreenFacts {
  return { ...EMPTY_FACTS, ...partial };
}

export function frame(partial: Partial<ScreenFacts> = {}, oscState: readonly string[] = []): FrameEvent {
  seq += 1;
  return { type: "frame", seq, facts: facts(partial), oscState };
}

export const idleFrame = (): FrameEvent => frame({ composer: true });
export const workingFrame = (): FrameEvent => frame({ composer: true, working: true, titleSpinner: true });

export function dialog(kind: DialogFact["kind"], blocking = true): DialogFact {
  return { kind, blocking, ruleIds: [`test-${kind}`], options: [], layout: "numbered" };
}

export const dialogFrame = (kind: DialogFact["kind"] = "permission", blocking = true): FrameEvent =>
  frame({ dialog: dialog(kind, blocking), ruleIds: [`test-${kind}`] });
