// Codex screen facts against every real capture (0.144.6 / 0.171.0, 60/189 cols) plus synthetic frames.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCodexScreen } from "../../adapters/codex/read-screen.js";
import { codexScreenRules } from "../../adapters/codex/screen-rules.js";
import { indexRules, lastContentRow, matchGateGrammar, trimmedRows } from "../../adapters/screen-regions.js";
import {
  SCREENS_DIR,
  type Expected,
  type Opt,
  assertFacts,
  assertRuleTable,
  capture,
  captureToSnapshot,
  captureToSnapshotViaXterm,
  describeExpected,
  ownCapture,
  ownScreenFiles,
  screenFiles,
  syntheticSnapshot,
} from "../fixtures/capture-snapshot.js";

const idle: Expected = { composer: true, criteria: ["C-TURN-03"] };
const gone: Expected = { composer: false };
const banner: Expected = { composer: true, banner: true, criteria: ["C-TURN-02", "C-TURN-04"] };
const working: Expected = { composer: true, working: true, title: true, criteria: ["C-TURN-01", "C-TURN-05"] };
/** 0.171 hides the Working row while text streams; the title spinner still says busy. */
const streaming: Expected = { composer: true, title: true, criteria: ["C-TURN-05"] };
const typed = (text: string): Expected => ({ composer: true, text });

