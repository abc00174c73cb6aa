// Claude screen facts against every real capture (2.1.215 / 2.1.332, 60/100/189 cols) plus synthetic frames.

import { describe, expect, it } from "vitest";
import { readClaudeScreen } from "../../adapters/claude/read-screen.js";
import { claudeScreenRules } from "../../adapters/claude/screen-rules.js";
import { indexRules, matchGateGrammar, trimmedRows, lastContentRow } from "../../adapters/screen-regions.js";
import {
  type Expected,
  type Opt,
  assertFacts,
  assertRuleTable,
  capture,
  captureToSnapshot,
  captureToSnapshotViaXterm,
  describeExpected,
  screenFiles,
  snapshotOf,
  syntheticSnapshot,
} from "../fixtures/capture-snapshot.js";

const TURN = ["C-TURN-03"];
const idle: Expected = { composer: true, criteria: TURN };
const gone: Expected = { composer: false };
const notLoggedIn: Expected = { composer: true, login: true, criteria: ["C-CLAUDE-17", "C-CLAUDE-18"] };
const banner: Expected = { composer: true, banner: true, criteria: ["C-TURN-02", "C-TURN-04"] };
const working: Expected = { composer: true, working: true, criteria: ["C-TURN-01", "C-TURN-03"] };
const typed = (text: string): Expected => ({ composer: true, text });

const perm332: Opt[] = [
  ["Yes", true, 1],
  ["Yes, and always allow access to /opt/lab/claude-e2e/work from this project", false, 2],
  ["Yes, and switch to auto mode · auto mode handles these prompts for you", false, 3],
  ["No", false, 4],
];
const perm215: Opt[] = [
  ["Yes", true, 1],
  ["Yes, and always allow access to work/ from this project", false, 2],
  ["No", false, 3],
];
const permission = (options: readonly Opt[]): Expected => ({
  composer: false,
  dialog: { kind: "permission", blocking: true, layout: "numbered", options, ruleIds: ["claude-permission-dialog"] },
  criteria: ["C-ATTN-01"],
});
const trustIds = ["claude-workspace_trust-prompt", "claude-workspace_trust-body", "claude-workspace_trust-affirmative"];
const trust332: Expected = {
  composer: false,
  dialog: {
    kind: "workspace_trust",
    blocking: true,
    layout: "cursor",
    options: [
      ["No, exit", true],
      ["Yes, I trust this folder", false],
    ],
    ruleIds: trustIds,
  },
  criteria: ["C-CLAUDE-10"],
};
const trust215: Expected = {
  composer: false,
  dialog: {
    kind: "workspace_trust",
    blocking: true,
    layout: "numbered",
    options: [
      ["Yes, I trust this folder", true, 1],
      ["No, exit", false, 2],
    ],
    ruleIds: trustIds,
  },
  criteria: ["C-CLAUDE-10"],
};
const apiKey332: Expected = {
  composer: false,
  dialog: {
    kind: "api_key",
    blocking: true,
    layout: "cursor",
    options: [
      ["Yes", false],
      ["No (recommended)", true],
    ],
    ruleIds: ["claude-api_key-prompt"],
  },
};
const apiKey215: Expected = {
  composer: false,
  dialog: {
    kind: "api_key",
    blocking: true,
    layout: "numbered",
    options: [
      ["Yes", false, 1],
      ["No (recommended)", true, 2],
    ],
    ruleIds: ["claude-api_key-prompt"],
  },
};
const picker = (labels: readonly string[]): Expected => ({
  composer: false,
  dialog: {
    kind: "model_picker",
    blocking: false,
    layout: "numbered",
    options: labels.map((l, i) => [l, i === 0, i + 1] as const),
    ruleIds: ["claude-model_picker-prompt"],
  },
});
const picker332 = picker(["Default (recommended) ✔", "Opus", "Fable", "Sonnet", "Haiku"]);
const picker215 = picker(["Default (recommended) ✔", "Opus", "Sonnet", "Sonnet 5 (1M context)", "Haiku"]);
const switchConfirm = (model: string): Expected => ({
  composer: false,
  dialog: {
    kind: "model_switch_confirm",
    blocking: true,
    layout: "numbered",
    options: [
      [`Yes, switch to ${model}`, true, 1],
      ["No, go back", false, 2],
    ],
    ruleIds: ["claude-model_switch_confirm-prompt"],
  },
  criteria: ["C-ATTN-04"],
});
const login = (options: readonly Opt[] | undefined, ruleIds: readonly string[]): Expected => ({
  composer: false,
  dialog: { kind: "login", blocking: false, layout: options === undefined ? "none" : "numbered", options: options ?? [], ruleIds },
  criteria: ["C-API-43"],
});
const loginMethods: Opt[] = [
  ["Claude account with subscription · Individual, Team, or Enterprise", true, 1],
  ["Anthropic Console account · API usage billing", false, 2],
  ["3rd-party platform · Bedrock, Microsoft Foundry, Google Vertex AI", false, 3],
];

