// Unit tests of the startup trust responder (machines/trust-responder.ts) hosted under a recording parent.

import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { DialogFact, DialogKind, DialogOption } from "../../src/contracts/screen-facts.js";
import { planTrustKeys, TRUST_DEADLINE_MS, TRUST_RETRY_MS, trustResponderMachine } from "../../machines/trust-responder.js";
import { frame, idleFrame } from "../support/facts.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

const DOWN = "\x1b[B";
const ENTER = "\r";

function trustDialog(kind: DialogKind, layout: "cursor" | "numbered", options: readonly DialogOption[]): DialogFact {
  return { kind, blocking: true, ruleIds: [`claude-${kind}-prompt`], options, layout };
}

/** Claude 2.1.332: unnumbered, `No, exit` first and pre-selected. */
const cursorTrust = (selected: 0 | 1): DialogFact =>
  trustDialog("workspace_trust", "cursor", [
    { label: "No, exit", selected: selected === 0 },
    { label: "Yes, I trust this folder", selected: selected === 1 },
  ]);

/** Claude 2.1.215: numbered, affirmative first. */
const numberedTrust = (): DialogFact =>
  trustDialog("workspace_trust", "numbered", [
    { label: "Yes, I trust this folder", number: 1, selected: true },
    { label: "No, exit", number: 2, selected: false },
  ]);

const dialogFrame = (d: DialogFact) => frame({ dialog: d, ruleIds: [...d.ruleIds] });

function host(enabled = true): HostedChild {
  return hostChild(trustResponderMachine, {
    enabled,
    kinds: claudeAdapter.trustDialogs,
    affirmatives: claudeAdapter.trustAffirmatives,
  });
}

const announced = (h: HostedChild) => h.received.filter((e) => e.type === "trust.answered");
const fallbacks = (h: HostedChild) => h.received.filter((e) => e.type === "trust.fallback");
const keys = (h: HostedChild) => h.writes().map((w) => w.data);

describe("planTrustKeys", () => {
  it("C-CLAUDE-10: numbered layout answers with the affirmative's digit; cursor layout moves before it confirms", () => {
    expect(planTrustKeys(numberedTrust(), claudeAdapter.trustAffirmatives.workspace_trust)).toEqual({ keys: "1", confirms: true });
    expect(planTrustKeys(cursorTrust(0), claudeAdapter.trustAffirmatives.workspace_trust)).toEqual({ keys: DOWN, confirms: false });
    expect(planTrustKeys(cursorTrust(1), claudeAdapter.trustAffirmatives.workspace_trust)).toEqual({ keys: ENTER, confirms: true });
  });

  it("C-CLAUDE-14: no affirmative painted, or no known affirmative for the kind, plans nothing (never guess)", () => {
    const partial = trustDialog("workspace_trust", "cursor", [{ label: "No, exit", selected: true }]);
    expect(planTrustKeys(partial, claudeAdapter.trustAffirmatives.workspace_trust)).toBeUndefined();
    expect(planTrustKeys(cursorTrust(0), undefined)).toBeUndefined();
  });
});