const approvalOptions = (second: string): Opt[] => [
  ["Yes, proceed (y)", true, 1],
  [second, false, 2],
  ["No, and tell Codex what to do differently (esc)", false, 3],
];
const SECOND = "Yes, and don't ask again for commands that start with `echo fake-tool-ran > tool-output.txt && cat tool-output.txt` (p)";
const approval = (second = SECOND, bannerToo = false): Expected => ({
  composer: false,
  banner: bannerToo,
  dialog: {
    kind: "permission",
    blocking: true,
    layout: "numbered",
    options: approvalOptions(second),
    ruleIds: ["codex-approval-dialog"],
  },
  criteria: ["C-ATTN-01"],
});
const hooks: Expected = {
  composer: false,
  dialog: {
    kind: "hooks_review",
    blocking: true,
    layout: "numbered",
    options: [
      ["Review hooks", true, 1],
      ["Trust all and continue", false, 2],
      ["Continue without trusting (hooks won't run)", false, 3],
    ],
    ruleIds: ["codex-hooks_review-prompt", "codex-hooks_review-body", "codex-hooks_review-affirmative"],
  },
  criteria: ["C-CODEX-06"],
};
const picker = (labels: readonly string[], ruleId: string, selected = 0, bannerToo = false): Expected => ({
  composer: false,
  banner: bannerToo,
  dialog: {
    kind: "model_picker",
    blocking: false,
    layout: "numbered",
    options: labels.map((l, i) => [l, i === selected, i + 1] as const),
    ruleIds: [ruleId],
  },
});
const models171 = ["GPT-6.2-Sol", "GPT-6.2-Astra", "GPT-6.1 Terra", "GPT-6.1-Sol", "GPT-6-Astra", "GPT-6-Sol", "GPT-6-Luna", "GPT-5.6-Sol"];
const models171current = ["GPT-6.2-Sol (current)", ...models171.slice(1)];
const models144 = ["gpt-5.6-sol (default)", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-5.5", "gpt-5.4", "gpt-5.4-mini", "gpt-5.2"];
const models144current = ["gpt-5.6-sol (current)", ...models144.slice(1)];
const efforts = ["Low (default)", "Medium", "High", "Extra high", "More reasoning…"];
const effortsCurrent = ["Low (default)", "Medium (current)", "High", "Extra high", "More reasoning…"];
const EFFORT = "codex-model_picker-effort";
const MODEL = "codex-model_picker-prompt";

/** Expected facts for every Codex screen capture; a new capture fails the coverage test until listed. */
const EXPECTED: Record<string, Expected> = {
  "v144-approval-dialog-189.txt": approval(),
  "v144-first-run-welcome-trust-directory-189.txt": {
    composer: false,
    dialog: {
      kind: "workspace_trust",
      blocking: true,
      layout: "numbered",
      options: [
        ["Yes, continue", true, 1],
        ["No, quit", false, 2],
      ],
      ruleIds: ["codex-workspace_trust-directory", "codex-workspace_trust-body", "codex-workspace_trust-affirmative"],
    },
    criteria: ["C-CODEX-11"],
  },
  "v144-hooks-need-review-startup-189.txt": hooks,
  "v144-hooks-review-list-189.txt": gone,
  // 0.144.6: Escape before any output puts the prompt back into the composer, with no banner.
  "v144-interrupted-after-escape-189.txt": typed("HANG old/modelHANG again"),
  "v144-paste-burst-enter-became-newline-189.txt": { ...typed("/model"), openLine: true },
  "v144-slash-popup-189.txt": typed("/"),
  "v144-slash-popup-model-189.txt": typed("/model"),
  "v144-interrupted-mid-stream-189.txt": banner,
  // The picker paints below the interrupted turn, so that turn's banner is still the latest.
  "v144-model-picker-189.txt": picker(models144, MODEL, 0, true),
  "v144-model-picker-effort-189.txt": picker(efforts, EFFORT, 0, true),
  "v144-model-picker-effort-with-current-189.txt": picker(effortsCurrent, EFFORT, 1, true),
  "v144-model-picker-with-current-189.txt": picker(models144current, MODEL, 0, true),
  // Random 0.144.6 placeholders (`Find and fix a bug in @filename`, `Summarize recent commits`).
  "v144-ready-composer-after-trust-189.txt": idle,
  "v144-ready-with-bypass-hook-trust-189.txt": idle,
  "v144-running-streaming-189.txt": working,
  "v144-running-working-indicator-189.txt": working,
  "v144-turn-complete-189.txt": idle,
  "v171-after-approval-tool-ran-189.txt": idle,
  "v171-after-hooks-trusted-composer-189.txt": idle,
  "v171-after-model-selected-189.txt": idle,
  // The model/cwd footer is mid-animation (`M  A  X`): no ready composer on this frame.
  "v171-after-model-session-only-189.txt": gone,
  "v171-after-slash-clear-189.txt": idle,
  "v171-approval-declined-esc-60.txt": banner,
  "v171-approval-dialog-60.txt": approval(
    "Yes, and don't ask again for commands that start with `echo fake-tool-ran > tool-output.txt && cat tool- output.txt` (p)",
  ),
  "v171-approval-dialog-codemode-189.txt": approval(),
  // An older `■ Conversation interrupted` sits above the newer `› RUN it` prompt.
  "v171-approval-dialog-exec-189.txt": approval(),
  // The fake server's call was unsupported under hooks: a plain idle composer, despite the name.
  "v171-approval-dialog-with-hooks-189.txt": idle,
  "v171-bracketed-paste-large-placeholder-189.txt": { composer: true, text: "[Pasted Content 2370 chars]", pasted: true, criteria: ["C-API-31"] },
  "v171-bracketed-paste-multiline-189.txt": typed("first pasted line\nsecond pasted line\nthird pasted line"),
  "v171-bracketed-paste-multiline-60.txt": typed("first pasted line\nsecond pasted line\nthird pasted line"),
  "v171-clean-ready-composer-189.txt": idle,
  "v171-compact-done-189.txt": idle,
  "v171-composer-typed-189.txt": typed("hello there"),
  "v171-ctrl-c-during-running-turn-189.txt": banner,
  "v171-ctrl-c-with-draft-189.txt": banner,
  // Composer painted before trust with no model footer: not a ready composer.
  "v171-first-run-01-splash-before-trust-189.txt": gone,
  "v171-first-run-02-trust-folder-189.txt": {
    composer: false,
    dialog: {
      kind: "workspace_trust",
      blocking: true,
      layout: "numbered",
      options: [
        ["Trust and continue", true, 1],
        ["Back to Agent Command Center", false, 2],
      ],
      ruleIds: ["codex-workspace_trust-folder", "codex-workspace_trust-body", "codex-workspace_trust-affirmative"],
    },
    criteria: ["C-CODEX-11", "C-CODEX-15"],
  },
  "v171-first-run-03-esc-from-trust-agent-command-center-189.txt": gone,
  "v171-first-run-default-provider-no-auth-189.txt": {
    composer: false,
    dialog: {
      kind: "login",
      blocking: true,
      layout: "numbered",
      options: [
        ["Sign in with ChatGPT", true, 1],
        ["Sign in with Device Code", false, 2],
        ["Sign in another way", false, 3],
      ],
      ruleIds: ["codex-login-prompt"],
    },
  },
  "v171-hooks-after-trust-all-189.txt": gone,
  "v171-hooks-need-review-startup-189.txt": hooks,
  "v171-hooks-review-event-detail-189.txt": gone,
  "v171-hooks-review-list-189.txt": gone,
  "v171-http-500-error-189.txt": idle,
  "v171-interrupted-after-escape-189.txt": banner,
  "v171-login-sign-in-another-way-189.txt": {
    composer: false,
    dialog: {
      kind: "login",
      blocking: true,
      layout: "numbered",
      options: [
        ["Use an OpenAI API key", true, 1],
        ["Use Amazon Bedrock", false, 2],
      ],
      ruleIds: ["codex-login-prompt"],
    },
  },
  "v171-missing-env-key-error-189.txt": idle,
  "v171-model-picker-189.txt": picker(models171, MODEL),
  "v171-model-picker-60.txt": picker(models171current, MODEL, 0, true),
  "v171-model-picker-effort-60.txt": picker(["Low (default) (current)", ...efforts.slice(1)], EFFORT, 0, true),
  "v171-model-picker-effort-step-189.txt": picker(efforts, EFFORT),
  "v171-model-picker-effort-with-current-189.txt": picker(effortsCurrent, EFFORT, 1),
  "v171-model-picker-more-reasoning-189.txt": picker(["Max", "Ultra"], "codex-model_picker-advanced"),
  "v171-model-picker-scrolled-end-189.txt": {
    composer: false,
    dialog: {
      kind: "model_picker",
      blocking: false,
      layout: "numbered",
      options: [
        ["GPT-6.1-Sol", false, 4],
        ["GPT-6-Astra", false, 5],
        ["GPT-6-Sol", false, 6],
        ["GPT-6-Luna", false, 7],
        ["GPT-5.6-Sol", false, 8],
        ["GPT-5.6-Terra", false, 9],
        ["GPT-5.6-Luna", false],
        ["GPT-5.5", true],
      ],
      ruleIds: [MODEL],
    },
  },
  "v171-model-picker-with-current-189.txt": picker(models171current, MODEL),
  "v171-no-alt-screen-after-turn-189.txt": idle,
  "v171-pane-residue-after-exit-189.txt": gone,
  "v171-paste-burst-enter-became-newline-189.txt": { ...typed("SLOW please"), openLine: true },
  "v171-ready-composer-60.txt": idle,
  "v171-ready-composer-after-trust-189.txt": idle,
  "v171-ready-with-bypass-hook-trust-189.txt": idle,
  "v171-resume-last-ready-189.txt": idle,
  "v171-resume-picker-189.txt": gone,
  "v171-resumed-session-history-189.txt": idle,
  "v171-running-hang-before-escape-189.txt": working,
  "v171-running-streaming-60.txt": streaming,
  "v171-running-turn-streaming-189.txt": streaming,
  "v171-running-turn-streaming-b-189.txt": streaming,
  "v171-running-turn-working-indicator-189.txt": working,
  "v171-running-working-indicator-60.txt": working,
  "v171-sandboxed-tool-run-189.txt": idle,
  "v171-shortcuts-overlay-60.txt": idle,
  "v171-slash-popup-189.txt": typed("/"),
  "v171-slash-popup-60.txt": typed("/"),
  "v171-slash-popup-compact-189.txt": typed("/compact"),
  "v171-slash-popup-model-189.txt": typed("/model"),
  "v171-slash-status-189.txt": idle,
  "v171-startup-warning-f2-bubblewrap-189.txt": gone,
  "v171-turn-complete-189.txt": idle,
  "v171-warnings-with-bypass-hook-trust-189.txt": gone,
};

const FILES = screenFiles("codex");

describe("Codex screen facts: real captures", () => {
  it("every screen capture in test/fixtures/captures/codex has an expectation (both versions, 60/189 cols)", () => {
    expect(FILES.filter((f) => EXPECTED[f] === undefined)).toEqual([]);
    expect(Object.keys(EXPECTED).filter((f) => !FILES.includes(f))).toEqual([]);
    const seen = new Set(FILES.map((f) => capture("codex", f)).map((c) => `${c.version}@${c.cols}`));
    for (const key of ["0.144.6@189", "0.171.0@60", "0.171.0@189"]) expect(seen.has(key), key).toBe(true);
  });

  for (const file of FILES) {
    const exp = EXPECTED[file];
    if (exp === undefined) continue;
    const c = capture("codex", file);
    it(`codex ${c.version} ${c.cols}x${c.rows} ${file} (title ${JSON.stringify(c.title)}): ${describeExpected(exp)}`, () => {
      assertFacts(readCodexScreen(captureToSnapshot(c)), exp);
    });
  }

  it("captures read the same through a real @xterm/headless terminal [C-TURN-03]", async () => {
    for (const file of FILES) {
      const c = capture("codex", file);
      expect(readCodexScreen(await captureToSnapshotViaXterm(c)), file).toEqual(readCodexScreen(captureToSnapshot(c)));
    }
  });

  it("C-API-46: Elwood's own captures of the composer after two Ctrl+V (X11 clipboard) read two touching image chips on both versions", () => {
    const files = ownScreenFiles("codex").filter((f) => f.includes("image-chips"));
    expect(files.map((f) => ownCapture("codex", f).version).sort()).toEqual(["0.144.6", "0.171.0"]);
    for (const file of files) {
      const facts = readCodexScreen(captureToSnapshot(ownCapture("codex", file)));
      expect(facts.composer, file).toBe(true);
      expect(facts.imageChips, file).toBe(2);
      expect(facts.ruleIds, file).toContain("codex-image-chip");
    }
  });

  it("C-API-44: Elwood's own captures of a Ctrl+V with an empty X11 clipboard read one `■ Failed to paste image:` row and no chip on both versions", () => {
    const files = ownScreenFiles("codex").filter((f) => f.includes("image-paste-failed"));
    expect(files.map((f) => ownCapture("codex", f).version).sort()).toEqual(["0.144.6", "0.171.0"]);
    for (const file of files) {
      const facts = readCodexScreen(captureToSnapshot(ownCapture("codex", file)));
      expect(facts.composer, file).toBe(true);
      expect(facts.imageChips, file).toBe(0);
      // The reason wraps onto a second row at 120 columns; only the head row counts.
      expect(facts.imagePasteFailures, file).toBe(1);
      expect(facts.ruleIds, file).toContain("codex-image-paste-failed");
    }
    // A taller pane (measured: 0.171.0 at 48 rows) keeps the row under the header, more than 40 rows above the
    // composer; it still counts. Rows = the 0.171.0 capture with 30 blank rows inserted after the banner.
    const v171 = captureToSnapshot(ownCapture("codex", "v171-image-paste-failed-120.txt")).lines;
    const banner = v171.findIndex((l) => l.startsWith("■ Failed to paste image:"));
    const tall = [...v171.slice(0, banner + 2), ...Array<string>(30).fill(""), ...v171.slice(banner + 2)];
    const tallFacts = readCodexScreen(syntheticSnapshot(tall, { cols: 120, rows: tall.length }));
    expect(tallFacts.composer).toBe(true);
    expect(tallFacts.imagePasteFailures).toBe(1);
    // Every other capture (the chips included) shows no paste failure.
    for (const file of ownScreenFiles("codex").filter((f) => !f.includes("image-paste-failed"))) {
      expect(readCodexScreen(captureToSnapshot(ownCapture("codex", file))).imagePasteFailures, file).toBe(0);
    }
  });

  it("approval frames also carry the `[ . ] Action Required` title rule (0.144.6 and 0.171.0)", () => {
    for (const file of ["v144-approval-dialog-189.txt", "v171-approval-dialog-exec-189.txt", "v171-approval-dialog-60.txt"]) {
      const facts = readCodexScreen(captureToSnapshot(capture("codex", file)));
      expect(facts.ruleIds, file).toContain("codex-title-action-required");
      expect(facts.titleSpinner, file).toBe(false);
    }
  });
});

describe("Codex screen rules table", () => {
  it("ids are stable, prefixed codex-, unique, stateless, and name only the two studied versions", () => {
    assertRuleTable(codexScreenRules, "codex-", ["codex 0.144.6", "codex 0.171.0"]);
  });

  it("every version a rule lists is proven by a capture of that version", () => {
    const byVersion = new Map<string, Set<string>>();
    const add = (version: string, id: string): void => {
      const ids = byVersion.get(`codex ${version}`) ?? new Set<string>();
      ids.add(id);
      byVersion.set(`codex ${version}`, ids);
    };
    for (const file of FILES) {
      const c = capture("codex", file);
      for (const id of readCodexScreen(captureToSnapshot(c)).ruleIds) add(c.version, id);
    }
    for (const file of ownScreenFiles("codex")) {
      const c = ownCapture("codex", file);
      for (const id of readCodexScreen(captureToSnapshot(c)).ruleIds) add(c.version, id);
    }
    // The unknown-gate grammar never fires on allowlisted captures; prove its shape on the hook gates.
    const rule = indexRules(codexScreenRules);
    for (const file of ["v144-hooks-need-review-startup-189.txt", "v171-hooks-need-review-startup-189.txt"]) {
      const c = capture("codex", file);
      const rows = trimmedRows(captureToSnapshot(c).lines);
      const gate = matchGateGrammar(rows, 0, lastContentRow(rows), {
        cursorGlyphs: "›>",
        headerStart: rule("codex-unknown_gate-prompt"),
        conversationRow: /^[•■] /,
      });
      expect(gate, file).toBeDefined();
      add(c.version, "codex-unknown_gate-prompt");
    }
    // OSC 7501 rules are checked against the raw protocol capture (0.171 only).
    const raw = readFileSync(`${SCREENS_DIR}/codex/v171-and-v144-raw-terminal-protocol.txt`, "utf8");
    const states = [...raw.matchAll(/ESC\]7501;state=([a-z]+)/g)].map((m) => m[1] ?? "");
    for (const r of codexScreenRules.filter((x) => x.region === "osc")) {
      if (states.some((s) => r.pattern.test(s))) add("0.171.0", r.id);
    }
    for (const r of codexScreenRules) {
      for (const v of r.verifiedAgainst) expect(byVersion.get(v)?.has(r.id), `${r.id} @ ${v}`).toBe(true);
    }
  });
});

