// Browser test of the inspector's test-coverage toggle (issue 21): given a model-coverage report, the page colours
// each machine graph's states and arrows by whether a model test reaches or walks them, and only when toggled on.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { turnMachine } from "../../machines/turn.js";
import { buildCoverageReport } from "../support/coverage-report.js";
import { openInspectorBrowser, type InspectorBrowser } from "../support/inspector-browser.js";
import { graphItems } from "../support/machine-graph-items.js";

const WAIT = 30_000;
/** The report says no test reaches this state, nor walks any transition into or out of it. */
const UNWALKED = "turn.awaitingFreshWork";

function writeReport(dir: string): string {
  const graph = graphItems(turnMachine);
  const walked = graph.transitions.filter((t) => t.source !== UNWALKED && !t.targets.includes(UNWALKED)).map((t) => t.key);
  const hits = { turn: { states: graph.states.filter((s) => s !== UNWALKED), transitions: walked } };
  const file = join(dir, "coverage-report.json");
  writeFileSync(file, JSON.stringify(buildCoverageReport([graph], [hits], [])));
  return file;
}

describe("inspector coverage toggle in a browser (issue 21)", () => {
  let browser: InspectorBrowser;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "elwood-coverage-"));
    browser = await openInspectorBrowser({ size: { cols: 110, rows: 30 } }, { consoleErrors: true, inspect: { coverageReport: writeReport(dir) } });
    ({ page } = browser);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("colours reached states and walked arrows green, the unwalked state and its arrows red, only while toggled on", async () => {
    await page.goto(browser.inspector.url);
    const turn = page.locator('.machine[data-machine="turn"]').first();
    await turn.locator("svg.graph").waitFor({ timeout: WAIT });
    await page.locator("#coverage-toggle").waitFor({ state: "visible", timeout: WAIT });
    // Off: the graph is drawn as before, with no coverage colours.
    expect(await page.locator("svg.graph .covered, svg.graph .uncovered, svg.graph .partial").count()).toBe(0);

    await page.check("#coverage");
    await expect.poll(() => turn.locator(`[data-state="${UNWALKED}"]`).getAttribute("class"), { timeout: WAIT }).toContain("uncovered");
    expect(await turn.locator('[data-state="turn.idle"]').getAttribute("class")).toMatch(/\bcovered\b/);
    expect(await turn.locator("g.state.uncovered").count()).toBe(1);
    // The arrows into and out of the unwalked state are red; the others green (amber where only some are walked).
    const edgeClasses = await turn.locator("g.edge").evaluateAll((els) => els.map((e) => ({ cls: e.getAttribute("class") ?? "", title: e.querySelector("title")?.textContent ?? "" })));
    const touching = edgeClasses.filter((e) => e.title.split("\n")[0]?.includes(UNWALKED));
    expect(touching.length).toBeGreaterThan(0);
    for (const e of touching) expect(e.cls, e.title).toMatch(/\buncovered\b/);
    for (const e of edgeClasses.filter((x) => !touching.includes(x))) expect(e.cls, e.title).toMatch(/\bcovered\b/);

    await page.uncheck("#coverage");
    await expect.poll(() => page.locator("svg.graph .covered, svg.graph .uncovered").count(), { timeout: WAIT }).toBe(0);
    expect(browser.pageErrors).toEqual([]);
  }, 120_000);
});