describe("trust responder machine", () => {
  it("C-CLAUDE-10: cursor layout with `No, exit` pre-selected: Down, verify the affirmative is selected, then Enter", () => {
    const h = host();
    h.send(dialogFrame(cursorTrust(0)));
    expect(keys(h)).toEqual([DOWN]);
    h.answer("written");
    // A repaint that still shows `No, exit` selected must never produce Enter.
    h.send(dialogFrame(cursorTrust(0)));
    expect(keys(h)).toEqual([DOWN]);
    h.send(dialogFrame(cursorTrust(1)));
    expect(keys(h)).toEqual([DOWN, ENTER]);
    expect(h.writes().every((w) => w.purpose === "trust")).toBe(true);
    h.answer("written");
    expect(announced(h)).toEqual([]);
    h.send(idleFrame());
    expect(announced(h)).toEqual([expect.objectContaining({ type: "trust.answered", label: "workspace_trust" })]);
    expect(fallbacks(h)).toEqual([]);
  });

  it("C-CLAUDE-10: numbered layout: one digit, a repaint of the same dialog does not type it again, clearance announces", () => {
    const h = host();
    h.send(dialogFrame(numberedTrust()));
    expect(keys(h)).toEqual(["1"]);
    h.answer("written");
    h.send(dialogFrame(numberedTrust()));
    h.send(dialogFrame(numberedTrust()));
    expect(keys(h)).toEqual(["1"]);
    h.send(idleFrame());
    expect(announced(h)).toEqual([expect.objectContaining({ label: "workspace_trust" })]);
  });

  it("C-CLAUDE-16 C-CODEX-17: a rejected answer write warns once (label only), announces nothing, and is retried on a later frame", () => {
    const h = host();
    h.send(dialogFrame(numberedTrust()));
    h.answer("failed");
    const warned = () => h.received.filter((e) => e.type === "trust.writeFailed");
    expect(warned()).toEqual([{ type: "trust.writeFailed", label: "workspace_trust" }]);
    expect(announced(h)).toEqual([]);
    expect(fallbacks(h)).toEqual([]);
    // The next frame retries; a second rejection of the same prompt does not warn again.
    h.send(dialogFrame(numberedTrust()));
    expect(keys(h)).toEqual(["1", "1"]);
    h.answer("failed");
    expect(warned()).toHaveLength(1);
    h.send(dialogFrame(numberedTrust()));
    h.answer("written");
    h.send(idleFrame());
    expect(announced(h)).toEqual([expect.objectContaining({ label: "workspace_trust" })]);
  });

  it("C-CLAUDE-14: an answer that was not consumed is retried after the retry interval, within the deadline", () => {
    const h = host();
    h.send(dialogFrame(numberedTrust()));
    h.answer("written");
    h.advance(TRUST_RETRY_MS + 1);
    expect(keys(h)).toEqual(["1", "1"]);
    h.answer("written");
    h.send(idleFrame());
    expect(announced(h)).toHaveLength(1);
  });

  it("C-CLAUDE-21: the bypass-permissions dialog is answered with `Yes, I accept` and labelled bypass_permissions", () => {
    const h = host();
    const d = trustDialog("bypass_permissions", "numbered", [
      { label: "No, exit", number: 1, selected: true },
      { label: "Yes, I accept", number: 2, selected: false },
    ]);
    h.send(dialogFrame(d));
    expect(keys(h)).toEqual(["2"]);
    h.answer("written");
    h.send(idleFrame());
    expect(announced(h)).toEqual([expect.objectContaining({ label: "bypass_permissions" })]);
  });

  it("C-CLAUDE-10: with autotrust off nothing is ever written", () => {
    const h = host(false);
    h.send(dialogFrame(cursorTrust(0)));
    h.advance(TRUST_DEADLINE_MS + 10);
    expect(h.writes()).toEqual([]);
    expect(h.received).toEqual([]);
  });

  it("C-CLAUDE-14: the API-key confirmation and unknown gates are never answered, even with autotrust", () => {
    const h = host();
    const apiKey = trustDialog("api_key", "numbered", [
      { label: "Yes", number: 1, selected: false },
      { label: "No (recommended)", number: 2, selected: true },
    ]);
    h.send(dialogFrame(apiKey));
    h.send(dialogFrame(trustDialog("unknown_gate", "numbered", [{ label: "Yes, I trust this folder", number: 1, selected: true }])));
    h.advance(TRUST_DEADLINE_MS + 10);
    expect(h.received).toEqual([]);
  });

  it("C-CLAUDE-14: an affirmative that never paints falls back to a human block after the deadline, without a write", () => {
    const h = host();
    const partial = trustDialog("workspace_trust", "cursor", [{ label: "No, exit", selected: true }]);
    h.send(dialogFrame(partial));
    h.advance(TRUST_DEADLINE_MS - 10);
    expect(fallbacks(h)).toEqual([]);
    h.advance(20);
    expect(fallbacks(h)).toEqual([{ type: "trust.fallback", ruleIds: ["claude-workspace_trust-prompt"] }]);
    expect(h.writes()).toEqual([]);
    expect(announced(h)).toEqual([]);
  });

  it("C-CLAUDE-14: a partial paint is held, then answered once the affirmative paints", () => {
    const h = host();
    h.send(dialogFrame(trustDialog("workspace_trust", "cursor", [{ label: "No, exit", selected: true }])));
    expect(h.writes()).toEqual([]);
    h.send(dialogFrame(cursorTrust(0)));
    expect(keys(h)).toEqual([DOWN]);
  });

  it("C-CLAUDE-16: a dialog that clears without an Elwood write (a human answered) announces nothing", () => {
    const h = host();
    h.send(dialogFrame(trustDialog("workspace_trust", "cursor", [{ label: "No, exit", selected: true }])));
    h.send(idleFrame());
    expect(announced(h)).toEqual([]);
    // The next generation is answered normally.
    h.send(dialogFrame(numberedTrust()));
    expect(keys(h)).toEqual(["1"]);
  });

  it("C-CLAUDE-16: a held write (screen not observed) re-plans on the next frame; a write that keeps failing falls back to a block at the deadline", () => {
    const held = host();
    held.send(dialogFrame(cursorTrust(0)));
    held.answer("held");
    held.send(dialogFrame(cursorTrust(0)));
    expect(keys(held)).toEqual([DOWN, DOWN]);

    const failed = host();
    failed.send(dialogFrame(cursorTrust(0)));
    failed.answer("failed");
    expect(fallbacks(failed)).toEqual([]);
    failed.advance(TRUST_DEADLINE_MS + 1);
    expect(fallbacks(failed)).toHaveLength(1);
    failed.send(idleFrame());
    expect(announced(failed)).toEqual([]);
  });

  it("C-CLAUDE-22: after session.ended nothing more is written or announced", () => {
    const h = host();
    h.send({ type: "session.ended" });
    h.send(dialogFrame(cursorTrust(0)));
    h.advance(TRUST_DEADLINE_MS + 10);
    expect(h.received).toEqual([]);
    // Issue 14 item 9: the responder is finished, so the late frame is dropped, never delivered to a stopped actor.
    expect(h.value()).toBe("done");
    expect(h.late.map((e) => e.type)).toEqual(["frame"]);
  });

  it("C-CLAUDE-10 C-CLAUDE-16: the cleared dialog rendered before our write is acknowledged still announces once, and nothing more is typed", () => {
    const h = host();
    h.send(dialogFrame(numberedTrust()));
    expect(keys(h)).toEqual(["1"]);
    expect(h.lastWrite().requireDialog).toBe("workspace_trust");
    h.send(idleFrame());
    h.answer("written");
    expect(announced(h)).toHaveLength(1);
    h.advance(TRUST_RETRY_MS * 3);
    expect(keys(h)).toEqual(["1"]);
    expect(fallbacks(h)).toHaveLength(0);
  });
});

