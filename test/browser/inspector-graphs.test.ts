// Browser test of the inspector's machine graphs (issue 15 §5): each live machine laid out by elkjs, screenshotted,
// with no two state boxes overlapping; the turn machine says what it waits for; the footer's pause glyph renders.

import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openInspectorBrowser, type InspectorBrowser } from "../support/inspector-browser.js";

const ARTIFACTS = resolve(".artifacts");
const WAIT = 30_000;

interface StateBox {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Two boxes overlap unless one is nested in the other (a compound state holds its children). */
function overlapping(boxes: readonly StateBox[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (b.id.startsWith(`${a.id}.`) || a.id.startsWith(`${b.id}.`)) continue;
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) found.push(`${a.id} × ${b.id}`);
    }
  }
  return found;
}

describe("inspector machine graphs in a browser (issue 15 §5)", () => {
  let browser: InspectorBrowser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    browser = await openInspectorBrowser({ size: { cols: 110, rows: 30 } }, { consoleErrors: true });
    ({ page, pageErrors } = browser);
  }, 60_000);

  afterAll(() => browser?.close());

  it("lays out every live machine's graph with no two state boxes overlapping, each screenshotted", async () => {
    await page.goto(browser.inspector.url);
    await expect.poll(() => page.locator("#status").textContent(), { timeout: WAIT }).toBe("ready");
    await page.fill("#message", "hello graphs");
    await page.click("#send");
    await expect.poll(() => page.locator(".xterm-rows").textContent(), { timeout: WAIT }).toContain("FAKE-REPLY: hello graphs");
    await page.locator('[data-machine="turn"] svg.graph').waitFor({ timeout: WAIT });
    await page.locator('[data-machine="status"] svg.graph').waitFor({ timeout: WAIT });

    const machines = await page.locator(".machine").evaluateAll((els) => els.map((e) => e.getAttribute("data-machine") ?? ""));
    expect(machines).toEqual(expect.arrayContaining(["status", "turn"]));
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const machine of new Set(machines)) {
      const block = page.locator(`.machine[data-machine="${machine}"]`).first();
      await block.screenshot({ path: join(ARTIFACTS, `inspector-graph-${machine}.png`) });
      const boxes = await block.locator("g.state > rect").evaluateAll((rects) =>
        rects.map((r) => {
          const b = r.getBoundingClientRect();
          return { id: r.parentElement?.getAttribute("data-state") ?? "", x: b.x, y: b.y, w: b.width, h: b.height };
        }),
      );
      // The wait-deadline machine has one state by design (its waits overlap freely); every other has several.
      expect(boxes.length, machine).toBeGreaterThan(machine === "waits" ? 0 : 1);
      expect(boxes.every((b) => b.w > 0 && b.h > 0), machine).toBe(true);
      expect(overlapping(boxes), machine).toEqual([]);
      // Every child state is drawn inside its parent's box.
      for (const child of boxes) {
        const parent = boxes.find((p) => child.id.startsWith(`${p.id}.`) && !child.id.slice(p.id.length + 1).includes("."));
        if (!parent) continue;
        expect(child.x >= parent.x && child.y >= parent.y && child.x + child.w <= parent.x + parent.w + 0.5 && child.y + child.h <= parent.y + parent.h + 0.5, `${machine}: ${child.id} inside ${parent.id}`).toBe(true);
      }
      expect(await block.locator("g.edge path").count(), machine).toBeGreaterThan(0);
    }
    console.log(`inspector graph screenshots: ${[...new Set(machines)].map((m) => join(ARTIFACTS, `inspector-graph-${m}.png`)).join(" ")}`);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it("shows what the turn machine's current state waits for (settlingAfterStop after a turn)", async () => {
    const turn = page.locator('.machine[data-machine="turn"]').first();
    // After the Stop hook the turn machine rests in settlingAfterStop (an idle CLI draws no frames) or, once the
    // composer stayed quiet, in idle: either way the page names the state and, for settling, what it waits for.
    await expect.poll(() => turn.locator("h3 .state").textContent(), { timeout: WAIT }).toMatch(/settlingAfterStop|idle/);
    const state = await turn.locator("h3 .state").textContent();
    if (state === "settlingAfterStop") expect(await turn.locator(".waiting").textContent()).toContain("quiet composer frames");
    // The description is also the state box's tooltip, whatever state the actor is in.
    expect(await turn.locator('[data-state="turn.settlingAfterStop"] > title').textContent()).toContain("waiting for 5 quiet composer frames");
  }, 60_000);

  it("draws the footer's pause symbol with a glyph the page's fonts have (no missing-glyph box)", async () => {
    const rows = await page.locator(".xterm-rows").textContent();
    expect(rows).toContain("‖ manual mode on");
    expect(rows).not.toContain("⏸");
  }, 30_000);
});