describe("Codex session header (issue 13 item 3: 0.144.6 readiness evidence)", () => {
  it("issue 13 item 3: the 0.144.6 header's model row is seen on its ready captures, not while it reads `loading`; 0.171 never matches", () => {
    for (const file of ["v144-ready-with-bypass-hook-trust-189.txt", "v144-ready-composer-after-trust-189.txt"]) {
      const f = readCodexScreen(captureToSnapshot(capture("codex", file)));
      expect(f.ruleIds, file).toContain("codex-session-header");
      expect(f.ruleIds, file).toContain("codex-composer-footer");
    }
    const loading = ["│ >_ OpenAI Codex (v0.144.6)                  │", "│                                             │", "│ model:     loading   /model to change       │", "│ directory: /srv/repo                        │", "╰─────────────────────────────────────────────╯", "", "› Run /review on my current changes", "", "  gpt-5.6-sol default · /srv/repo"];
    expect(readCodexScreen(syntheticSnapshot(loading)).ruleIds).not.toContain("codex-session-header");
    for (const file of screenFiles("codex").filter((f) => f.startsWith("v171-"))) {
      expect(readCodexScreen(captureToSnapshot(capture("codex", file))).ruleIds, file).not.toContain("codex-session-header");
    }
  });

  it("issue 13 item 4: at 40 columns 0.144.6 wraps its header box; the wrapped model row still counts, its `loading` row still does not", () => {
    const ready = readCodexScreen(captureToSnapshot(ownCapture("codex", "v144-ready-session-header-wrapped-40.txt")));
    expect(ready.ruleIds).toEqual(expect.arrayContaining(["codex-session-header", "codex-composer-footer"]));
    expect(ready.composer).toBe(true);
    const loading = readCodexScreen(captureToSnapshot(ownCapture("codex", "v144-starting-session-header-loading-40.txt")));
    expect(loading.composer).toBe(true);
    expect(loading.ruleIds).not.toContain("codex-session-header");
  });

  it("issue 13 item 4: a model row wrapped mid-word or before the hint is joined back; an unwrapped row is not joined to the next", () => {
    const framed = (rows: string[]): string[] => [...rows, "╰──────────╯", "", "› Explain this codebase", "", "  gpt-5.6-sol low · /srv/repo"];
    const read = (rows: string[]) => readCodexScreen(syntheticSnapshot(framed(rows), { cols: 40 })).ruleIds;
    expect(read(["│ model:     gpt-5.6-sol low   /mod", "el to change │"])).toContain("codex-session-header");
    expect(read(["│ model:     a-very-long-model-slug-name", "-here   /model to change │"])).toContain("codex-session-header");
    expect(read(["│ model:     loading", "/model to change │"])).not.toContain("codex-session-header");
    // A complete box row (right border present) without the hint is not completed by whatever follows it.
    expect(read(["│ model:     gpt-5.6-sol low │", "/model to change │"])).not.toContain("codex-session-header");
  });
});

