// Qwen Code 0.24.4 screen facts read from real captures (issue 34): composer, work, interrupt, dialogs, start-up.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readQwenScreen } from "../../adapters/qwen/read-screen.js";
import { syntheticSnapshot } from "../fixtures/capture-snapshot.js";

const DIR = fileURLToPath(new URL("../fixtures/screens/qwen/0.24.4/", import.meta.url));

function screen(name: string, title = "Qwen - work") {
  const rows = readFileSync(`${DIR}${name}.txt`, "utf8").replace(/\n$/, "").split("\n");
  return readQwenScreen(syntheticSnapshot(rows, { cols: 120, rows: 40, title }));
}

describe("Qwen Code 0.24.4 screen facts (issue 34)", () => {
  it("an idle composer is empty behind its placeholder, with no work and no dialog", () => {
    const facts = screen("03-idle-composer");
    expect(facts).toMatchObject({ composer: true, composerText: "", working: false, titleSpinner: false, interruptBanner: false });
    expect(facts.dialog).toBeUndefined();
    expect(facts.ruleIds).toEqual(expect.arrayContaining(["qwen-composer-placeholder", "qwen-footer-mode"]));
  });

  it("in yolo mode the composer's prompt prefix is `*` (and `!` in shell mode): still the composer, its text read after the prefix", () => {
    const rows = readFileSync(`${DIR}03-idle-composer.txt`, "utf8").replace(/\n$/, "").split("\n");
    const at = rows.findIndex((r) => r.startsWith(">   Type your message"));
    for (const prefix of ["*", "!"]) {
      const yolo = rows.map((r, i) => (i === at ? `${prefix} ls -la` : r));
      expect(readQwenScreen(syntheticSnapshot(yolo, { cols: 120, rows: 40, title: "Qwen - work" }))).toMatchObject({ composer: true, composerText: "ls -la" });
    }
  });

  it("pasted image paths are the `Attachments:` block's chips above the composer (imageChips), also when five are squeezed into columns at 60 columns", () => {
    const wide = screen("img-attachments-120");
    expect(wide).toMatchObject({ composer: true, composerText: "look", imageChips: 2 });
    expect(wide.ruleIds).toContain("qwen-attachments");
    const rows = readFileSync(`${DIR}img-attachments-60.txt`, "utf8").replace(/\n$/, "").split("\n");
    expect(readQwenScreen(syntheticSnapshot(rows, { cols: 60, rows: 30, title: "Qwen - work" }))).toMatchObject({ composer: true, imageChips: 5 });
    // No block: no chips, and a history row starting with `[` is not one.
    expect(screen("03-idle-composer").imageChips).toBe(0);
    expect(screen("04-reply").imageChips).toBe(0);
  });

  it("a running turn shows its loading row above the composer; the busy title is work too", () => {
    expect(screen("07-running-turn")).toMatchObject({ composer: true, working: true });
    expect(screen("03-idle-composer", "\u25D0\uFE0E Qwen - work").titleSpinner).toBe(true);
    expect(screen("03-idle-composer", "Qwen - work").titleSpinner).toBe(false);
  });

  it("a shell confirmation is a blocking permission dialog with its numbered choices, and no composer", () => {
    const facts = screen("05-permission-dialog-shell", "\u2733\uFE0E Qwen - work");
    expect(facts.composer).toBe(false);
    expect(facts.dialog).toMatchObject({ kind: "permission", blocking: true, layout: "numbered" });
    expect(facts.dialog?.options.map((o) => o.label)).toEqual([
      "Yes, allow once",
      "Always allow run 'touch *' commands in this project",
      "Always allow run 'touch *' commands for this user",
      "No, suggest changes (esc)",
    ]);
    expect(facts.dialog?.options[0]?.selected).toBe(true);
    expect(facts.ruleIds).toContain("qwen-title-action-required");
    // The "Waiting for user confirmation" loading row is the dialog's, not a turn's work.
    expect(facts.working).toBe(false);
  });

  it("after the tool ran the composer is back and the earlier confirmation is history", () => {
    const facts = screen("06-after-tool");
    expect(facts).toMatchObject({ composer: true, composerText: "", working: false });
    expect(facts.dialog).toBeUndefined();
  });

  it("Esc mid-turn: the latest turn shows its cancel banner and the prompt is back in the composer", () => {
    expect(screen("08-after-esc-interrupt")).toMatchObject({ composer: true, composerText: "SLOW please", interruptBanner: true, working: false });
    // The same banner under an older prompt is not the latest turn's (a later turn replied).
    expect(screen("14-compress").interruptBanner).toBe(false);
  });

  it("a bracketed multi-line paste stays staged as its lines", () => {
    expect(screen("09-bracketed-paste-in-composer").composerText).toBe("line one\nline two\nline three");
  });

  it("the /model dialog is a non-blocking model picker with its rows", () => {
    for (const name of ["11-model-picker", "17-model-picker-two-providers"]) {
      const facts = screen(name);
      expect(facts.composer).toBe(false);
      expect(facts.dialog).toMatchObject({ kind: "model_picker", blocking: false });
    }
    expect(screen("17-model-picker-two-providers").dialog?.options.map((o) => o.label)).toEqual(["[openai] Fake One (fake-model)", "[openai] Fake Two (fake-model-2)"]);
  });

  it("start-up: Initializing... with no composer yet is neither ready nor a dialog", () => {
    const facts = screen("01-first-run-initializing");
    expect(facts.composer).toBe(false);
    expect(facts.dialog).toBeUndefined();
    expect(facts.ruleIds).toContain("qwen-initializing");
  });

  it("the Ctrl+C notice in place of the footer still leaves a composer (the rules frame it)", () => {
    expect(screen("16-ctrlc-during-turn")).toMatchObject({ composer: true, composerText: "", interruptBanner: true });
  });

  it("a resumed session's replayed history is an idle composer", () => {
    const facts = screen("13-resume-by-id");
    expect(facts).toMatchObject({ composer: true, composerText: "", working: false, interruptBanner: false });
  });
});
