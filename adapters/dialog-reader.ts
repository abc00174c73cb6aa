// Shared reading of the active dialog region and of the latest turn's interrupt banner, driven by each adapter's rules.

import type { DialogFact } from "../src/contracts/screen-facts.js";
import {
  matchGateGrammar,
  parseOptionRows,
  regionTexts,
  testRegion,
  type DialogKindRule,
  type GateGrammar,
} from "./screen-regions.js";

export interface DialogReaderConfig {
  readonly kinds: readonly DialogKindRule[];
  readonly rule: (id: string) => RegExp;
  readonly cursorGlyphs: string;
  readonly grammar: GateGrammar;
  readonly unknownGateRuleId: string;
  /** Which kinds may match this region (Codex requires a native cursor row for all but the update banner). */
  readonly allowKind?: (kind: DialogKindRule, rowText: string) => boolean;
  /** Whether the unknown-gate grammar may apply to this region. */
  readonly allowGate?: (rowText: string) => boolean;
}

/** The first known dialog kind whose header matches rows start..end, else an unknown gate, else nothing. */
export function readDialogRegion(
  config: DialogReaderConfig,
  rows: readonly string[],
  start: number,
  end: number,
  matched: Set<string>,
): DialogFact | undefined {
  if (start > end) return undefined;
  const { rowText, flatText } = regionTexts(rows, start, end);
  for (const kind of config.kinds) {
    if (config.allowKind && !config.allowKind(kind, rowText)) continue;
    const headers = kind.headerRuleIds.filter((id) => testRegion(config.rule(id), rowText, flatText));
    if (headers.length === 0) continue;
    const details = kind.detailRuleIds.filter((id) => testRegion(config.rule(id), rowText, flatText));
    const ruleIds = [...headers, ...details].sort();
    for (const id of ruleIds) matched.add(id);
    const parsed = parseOptionRows(rows, start, end, { cursorGlyphs: config.cursorGlyphs });
    return { kind: kind.kind, blocking: kind.blocking, ruleIds, options: parsed.options, layout: parsed.layout };
  }
  if (config.allowGate && !config.allowGate(rowText)) return undefined;
  const gate = matchGateGrammar(rows, start, end, config.grammar);
  if (gate === undefined) return undefined;
  matched.add(config.unknownGateRuleId);
  return {
    kind: "unknown_gate",
    blocking: true,
    ruleIds: [config.unknownGateRuleId],
    options: gate.parsed.options,
    layout: gate.parsed.layout,
  };
}

export interface TurnMarkers {
  readonly promptRow: RegExp;
  readonly promptRowId: string;
  readonly banner: RegExp;
  readonly bannerId: string;
}

/** Bottom-up from `bound`: a banner met before any prompt row belongs to the latest turn. */
export function latestTurnInterrupted(
  markers: TurnMarkers,
  rows: readonly string[],
  bound: number,
  top: number,
  matched: Set<string>,
): boolean {
  for (let r = bound - 1; r >= top; r -= 1) {
    const row = rows[r] ?? "";
    if (markers.promptRow.test(row)) {
      matched.add(markers.promptRowId);
      return false;
    }
    if (markers.banner.test(row)) {
      matched.add(markers.bannerId);
      return true;
    }
  }
  return false;
}