/** Expected facts for every Claude capture; a new capture fails the coverage test until listed. */
const EXPECTED: Record<string, Expected> = {
  "after-compact-215.txt": idle,
  "after-compact.txt": idle,
  "after-exit-215-w60.txt": gone,
  "after-exit-215.txt": gone,
  "after-exit-w100.txt": gone,
  "after-exit-w60.txt": gone,
  "after-exit.txt": gone,
  "after-image-turn-215-w60.txt": idle,
  "after-image-turn-215.txt": idle,
  "after-image-turn-w100.txt": idle,
  "after-image-turn-w60.txt": idle,
  "after-image-turn.txt": idle,
  "after-paste-turn-215-w60.txt": idle,
  "after-paste-turn-215.txt": idle,
  "after-paste-turn-w100.txt": idle,
  "after-paste-turn-w60.txt": idle,
  "after-paste-turn.txt": idle,
  "after-tool-215-w60.txt": idle,
  "after-tool-215.txt": idle,
  "after-tool-w100.txt": idle,
  "after-tool-w60.txt": idle,
  "after-tool.txt": idle,
  // A rejected tool call ends the turn with the same banner, below the latest prompt.
  "after-tool-denied-no-215.txt": banner,
  "after-tool-denied-no.txt": banner,
  "after-tool-rejected-215.txt": banner,
  "after-tool-rejected.txt": banner,
  "api-key-confirm-215.txt": apiKey215,
  "api-key-confirm.txt": apiKey332,
  "auto-mode-tool.txt": idle,
  "composer-idle-215-escapes.txt": idle,
  "composer-idle-215-w60.txt": idle,
  "composer-idle-215.txt": idle,
  "composer-idle-escapes.txt": idle,
  "composer-idle-w100.txt": idle,
  "composer-idle-w60.txt": idle,
  "composer-idle.txt": idle,
  // These screens also show an old `⎿ Interrupted` far above newer prompts: not the latest turn.
  "composer-long-input-215-w60.txt": typed("x".repeat(90)),
  "composer-long-input-215.txt": typed("x".repeat(283)),
  "composer-long-input-w100.txt": typed("x".repeat(150)),
  "composer-long-input-w60.txt": typed("x".repeat(90)),
  "composer-long-input.txt": typed("x".repeat(283)),
  "composer-typed-215-w60.txt": typed("some typed text"),
  "composer-typed-215.txt": typed("some typed text"),
  "composer-typed-w100.txt": typed("some typed text"),
  "composer-typed-w60.txt": typed("some typed text"),
  "composer-typed.txt": typed("some typed text"),
  "interrupted-215-w60.txt": banner,
  "interrupted-215.txt": banner,
  "interrupted-w100.txt": banner,
  "interrupted-w60.txt": banner,
  "interrupted.txt": banner,
  "login-3p-platforms.txt": login(
    [
      ["Amazon Bedrock · interactive setup", true, 1],
      ["Microsoft Foundry · opens docs", false, 2],
      ["Google Vertex AI · interactive setup", false, 3],
      ["Go back", false, 4],
    ],
    ["claude-login-panel"],
  ),
  "login-auth-url.txt": login(undefined, ["claude-login-panel", "claude-login-paste-code"]),
  "login-console-error-apikey-set.txt": login(undefined, ["claude-login-panel"]),
  "login-console-submenu.txt": login(
    [
      ["Sign in with your Console account (recommended)", true, 1],
      ["Create an API key (legacy) · adds a key to your Console workspace", false, 2],
      ["Go back", false, 3],
    ],
    ["claude-login-panel"],
  ),
  "login-method.txt": login(loginMethods, ["claude-login-method", "claude-login-panel"]),
  "login-oauth-error.txt": login(undefined, ["claude-login-panel"]),
  "model-picker-215-w60.txt": picker215,
  "model-picker-215.txt": picker215,
  "model-picker-w100.txt": picker332,
  "model-picker-w60.txt": picker332,
  "model-picker.txt": picker332,
  "model-switch-confirm-215.txt": switchConfirm("Sonnet 5"),
  "model-switch-confirm.txt": switchConfirm("Sonnet 5.5"),
  // `Once fixed, resend your message` is a dimmed placeholder, not typed text. The turn's `⎿  Not logged in · Please run
  // /login` notice and the `Not logged in · run /login` status say the login is missing.
  "not-logged-in.txt": notLoggedIn,
  // 2.1.215 also keeps `Not logged in · Run /login` in its footer; the idle ready screen shows only that.
  "not-logged-in-215.txt": notLoggedIn,
  "onboarding-1-theme-215.txt": gone,
  "onboarding-1-theme.txt": gone,
  "onboarding-2-api-key-215.txt": apiKey215,
  "onboarding-2-api-key.txt": apiKey332,
  "onboarding-2-login-method-nokey.txt": login(loginMethods, ["claude-login-method"]),
  "onboarding-3-login-url-nokey.txt": login(undefined, ["claude-login-paste-code"]),
  "onboarding-3-security-notes-215.txt": gone,
  "onboarding-3-security-notes.txt": gone,
  "onboarding-4-trust-215.txt": trust215,
  "onboarding-4-trust.txt": trust332,
  "onboarding-5-composer-first-run-215.txt": idle,
  "onboarding-5-composer-first-run.txt": idle,
  "onboarding-preflight-fail-215.txt": gone,
  "onboarding-preflight-fail.txt": gone,
  "paste-image-path-215-w60.txt": { composer: true, text: "[Image #1]", images: 1, criteria: ["C-API-44"] },
  "paste-image-path-215.txt": { composer: true, text: "[Image #1]", images: 1, criteria: ["C-API-44"] },
  "paste-image-path-w100.txt": { composer: true, text: "[Image #1]", images: 1, criteria: ["C-API-44"] },
  "paste-image-path-w60.txt": { composer: true, text: "[Image #1]", images: 1, criteria: ["C-API-44"] },
  "paste-image-path.txt": { composer: true, text: "[Image #1]", images: 1, criteria: ["C-API-44"] },
  "paste-multiline-215-w60.txt": { composer: true, text: "[Pasted text #2 +11 lines]", pasted: true, criteria: ["C-API-31"] },
  "paste-multiline-215.txt": { composer: true, text: "[Pasted text #2 +11 lines]", pasted: true, criteria: ["C-API-31"] },
  "paste-multiline-w100.txt": { composer: true, text: "[Pasted text #2 +11 lines]", pasted: true, criteria: ["C-API-31"] },
  "paste-multiline-w60.txt": { composer: true, text: "[Pasted text #2 +11 lines]", pasted: true, criteria: ["C-API-31"] },
  "paste-multiline.txt": { composer: true, text: "[Pasted text #2 +11 lines]", pasted: true, criteria: ["C-API-31"] },
  "paste-small-215.txt": typed("two\nlines"),
  "paste-small.txt": typed("two\nlines"),
  "permission-dialog-215-escapes.txt": permission(perm215),
  // 2.1.215 at 60 columns leaves residue of the wrapped row 2 on row 3 ("Nooject"), as captured.
  "permission-dialog-215-w60.txt": permission([
    ["Yes", true, 1],
    ["Yes, and always allow access to work/ from this", false, 2],
    ["Nooject", false, 3],
  ]),
  "permission-dialog-215.txt": permission(perm215),
  "permission-dialog-escapes.txt": permission(perm332),
  "permission-dialog-w100.txt": permission(perm332),
  "permission-dialog-w60.txt": permission(perm332),
  "permission-dialog.txt": permission(perm332),
  "shortcuts-help-215.txt": banner,
  "shortcuts-help.txt": banner,
  "slash-compact-typed-215.txt": typed("/compact"),
  "slash-compact-typed.txt": typed("/compact"),
  "slash-menu-215.txt": typed("/"),
  "slash-menu.txt": typed("/"),
  // 2.1.332 shows nothing about the missing login until a prompt is sent (C-CLAUDE-17: no start-up banner to fail on).
  "startup-no-credentials.txt": idle,
  "startup-no-credentials-215.txt": notLoggedIn,
  "theme-picker-215.txt": gone,
  "theme-picker.txt": gone,
  "trust-dialog-215.txt": trust215,
  "trust-dialog.txt": trust332,
  "working-215-escapes.txt": working,
  "working-215-w60.txt": working,
  "working-215.txt": working,
  "working-escapes.txt": working,
  "working-w100.txt": working,
  "working-w60.txt": working,
  "working.txt": working,
};