describe("Codex title spinner [C-TURN-05]", () => {
  const composerRows = ["› Ask Codex to do anything", "", "  GPT-6.2-Sol low · /srv/repo"];
  const cases: Array<[string, boolean]> = [
    ["⠋ repo", true],
    ["⠙ hello there | repo", true],
    ["⠏ Fake task title | repo", true],
    ["repo", false],
    ["hello there | repo", false],
    ["[ ! ] Action Required | hello there | repo", false],
    ["", false],
  ];
  for (const [title, spinner] of cases) {
    it(`${JSON.stringify(title)} → titleSpinner ${spinner}`, () => {
      const facts = readCodexScreen(syntheticSnapshot(composerRows, { cols: 100, title }));
      expect(facts.titleSpinner).toBe(spinner);
      expect(facts.composer).toBe(true);
    });
  }
});

/** A Codex 0.171-shaped screen: transcript, then the idle composer and footer. */
function codexScreen(transcript: readonly string[], cols: number, composer = true): ReturnType<typeof syntheticSnapshot> {
  const rows = ["  >_ OpenAI Codex (v0.171.0)", "     /srv/repo", "", ...transcript, ""];
  if (composer) rows.push("› Ask Codex to do anything", "", "  GPT-6.2-Sol low · /srv/repo", "  ← for agents · ? for shortcuts");
  return syntheticSnapshot(rows, { cols, rows: Math.max(rows.length, 30) });
}

