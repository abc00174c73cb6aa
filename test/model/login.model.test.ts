// Model-based test: xstate/graph paths through the /login machine replayed on a live actor (C-API-43, C-CLAUDE-18).

import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type LoginFact, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { IoWriteRequest } from "../../src/contracts/events.js";
import { loginMachine, type LoginInput } from "../../machines/login.js";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { modelEvents, modelSerializer, replayPath, type TransactionModel } from "../support/transaction-model.js";
import { edgePaths } from "../support/edge-paths.js";
import { hostChild } from "../support/machine-host.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

const panel = (login: Partial<LoginFact>): ScreenFacts => ({
  ...EMPTY_FACTS,
  dialog: { kind: "login", blocking: false, ruleIds: ["login"], options: [], layout: "none" },
  login: { methodList: false, methods: [], pastePrompt: false, failure: false, success: false, ...login },
});
const methods = (sel: number) => ["Claude account with subscription", "Anthropic Console account", "3rd-party platform"].map((label, k) => ({ label, number: k + 1, selected: k === sel }));
const composer: ScreenFacts = { ...EMPTY_FACTS, composer: true };

const model: TransactionModel = {
  frames: [
    { name: "composer", facts: composer },
    { name: "methodsOnConsole", facts: panel({ methodList: true, methods: methods(1) }) },
    { name: "methodsOnClaude", facts: panel({ methodList: true, methods: methods(0) }) },
    { name: "urlAndPaste", facts: panel({ url: "https://claude.ai/oauth/authorize?x", pastePrompt: true }) },
    { name: "evilUrl", facts: panel({ url: "https://claude.ai.evil.example/oauth", pastePrompt: true }) },
    { name: "failure", facts: panel({ failure: true }) },
    { name: "success", facts: panel({ success: true }) },
  ],
  // navAttempts stays out of the key (it would triple the graph): the walk takes one cursor move, and running out of
  // moves is the scripted test below.
  keyFields: ["armed", "fresh", "methodChosen", "urlReported", "codeSent", "succeeded", "escaped", "status"],
  delays: { settle: 3, step: 20, holdRetry: 2, continueRetry: 30 },
  effectValue: "code-123",
  extra: (snap) => [
    { type: "transaction.cancel", error: new ElwoodError("login_timeout", "deadline", { timeoutMs: 1 }) },
    { type: "status.changed", from: snap.context["status"], to: snap.context["status"] === "ready" ? "running" : "ready", initial: false },
  ],
};
const INPUT: LoginInput = { opId: "op", profile: claudeAdapter.login!, facts: composer, status: "ready", settleMs: 3, stepMs: 20, holdRetryMs: 2, continueRetryMs: 30 };

describe("login model (xstate/graph)", () => {
  const logic = loginMachine.provide({ actions: { toParent: () => {} } });
  const paths = edgePaths(logic, { input: INPUT, events: modelEvents(model) as never, serializeState: modelSerializer(model) as never }, "step");

  it(`C-API-43 finds ${paths.length} paths (shortest, plus one per state step off them) reaching every login stage`, () => {
    expect(paths.length).toBeGreaterThan(50);
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['"done"', '"awaitingReady"', '{"continuing":"requesting"}', '"reportingUrl"', '"requestingCode"', '{"writingEnter":"requesting"}', '"closingPanel"']) expect(reached, v).toContain(v);
  });

  // One test per state the paths end in, so each replays a share of the walk.
  const byEnd = new Map<string, typeof paths>();
  for (const p of paths) {
    const end = JSON.stringify(p.state.value);
    byEnd.set(end, [...(byEnd.get(end) ?? []), p]);
  }
  for (const [end, group] of byEnd) {
    it(`C-API-43 replays the ${group.length} paths ending in ${end}: one Enter after the code, only validated URLs, success needs ready`, () => {
      for (const path of group) replayLoginPath(path.steps);
    });
  }
});

/** Replays one path and checks the login's write and report invariants on it. */
function replayLoginPath(steps: Parameters<typeof replayPath>[3]): void {
  const host = replayPath(loginMachine, INPUT, model, steps);
  // Requests the edge held are re-requested; only writes the edge confirmed reached the terminal.
  const writes = host.received.filter((e): e is IoWriteRequest => e.type === "io.write" && host.writtenIds.has((e as IoWriteRequest).requestId));
  const codeAt = writes.findIndex((w) => w.data === "code-123");
  if (codeAt >= 0) {
    const after = writes.slice(codeAt + 1).filter((w) => w.data === "\r");
    // One Enter submits the code; any more answer the success panel's `Press Enter to continue` (again only
    // while the panel stays up after ours, i.e. ours was dropped).
    expect(after.filter((w) => w.purpose === "enter").length).toBeLessThanOrEqual(1);
    expect(after.filter((w) => w.purpose !== "enter").length).toBeLessThanOrEqual(1);
    if (after.length >= 2) expect((host.context() as { succeeded: boolean }).succeeded).toBe(true);
    expect(writes[codeAt]?.requireDialog).toBe("login");
  }
  const urls = host.received.flatMap((e) => {
    const effect = (e as unknown as { effect?: { kind: string; url?: string } }).effect;
    return effect?.kind === "login.authUrl" ? [effect.url] : [];
  });
  for (const url of urls) expect(url).toBe("https://claude.ai/oauth/authorize?x");
  const out = host.output() as { ok: boolean } | undefined;
  if (out?.ok) expect((host.context() as { succeeded: boolean }).succeeded).toBe(true);
  host.stop();
}

describe("login: the method cursor that never lands", () => {
  it("C-CLAUDE-18 after four cursor moves that leave the method unselected the login fails login_failed and escapes the panel", () => {
    const host = hostChild(loginMachine, INPUT);
    const writes = (): IoWriteRequest[] => host.writes();
    expect(writes().map((w) => w.data)).toEqual(["/login"]);
    host.answer("written");
    host.advance(3);
    expect(writes().at(-1)).toMatchObject({ data: "\r", purpose: "enter" });
    host.answer("written");
    expect(host.value()).toBe("watching");
    // The list keeps the cursor on the Console row whatever the arrows do.
    const stuck = { type: "frame", seq: 1, facts: model.frames[1]!.facts, oscState: [] };
    host.send(stuck);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      // One Up arrow each time (Console is one row below the subscription row), only while the login panel is live.
      expect(writes().at(-1), `attempt ${attempt}`).toMatchObject({ data: "\x1b[A", purpose: "keys", guardDialog: false, requireDialog: "login" });
      expect((host.context() as { navAttempts: number }).navAttempts).toBe(attempt);
      host.answer("written");
      expect(host.value()).toBe("awaitingMethodCursor");
      const before = writes().length;
      if (attempt % 2 === 0) host.advance(20);
      else host.send(stuck);
      if (attempt < 4) expect(writes().length).toBe(before + 1);
    }
    // Out of attempts: no Enter on the wrong method; Escape closes the panel instead.
    expect(writes().at(-1)).toMatchObject({ data: "\x1b", purpose: "escape", requireDialog: "login" });
    expect(writes().filter((w) => w.data === "\r")).toHaveLength(1);
    host.answer("written");
    expect(host.value()).toBe("closingPanel");
    host.send({ type: "frame", seq: 2, facts: composer, oscState: [] });
    host.advance(20);
    const out = host.output() as { ok: boolean; error?: ElwoodError };
    expect(out.ok).toBe(false);
    expect(out.error?.code).toBe("login_failed");
    expect(out.error?.message).toContain("no \"claudeai\" row");
    host.stop();
  });
});