const FILES = screenFiles("claude");

describe("Claude screen facts: real captures", () => {
  it("every capture in test/fixtures/captures/claude has an expectation (both versions, 60/100/189 cols)", () => {
    expect(FILES.filter((f) => EXPECTED[f] === undefined)).toEqual([]);
    expect(Object.keys(EXPECTED).filter((f) => !FILES.includes(f))).toEqual([]);
    const seen = new Set(FILES.map((f) => capture("claude", f)).map((c) => `${c.version}@${c.cols}`));
    for (const key of ["2.1.215@60", "2.1.215@189", "2.1.332@60", "2.1.332@100", "2.1.332@189"]) {
      expect(seen.has(key), key).toBe(true);
    }
  });

  for (const file of FILES) {
    const exp = EXPECTED[file];
    if (exp === undefined) continue;
    const c = capture("claude", file);
    const via = c.escapes ? " via xterm" : "";
    it(`claude ${c.version} ${c.cols}x${c.rows} ${file}${via}: ${describeExpected(exp)}`, async () => {
      assertFacts(readClaudeScreen(await snapshotOf(c)), exp);
    });
  }

  it("plain captures read the same through a real @xterm/headless terminal [C-TURN-03]", async () => {
    for (const file of FILES) {
      const c = capture("claude", file);
      if (c.escapes) continue;
      const plain = readClaudeScreen(captureToSnapshot(c));
      const viaXterm = readClaudeScreen(await captureToSnapshotViaXterm(c));
      expect(viaXterm, file).toEqual(plain);
    }
  });

  it("escape captures give the same facts as their plain twins (2.1.215 and 2.1.332)", async () => {
    for (const [esc, plain] of [
      ["composer-idle-escapes.txt", "composer-idle.txt"],
      ["composer-idle-215-escapes.txt", "composer-idle-215.txt"],
      ["working-escapes.txt", "working.txt"],
      ["working-215-escapes.txt", "working-215.txt"],
      ["permission-dialog-escapes.txt", "permission-dialog.txt"],
      ["permission-dialog-215-escapes.txt", "permission-dialog-215.txt"],
    ] as const) {
      const a = readClaudeScreen(await captureToSnapshotViaXterm(capture("claude", esc)));
      const b = readClaudeScreen(captureToSnapshot(capture("claude", plain)));
      expect(a, esc).toEqual(b);
    }
  });
});