describe("Codex anti-spoofing (synthetic frames)", () => {
  for (const cols of [60, 100, 189]) {
    it(`${cols} cols: an old ■ Conversation interrupted above a newer prompt is not the latest turn's [C-TURN-04]`, () => {
      const facts = readCodexScreen(
        codexScreen(["› HANG now", "", "■ Conversation interrupted - use /feedback if something went wrong", "", "› hello again", "", "• Hello from fake model (turn 2)."], cols),
      );
      expect(facts.interruptBanner).toBe(false);
    });
    it(`${cols} cols: the banner under the latest prompt ends the turn [C-TURN-04]`, () => {
      const facts = readCodexScreen(codexScreen(["› HANG now", "", "■ Conversation interrupted - use /feedback if something went", "wrong"], cols));
      expect(facts.interruptBanner).toBe(true);
    });
  }

  const quoted = [
    "› what does the approval look like?",
    "",
    "• It looks like this:",
    "",
    "  Would you like to run the following command?",
    "",
    "  › 1. Yes, proceed (y)",
    "    2. No, and tell Codex what to do differently (esc)",
    "",
    "  Press enter to confirm or esc to cancel",
  ];

  it("an approval quoted in a reply above the composer is not a dialog [C-ATTN-03]", () => {
    const facts = readCodexScreen(codexScreen(quoted, 100));
    expect(facts.dialog).toBeUndefined();
    expect(facts.composer).toBe(true);
    expect(facts.ruleIds).not.toContain("codex-approval-dialog");
  });

  it("a quoted approval stays transcript even on a frame with no composer painted [C-ATTN-03]", () => {
    expect(readCodexScreen(codexScreen(quoted, 100, false)).dialog).toBeUndefined();
  });

  it("a quoted header above a real dialog: only the bottom-most native dialog counts", () => {
    const rows = [
      ...quoted,
      "",
      "› RUN it",
      "",
      "• Running echo hi",
      "",
      "  Would you like to run the following command?",
      "",
      "  $ echo hi",
      "",
      "› 1. Yes, proceed (y)",
      "  2. No, and tell Codex what to do differently (esc)",
      "",
      "  Press enter to confirm or esc to cancel",
    ];
    const facts = readCodexScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog?.kind).toBe("permission");
    expect(facts.dialog?.options.map((o) => o.label)).toEqual(["Yes, proceed (y)", "No, and tell Codex what to do differently (esc)"]);
  });

  it("a working row quoted above the last prompt does not count as working", () => {
    const facts = readCodexScreen(codexScreen(["› SLOW", "", "• Working (3s • esc to interrupt)", "", "› next", "", "• done"], 100));
    expect(facts.working).toBe(false);
  });

  it("0.144.6 random placeholders are not typed text", () => {
    for (const placeholder of ["Explain this codebase", "Implement {feature}", "Write tests for @filename", "Use /skills to list available skills"]) {
      const facts = readCodexScreen(syntheticSnapshot([`› ${placeholder}`, "", "  fake-model default · /srv/repo"], { cols: 100 }));
      expect(facts.composer, placeholder).toBe(true);
      expect(facts.composerText, placeholder).toBe("");
    }
  });
});

