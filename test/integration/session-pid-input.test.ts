// Issue 13: `session.pid` is the CLI's own process and `input` / `input$` report exactly the bytes Elwood wrote to
// the PTY (after framing), on a real PTY running the screen painter.

import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { InputEvent } from "../../src/contracts/public-types.js";
import { startPainterSession, type PainterSession } from "../support/painter-session.js";

const live: PainterSession[] = [];
afterEach(async () => {
  for (const p of live.splice(0)) await p.cleanup();
});

async function readySession(): Promise<PainterSession["session"]> {
  const painter = startPainterSession({ shape: "claude", adapter: claudeAdapter });
  live.push(painter);
  await painter.session.waitForStatus((s) => s === "ready", 20_000);
  return painter.session;
}

const text = (events: readonly InputEvent[]): string => Buffer.concat(events.map((e) => Buffer.from(e.bytes))).toString("utf8");

describe("session pid and input observable (issue 13)", () => {
  it("issue 13: pid names the live CLI process (the painter's own command line)", async () => {
    const session = await readySession();
    expect(Number.isInteger(session.pid)).toBe(true);
    expect(readFileSync(`/proc/${session.pid}/cmdline`, "utf8").split("\0")).toContain("--shape");
  });

  it("issue 13: input reports the framed bytes of a message (bracketed paste, then Enter) and raw sendKeys bytes exactly", async () => {
    const session = await readySession();
    const events: InputEvent[] = [];
    const viaObservable: InputEvent[] = [];
    const off = session.on("input", (e) => events.push(e));
    const sub = session.input$.subscribe((e) => viaObservable.push(e));

    await session.sendKeys(new Uint8Array([0x1b, 0x5b, 0x41, 0xff]));
    await session.sendMessage("tab\there é");
    expect(text(events)).toContain("\x1b[200~tab\there é\x1b[201~");
    expect(events.some((e) => Buffer.from(e.bytes).toString("utf8") === "\r")).toBe(true);
    expect([...events[0]!.bytes]).toEqual([0x1b, 0x5b, 0x41, 0xff]);
    expect(viaObservable.map((e) => [...e.bytes])).toEqual(events.map((e) => [...e.bytes]));

    off();
    sub.unsubscribe();
    const before = events.length;
    await session.sendKeys("i");
    expect(events.length).toBe(before);
  });

  it("issue 13: a throwing input listener becomes a warning; the write itself still succeeds", async () => {
    const session = await readySession();
    const warnings: string[] = [];
    session.on("warning", (w) => warnings.push(w.code));
    session.on("input", () => {
      throw new Error("observer bug");
    });
    await expect(session.sendKeys("i")).resolves.toBeUndefined();
    expect(warnings).toEqual(["hook_observer_failed"]);
  });
});