describe("Claude screen rules table", () => {
  it("ids are stable, prefixed claude-, unique, stateless, and name only the two studied versions", () => {
    assertRuleTable(claudeScreenRules, "claude-", ["claude 2.1.215", "claude 2.1.332"]);
  });

  it("every version a rule lists is proven by a capture of that version", async () => {
    const byVersion = new Map<string, Set<string>>();
    for (const file of FILES) {
      const c = capture("claude", file);
      const ids = byVersion.get(`claude ${c.version}`) ?? new Set<string>();
      for (const id of readClaudeScreen(await snapshotOf(c)).ruleIds) ids.add(id);
      byVersion.set(`claude ${c.version}`, ids);
    }
    // The unknown-gate grammar never fires on allowlisted captures; prove its shape on them directly.
    const pattern = indexRules(claudeScreenRules)("claude-unknown_gate-prompt");
    for (const file of ["api-key-confirm.txt", "api-key-confirm-215.txt"]) {
      const c = capture("claude", file);
      const rows = trimmedRows(captureToSnapshot(c).lines);
      const gate = matchGateGrammar(rows, 2, lastContentRow(rows), {
        cursorGlyphs: "❯",
        headerStart: pattern,
        conversationRow: /^❯ \S/,
      });
      expect(gate, file).toBeDefined();
      byVersion.get(`claude ${c.version}`)?.add("claude-unknown_gate-prompt");
    }
    for (const rule of claudeScreenRules) {
      for (const v of rule.verifiedAgainst) expect(byVersion.get(v)?.has(rule.id), `${rule.id} @ ${v}`).toBe(true);
    }
  });
});