describe("Codex dialogs without captures (synthetic, spec copy)", () => {
  it("the update prompt blocks as `update`, options parsed by label, `2.Skip` without a space [C-CODEX-12]", () => {
    const rows = [
      "  ✨ Update available! 0.171.0 -> 0.172.0",
      "",
      "  Release notes: https://github.com/openai/codex/releases/latest",
      "",
      "› 1. Update now (runs `npm install -g @openai/codex`)",
      "  2.Skip",
      "  3. Skip until next version",
      "",
      "  Press enter to continue",
    ];
    const facts = readCodexScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog?.kind).toBe("update");
    expect(facts.dialog?.blocking).toBe(true);
    expect(facts.dialog?.options).toEqual([
      { label: "Update now (runs `npm install -g @openai/codex`)", number: 1, selected: true },
      { label: "Skip", number: 2, selected: false },
      { label: "Skip until next version", number: 3, selected: false },
    ]);
  });

  it("the update banner alone blocks before its options paint [C-CODEX-12]", () => {
    const facts = readCodexScreen(syntheticSnapshot(["  ✨ Update available! 0.171.0 -> 0.172.0"], { cols: 100 }));
    expect(facts.dialog?.kind).toBe("update");
    expect(facts.dialog?.layout).toBe("none");
  });

  it("hook trust with a different number and `N.Trust…` spacing still names the affirmative [C-CODEX-06]", () => {
    const rows = [
      "  Hooks need review",
      "  1 hook is new or changed.",
      "  Hooks can run outside the sandbox after you trust them.",
      "",
      "› 1. Review hooks",
      "  2. Continue without trusting (hooks won't run)",
      "  3.Trust all and continue",
      "",
      "  Press enter to confirm or esc to go back",
    ];
    const facts = readCodexScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog?.kind).toBe("hooks_review");
    expect(facts.dialog?.ruleIds).toContain("codex-hooks_review-affirmative");
    expect(facts.dialog?.options.find((o) => o.label === "Trust all and continue")?.number).toBe(3);
  });

  it("an off-allowlist gate in the grammar is held as codex-unknown_gate-prompt [C-ATTN-03]", () => {
    const rows = ["  Do you want to enable the experimental sandbox?", "", "› 1. Enable", "  2. Not now", "", "  Press enter to confirm or esc to cancel"];
    const facts = readCodexScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog).toEqual({
      kind: "unknown_gate",
      blocking: true,
      ruleIds: ["codex-unknown_gate-prompt"],
      options: [
        { label: "Enable", number: 1, selected: true },
        { label: "Not now", number: 2, selected: false },
      ],
      layout: "numbered",
    });
  });

  it("a grammar-shaped gate whose footer is missing is not held [C-ATTN-03]", () => {
    const rows = ["  Do you want to enable the experimental sandbox?", "", "› 1. Enable", "  2. Not now"];
    expect(readCodexScreen(syntheticSnapshot(rows, { cols: 100 })).dialog).toBeUndefined();
  });
});

