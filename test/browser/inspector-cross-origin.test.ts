// Issue 14 item 1: a page on another origin in Chromium fires hostile no-cors requests and sockets at the inspector.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspect, type InspectorHandle } from "../../src/inspect.js";
import { httpStatus } from "../support/http-fuzz.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";

const CHROMIUM = process.env["ELWOOD_CHROMIUM"] ?? "/usr/bin/chromium";


describe("inspector against a cross-origin page (issue 14 item 1)", () => {
  let sim: SimSession;
  let inspector: InspectorHandle;
  let context: BrowserContext;
  let profile: string;
  let attacker: http.Server;
  let attackerOrigin: string;

  beforeAll(async () => {
    sim = startSimSession({ size: { cols: 100, rows: 30 } });
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    inspector = await inspect(sim.session);
    // Another local origin (another port) serving an empty page, as any local web app could.
    attacker = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>other origin</title>"));
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    profile = mkdtempSync(join(tmpdir(), "elwood-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await inspector?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
    await sim?.cleanup();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("issue 14 item 1: 600 hostile no-cors fetches and 200 sockets from another origin leave the server and the session working", async () => {
    const page = await context.newPage();
    await page.goto(attackerOrigin);
    const inspectorOrigin = new URL(inspector.url).origin;
    const outcome = await page.evaluate(async (target) => {
      const tokens = [
        "é".repeat(48),
        "😀".repeat(24),
        "\u0085".repeat(48),
        "%".repeat(48),
        "0".repeat(48),
        "",
        "x".repeat(5000),
      ];
      let settled = 0;
      const fetches: Promise<void>[] = [];
      for (let i = 0; i < 600; i++) {
        const token = tokens[i % tokens.length] ?? "";
        const path = ["/", "/app.js", "/ws", "/nope"][i % 4] ?? "/";
        const url = `${target}${path}?token=${encodeURIComponent(token)}${i % 3 === 0 ? "%ff%fe" : ""}`;
        fetches.push(
          fetch(url, { mode: "no-cors", method: i % 5 === 0 ? "POST" : "GET", body: i % 5 === 0 ? "x".repeat(i) : null })
            .then(() => void settled++)
            .catch(() => void settled++),
        );
      }
      await Promise.all(fetches);
      let socketsRefused = 0;
      const sockets: Promise<void>[] = [];
      for (let i = 0; i < 200; i++) {
        const token = tokens[i % tokens.length] ?? "";
        sockets.push(
          new Promise<void>((resolve) => {
            const ws = new WebSocket(`${target.replace("http://", "ws://")}/ws?token=${encodeURIComponent(token)}`);
            ws.onopen = () => {
              ws.close();
              resolve();
            };
            ws.onerror = () => {
              socketsRefused++;
              resolve();
            };
          }),
        );
      }
      await Promise.all(sockets);
      return { settled, socketsRefused };
    }, inspectorOrigin);
    await page.close();
    expect(outcome).toEqual({ settled: 600, socketsRefused: 200 });
    expect(await httpStatus(inspector.url)).toBe(200);
    await sim.session.sendMessage("still alive after the cross-origin page");
    expect(await sim.session.waitForStatus((s) => s === "ready", 20_000)).toBe("ready");
  }, 120_000);
});