describe("Claude title spinner (synthetic titles) [C-TURN-05]", () => {
  const composerRows = ["─".repeat(100), "❯\u00a0", "─".repeat(100), "  ⏸ manual mode on · ? for shortcuts"];
  const cases: Array<[string, boolean, string]> = [
    ["◐ Claude Code", true, "2.1.332 busy half-moon"],
    ["◑ Claude Code", true, "2.1.332 busy half-moon, other phase"],
    ["⠂ Fake session title", true, "2.1.215 braille"],
    ["⠐ Fake session title", true, "2.1.215 braille, other phase"],
    ["✳ Claude Code", false, "idle star"],
    ["✳ Fake session title", false, "2.1.215 idle with session title"],
    ["Claude Code", false, "plain"],
    ["", false, "no title yet"],
  ];
  for (const [title, spinner, what] of cases) {
    it(`${JSON.stringify(title)} (${what}) → titleSpinner ${spinner}`, () => {
      const facts = readClaudeScreen(syntheticSnapshot(composerRows, { title }));
      expect(facts.titleSpinner).toBe(spinner);
      expect(facts.composer).toBe(true);
      const ids = facts.ruleIds.filter((id) => id.startsWith("claude-working-title"));
      expect(ids.length).toBe(spinner ? 1 : 0);
    });
  }
});

/** A Claude 2.1.332-shaped screen of `cols` columns with the given transcript above an idle composer. */
function claudeScreen(transcript: readonly string[], cols: number, composer = true): ReturnType<typeof syntheticSnapshot> {
  const rule = "─".repeat(cols);
  const rows = [...transcript, ""];
  if (composer) rows.push(rule, "❯\u00a0", rule, "  ⏸ manual mode on · ? for shortcuts · ← for agents");
  return syntheticSnapshot(rows, { cols, rows: Math.max(rows.length, 30) });
}

describe("Claude anti-spoofing (synthetic frames)", () => {
  for (const cols of [60, 100, 189]) {
    it(`${cols} cols: an old ⎿ Interrupted above a newer prompt is not the latest turn's [C-TURN-04]`, () => {
      const facts = readClaudeScreen(
        claudeScreen(
          [
            "❯ please go SLOW",
            "",
            "● This is a slow str",
            "  ⎿  Interrupted · What should Claude do instead?",
            "",
            "❯ and now something else",
            "",
            "● FAKE-REPLY: and now something else",
            "",
            "✻ Brewed for 0s · done 7:37 PM",
          ],
          cols,
        ),
      );
      expect(facts.interruptBanner).toBe(false);
      expect(facts.composer).toBe(true);
    });

    it(`${cols} cols: the banner under the latest prompt ends the turn [C-TURN-04]`, () => {
      const facts = readClaudeScreen(
        claudeScreen(["❯ please go SLOW", "", "● This is a slow str", "  ⎿  Interrupted · What should Claude do instead?"], cols),
      );
      expect(facts.interruptBanner).toBe(true);
      expect(facts.ruleIds).toContain("claude-interrupt-banner");
    });
  }

  it("model text saying Interrupted without ⎿ is not a banner", () => {
    const facts = readClaudeScreen(claudeScreen(["❯ hi", "", "● Interrupted · What should Claude do instead?"], 100));
    expect(facts.interruptBanner).toBe(false);
  });

  const quoted = [
    "❯ show me the dialog text",
    "",
    "● Sure, it looks like this:",
    "  Do you want to proceed?",
    "  ❯ 1. Yes",
    "    2. No",
    "",
    "  Esc to cancel · Tab to amend",
  ];

  it("a dialog quoted in the transcript above the composer is not a dialog [C-ATTN-03]", () => {
    const facts = readClaudeScreen(claudeScreen(quoted, 100));
    expect(facts.dialog).toBeUndefined();
    expect(facts.composer).toBe(true);
    expect(facts.ruleIds.some((id) => id.includes("permission"))).toBe(false);
  });

  it("a quoted dialog stays transcript even on a frame with no composer painted [C-ATTN-03]", () => {
    const facts = readClaudeScreen(claudeScreen(quoted, 100, false));
    expect(facts.dialog).toBeUndefined();
  });

  it("a quoted dialog above a real one: only the bottom-most native dialog counts [C-ATTN-01]", () => {
    const rows = [
      ...quoted,
      "",
      "─".repeat(100),
      " Bash command",
      "",
      "   touch x",
      "",
      " Do you want to proceed?",
      " ❯ 1. Yes",
      "   2. No",
      "",
      " Esc to cancel · Tab to amend",
    ];
    const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog?.kind).toBe("permission");
    expect(facts.dialog?.options).toEqual([
      { label: "Yes", number: 1, selected: true },
      { label: "No", number: 2, selected: false },
    ]);
    expect(facts.interruptBanner).toBe(false);
  });

  it("a permission menu blocks whichever option is highlighted [C-API-23, C-ATTN-01]", () => {
    const rows = ["─".repeat(80), " Do you want to make this edit to", " elwood.txt?", "   1. Yes", " ❯ 2. No", "", " Esc to cancel"];
    const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 80 }));
    expect(facts.dialog?.kind).toBe("permission");
    expect(facts.dialog?.blocking).toBe(true);
    expect(facts.dialog?.options.find((o) => o.selected)?.label).toBe("No");
  });
});