describe("Codex composer edges around the slash popup and a newline draft (synthetic)", () => {
  it("C-CODEX-14: a dialog's `› 1.` option row above a stale 0.144.6 popup row is no composer", () => {
    const rows = ["• reply", "", "  Select Model and Effort", "", "› 1. gpt-5.6-sol (default)  Latest frontier", "  2. gpt-5.6-terra  Balanced", "", "  /model  choose what model and reasoning effort to use"];
    const facts = readCodexScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.composer).toBe(false);
    expect(facts.ruleIds).not.toContain("codex-slash-popup-row");
  });

  it("C-CODEX-14: `/model` over two blank rows and the footer is a draft ending in a newline; over one it is not", () => {
    const open = readCodexScreen(syntheticSnapshot(["• reply", "", "› /model", "", "", "  gpt-5.6-sol low · /tmp/x"], { cols: 100 }));
    expect(open).toMatchObject({ composer: true, composerText: "/model", composerOpenLine: true });
    const plain = readCodexScreen(syntheticSnapshot(["• reply", "", "› /model", "", "  gpt-5.6-sol low · /tmp/x"], { cols: 100 }));
    expect(plain).toMatchObject({ composer: true, composerText: "/model" });
    expect(plain.composerOpenLine).toBeUndefined();
  });
});
