// Browser test of the inspector page: headless Chromium (playwright-core) on a real simulated session.

import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InspectorHandle } from "../../src/inspect.js";
import { openInspectorBrowser, type InspectorBrowser } from "../support/inspector-browser.js";
import type { SimSession } from "../support/sim-session.js";

const ARTIFACTS = resolve(".artifacts");
const WAIT = 20_000;

describe("inspector page in a browser (C-APP-03, C-APP-04, C-APP-05, C-APP-10)", () => {
  let browser: InspectorBrowser;
  let sim: SimSession;
  let inspector: InspectorHandle;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    // A visible turn: the sim works for 1.5 s, so the page can be seen in `running` before `ready`.
    browser = await openInspectorBrowser({ script: { turnMs: 1500 }, size: { cols: 110, rows: 30 } });
    ({ sim, inspector, page, pageErrors } = browser);
  }, 60_000);

  afterAll(() => browser?.close());

  it("renders the live terminal, sends a message, moves the status graph running → ready and logs the decision", async () => {
    await page.goto(inspector.url);
    // The terminal is fed the replayed and live PTY bytes: the composer the agent drew shows up in the page.
    const screen = page.locator(".xterm-rows");
    await expect.poll(() => screen.textContent(), { timeout: WAIT }).toContain("❯");
    await expect.poll(() => page.locator("#status").textContent(), { timeout: WAIT }).toBe("ready");
    await page.locator('[data-machine="status"] [data-state="status.ready"].active').waitFor({ timeout: WAIT });

    await page.fill("#message", "hello from the browser");
    await page.click("#send");
    await page.locator('[data-machine="status"] [data-state="status.running"].active').waitFor({ timeout: WAIT });
    await page.locator('[data-machine="status"] [data-state="status.ready"].active').waitFor({ timeout: WAIT });
    await expect.poll(() => screen.textContent(), { timeout: WAIT }).toContain("FAKE-REPLY: hello from the browser");

    // The decision log has the turn's two status changes, and the graph highlights the transition into ready.
    await page.locator('#decisions tr[data-to="running"]').first().waitFor({ timeout: WAIT });
    await page.locator('#decisions tr[data-to="ready"]').last().waitFor({ timeout: WAIT });
    expect(await page.locator('[data-machine="status"] .last-line').textContent()).toContain("→ ready");
    await expect.poll(() => page.locator("#result").textContent(), { timeout: WAIT }).toBe("send ✓");

    // The timeline has the status rows; the kind filter hides them and brings them back.
    await page.locator('#timeline .tl-row[data-kind="status"]').first().waitFor({ timeout: WAIT });
    await page.uncheck('#tl-toolbar input[data-kind="status"]');
    expect(await page.locator('#timeline .tl-row[data-kind="status"]').count()).toBe(0);
    await page.check('#tl-toolbar input[data-kind="status"]');
    expect(await page.locator('#timeline .tl-row[data-kind="status"]').count()).toBeGreaterThan(0);

    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, "inspector-page.png");
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`inspector screenshot: ${shot}`);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it("exports the timeline as JSONL in the browser", async () => {
    const download = page.waitForEvent("download", { timeout: WAIT });
    await page.click("#tl-export");
    const file = await (await download).path();
    const { readFileSync } = await import("node:fs");
    const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { kind: string; sid: string });
    expect(lines.some((l) => l.kind === "status")).toBe(true);
    expect(lines.every((l) => l.sid === sim.session.elwoodSessionId)).toBe(true);
  }, 30_000);
});