describe("Claude composer details (synthetic frames)", () => {
  it("a plain space after ❯ is tolerated like U+00A0", () => {
    const rule = "─".repeat(60);
    const facts = readClaudeScreen(syntheticSnapshot([rule, "❯ typed with a plain space", rule], { cols: 60 }));
    expect(facts.composer).toBe(true);
    expect(facts.composerText).toBe("typed with a plain space");
  });

  it('the `Try "…"` suggestion placeholder is not typed text', () => {
    const rule = "─".repeat(60);
    const facts = readClaudeScreen(syntheticSnapshot([rule, '❯\u00a0Try "refactor foo.ts"', rule], { cols: 60 }));
    expect(facts.composer).toBe(true);
    expect(facts.composerText).toBe("");
    expect(facts.ruleIds).toContain("claude-composer-placeholder-try");
  });

  it("image chips are counted on the composer only, not in the transcript [C-API-44]", () => {
    const rule = "─".repeat(100);
    const rows = ["❯ [Image #1] what is this", "  ⎿  [Image #1]", "", rule, "❯\u00a0[Image #2] [Image #3] compare", rule];
    const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.imageChips).toBe(2);
    expect(facts.composerText).toBe("[Image #2] [Image #3] compare");
  });

  it("trailing spaces xterm keeps on written cells do not break the composer shape", () => {
    const rule = "─".repeat(60);
    const facts = readClaudeScreen(syntheticSnapshot([`${rule}`, "❯\u00a0  ", `${rule}   `, "  footer  "], { cols: 60 }));
    expect(facts.composer).toBe(true);
    expect(facts.composerText).toBe("");
  });

  it("a blank screen yields no facts", () => {
    const facts = readClaudeScreen(syntheticSnapshot([], { cols: 80, rows: 24 }));
    expect(facts).toEqual({
      composer: false,
      composerText: "",
      working: false,
      titleSpinner: false,
      interruptBanner: false,
      pastedChip: false,
      imageChips: 0,
      imagePasteFailures: 0,
      ruleIds: [],
    });
  });
});

