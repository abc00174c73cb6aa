// Formats what a failed e2e scenario needs to explain itself: last screen, status decisions, statuses, hooks, PTY writes, model requests.
import type { SessionStatus, StatusDecision } from "../../../src/index.js";
import type { RecordedRequest } from "../model-server/index.js";

export interface TimedHook {
  readonly at: number;
  readonly name: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** One PTY write Elwood made (the session's `input` observable), decoded as UTF-8. */
export interface TimedWrite {
  readonly at: number;
  readonly text: string;
}

export interface TimedStatus {
  readonly at: number;
  readonly from: SessionStatus;
  readonly to: SessionStatus;
}

interface DiagnosticsInput {
  readonly title: string;
  readonly screen: string;
  readonly decisions: readonly StatusDecision[];
  readonly fx: {
    readonly statuses: readonly TimedStatus[];
    readonly hooks: readonly TimedHook[];
    readonly writes: readonly TimedWrite[];
    readonly server: { readonly requests: readonly RecordedRequest[] };
  };
}

function clip(text: string, max = 120): string {
  const flat = JSON.stringify(text);
  return flat.length > max ? `${flat.slice(0, max)}…"` : flat;
}

function rel(at: number, t0: number): string {
  return `+${((at - t0) / 1000).toFixed(2)}s`;
}

export function formatRequests(requests: readonly RecordedRequest[], t0 = requests[0]?.timestamp ?? 0): string[] {
  return requests.map(
    (r) =>
      `  #${r.seq} ${rel(r.timestamp, t0)} ${r.method} ${r.path} kind=${r.kind} reply=${r.replySource}/${r.replyKind}` +
      `${r.aborted ? " ABORTED" : ""}${r.completed ? " done" : ""} user=${clip(r.userText)}`,
  );
}

export function formatDiagnostics(d: DiagnosticsInput): string {
  const t0 = Math.min(d.fx.statuses[0]?.at ?? Infinity, d.fx.hooks[0]?.at ?? Infinity, d.fx.server.requests[0]?.timestamp ?? Infinity);
  const base = Number.isFinite(t0) ? t0 : Date.now();
  const trimmedScreen = d.screen.replace(/\n+$/, "");
  return [
    `===== e2e diagnostics: ${d.title} =====`,
    "----- last rendered screen -----",
    trimmedScreen,
    "----- status decisions (oldest first) -----",
    ...d.decisions.map(
      (x) =>
        `  ${rel(x.at, base)} ${x.evidence.kind}${x.evidence.source ? `/${x.evidence.source}` : ""}` +
        `${x.evidence.ruleIds?.length ? ` [${x.evidence.ruleIds.join(",")}]` : ""} ${x.from} -> ${x.to ?? "(ignored)"}: ${x.reason}`,
    ),
    "----- status transitions -----",
    ...d.fx.statuses.map((s) => `  ${rel(s.at, base)} ${s.from} -> ${s.to}`),
    "----- hooks -----",
    ...d.fx.hooks.map((h) => `  ${rel(h.at, base)} ${h.name}`),
    // What Elwood wrote and when: a lost Enter shows as a `"\r"` write the screen never answered.
    "----- PTY writes -----",
    ...d.fx.writes.map((w) => `  ${rel(w.at, base)} ${w.text.length} chars ${clip(w.text, 80)}`),
    "----- model server requests -----",
    ...formatRequests(d.fx.server.requests, base),
    "===== end of e2e diagnostics =====",
  ].join("\n");
}
