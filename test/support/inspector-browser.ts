// Test support: headless Chromium (playwright-core, the machine's own Chromium) on an inspected simulated session.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { inspect, type InspectOptions, type InspectorHandle } from "../../src/inspect.js";
import { startSimSession, type SimSession, type SimSessionOptions } from "./sim-session.js";

const CHROMIUM = process.env["ELWOOD_CHROMIUM"] ?? "/usr/bin/chromium";

export interface InspectorBrowser {
  readonly sim: SimSession;
  readonly inspector: InspectorHandle;
  readonly page: Page;
  /** Uncaught page errors (and console errors when asked for), for a test to assert empty. */
  readonly pageErrors: string[];
  close(): Promise<void>;
}

export async function openInspectorBrowser(sim: SimSessionOptions, options: { consoleErrors?: boolean; inspect?: InspectOptions } = {}): Promise<InspectorBrowser> {
  const session = startSimSession(sim);
  const inspector = await inspect(session.session, options.inspect);
  const profile = mkdtempSync(join(tmpdir(), "elwood-chromium-"));
  let context: BrowserContext | undefined;
  const close = async (): Promise<void> => {
    await context?.close();
    await inspector.close();
    await session.cleanup();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
      viewport: { width: 1600, height: 1000 },
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    if (options.consoleErrors) page.on("console", (m) => (m.type() === "error" ? pageErrors.push(m.text()) : undefined));
    return { sim: session, inspector, page, pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