describe("Claude dialogs without captures (synthetic, spec copy)", () => {
  it("bypass-permissions disclaimer is its own blocking kind; the `bypass permissions on` footer never matches [C-CLAUDE-21]", () => {
    const rows = [
      "─".repeat(100),
      "  WARNING: Claude Code running in Bypass Permissions mode",
      "",
      "  In Bypass Permissions mode, Claude Code will not ask for your approval before running potentially dangerous commands.",
      "",
      "  ❯ 1. No, exit",
      "    2. Yes, I accept",
      "",
      "  Enter to confirm · Esc to cancel",
    ];
    const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog?.kind).toBe("bypass_permissions");
    expect(facts.dialog?.blocking).toBe(true);
    expect(facts.dialog?.ruleIds).toEqual(["claude-bypass_permissions-affirmative", "claude-bypass_permissions-prompt"]);

    const footer = readClaudeScreen(
      syntheticSnapshot(["─".repeat(100), "❯\u00a0", "─".repeat(100), "  ⏵⏵ bypass permissions on (shift+tab to cycle)"], {
        cols: 100,
      }),
    );
    expect(footer.dialog).toBeUndefined();
    expect(footer.composer).toBe(true);
  });

  it("`Change effort level?` is a blocking switch confirmation [C-ATTN-04]", () => {
    const rows = ["▔".repeat(100), "  Change effort level?", "", "  ❯ 1. Yes, switch to high", "    2. No, go back", "", "  Enter to confirm · Esc to cancel"];
    const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog?.kind).toBe("model_switch_confirm");
    expect(facts.dialog?.blocking).toBe(true);
  });

  it("an off-allowlist gate in the grammar is held as claude-unknown_gate-prompt [C-ATTN-03]", () => {
    const rows = [
      "─".repeat(100),
      "  New MCP server found in this project: acme",
      "",
      "  ❯ 1. Use this MCP server",
      "    2. Continue without using this MCP server",
      "",
      "  Enter to confirm · Esc to cancel",
    ];
    const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 100 }));
    expect(facts.dialog).toEqual({
      kind: "unknown_gate",
      blocking: true,
      ruleIds: ["claude-unknown_gate-prompt"],
      options: [
        { label: "Use this MCP server", number: 1, selected: true },
        { label: "Continue without using this MCP server", number: 2, selected: false },
      ],
      layout: "numbered",
    });
    expect(facts.ruleIds).toContain("claude-unknown_gate-prompt");
  });

  for (const [what, rows] of [
    ["other header words", ["─".repeat(80), "  Pick a colour", "  ❯ 1. Red", "    2. Blue", "", "  Enter to confirm · Esc to cancel"]],
    ["no native footer", ["─".repeat(80), "  Do you like it?", "  ❯ 1. Yes", "    2. No"]],
    ["extra rows below the options", ["─".repeat(80), "  Do you like it?", "  ❯ 1. Yes", "    2. No", "", "  some prose", "  Enter to confirm · Esc to cancel"]],
    ["header-less", ["─".repeat(80), "  ❯ 1. Yes", "    2. No", "", "  Enter to confirm · Esc to cancel"]],
  ] as const) {
    it(`outside the grammar (${what}) is not held [C-ATTN-03]`, () => {
      const facts = readClaudeScreen(syntheticSnapshot(rows, { cols: 80 }));
      expect(facts.dialog).toBeUndefined();
    });
  }
});

describe("Claude composer with a session name (issue 13 item 4)", () => {
  it("issue 13 item 4: `--name` drawn into the composer's top rule still reads as an idle composer", () => {
    const cols = 100;
    const rule = "─".repeat(cols);
    const named = `${"─".repeat(cols - 9)} foo ────`;
    const f = readClaudeScreen(syntheticSnapshot(["", named, "❯\u00a0", rule, "  ? for shortcuts"], { cols }));
    expect(f.composer).toBe(true);
    expect(f.dialog).toBeUndefined();
  });
});

describe("Claude missing or lapsed login (synthetic frames) [C-CLAUDE-17, C-CLAUDE-18]", () => {
  const phrases = ["Not logged in", "Login expired", "Session expired", "OAuth token revoked", "Invalid API key"];
  for (const phrase of phrases) {
    it(`C-CLAUDE-17 C-CLAUDE-18: \`⎿  ${phrase} · Please run /login\` under the latest prompt says the login is missing`, () => {
      const facts = readClaudeScreen(claudeScreen(["❯ hi", `  ⎿  ${phrase} · Please run /login`], 189));
      expect(facts.loginRequired).toBe(true);
      expect(facts.ruleIds).toContain("claude-login-required-notice");
    });
  }

  it("C-CLAUDE-18: the matching anchors on the /login directive: the phrase alone, or another directive, is not a login notice", () => {
    for (const row of ["  ⎿  Not logged in", "  ⎿  Session expired · Please run /compact", "  ⎿  Login expired · Please try again"]) {
      expect(readClaudeScreen(claudeScreen(["❯ hi", row], 189)).loginRequired, row).toBeUndefined();
    }
  });

  it("C-CLAUDE-18: an old notice above a newer prompt is not the latest turn's", () => {
    const facts = readClaudeScreen(claudeScreen(["❯ hi", "  ⎿  Not logged in · Please run /login", "", "❯ again", "", "● FAKE-REPLY: again"], 189));
    expect(facts.loginRequired).toBeUndefined();
  });

  it("C-CLAUDE-18: a reply quoting the notice (a `●` row, not a `⎿` notice) is not a login notice", () => {
    const facts = readClaudeScreen(claudeScreen(["❯ what does Claude say logged out?", "● It says: Not logged in · Please run /login"], 189));
    expect(facts.loginRequired).toBeUndefined();
  });
});
