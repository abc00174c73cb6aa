// E2E (real Codex 0.144.6 / 0.171.0): images attach through a real X11 clipboard (Xvfb + xclip) and Ctrl+V (C-API-44).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isElwoodError } from "../../../src/contracts/errors.js";
import { clipboardTargets, clipboardText, copyText, pngWidth, solidPng, startXvfb, xclipChildren, type XvfbDisplay } from "../../sim/codex-clipboard-xvfb.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";
import { lastUserParts, type RequestPart } from "../support/request-parts.js";

type Json = RequestPart;


/** Widths of the `input_image` parts (data URLs of the PNG Codex re-encoded from the clipboard), in order. */
function imageWidths(parts: readonly Json[]): Array<number | undefined> {
  return parts
    .filter((p) => p["type"] === "input_image")
    .map((p) => {
      const url = String(p["image_url"] ?? "");
      const comma = url.indexOf(",");
      return url.startsWith("data:image/png;base64,") ? pngWidth(Buffer.from(url.slice(comma + 1), "base64")) : undefined;
    });
}

// Abstract X11 sockets belong to the network namespace, so the server starts here, inside the netns run.
let x: XvfbDisplay | undefined;
const savedDisplay = process.env["DISPLAY"];
const savedWayland = process.env["WAYLAND_DISPLAY"];
beforeAll(async () => {
  x = await startXvfb();
  // Elwood's clipboard tools and the CLI (which inherits this env) must talk to the same display.
  process.env["DISPLAY"] = x.display;
  delete process.env["WAYLAND_DISPLAY"];
});
const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  if (savedDisplay === undefined) delete process.env["DISPLAY"];
  else process.env["DISPLAY"] = savedDisplay;
  if (savedWayland !== undefined) process.env["WAYLAND_DISPLAY"] = savedWayland;
  await x?.stop();
});

function display(): string {
  if (x === undefined) throw new Error("Xvfb did not start");
  return x.display;
}

/** A PATH entry whose `xclip` offers non-PNG bytes as image/png (Elwood's image write), everything else real. */
function xclipOfferingNonPng(): string {
  const real = execFileSync("sh", ["-c", "command -v xclip"], { encoding: "utf8" }).trim();
  const dir = mkdtempSync(path.join(tmpdir(), "elwood-xclip-notpng-"));
  scratch.push(dir);
  const garbage = path.join(dir, "not-a-png");
  writeFileSync(garbage, "these bytes are not a PNG");
  const script = `#!/bin/sh\ncase " $* " in *" -t image/png -i "*) exec ${real} -quiet -selection clipboard -t image/png -i ${garbage} ;; esac\nexec ${real} "$@"\n`;
  writeFileSync(path.join(dir, "xclip"), script);
  chmodSync(path.join(dir, "xclip"), 0o755);
  return dir;
}

describe.each(CODEX_AGENTS)("$label: images via the X11 clipboard", (agent) => {
  it(`${agent.label}: C-API-44 C-API-46 two PNGs attach in order with Ctrl+V as [Image #1][Image #2]; one turn carries both input_image parts; the user's clipboard text is restored`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    await copyText(display(), "the user's own clipboard text");
    const first = path.join(fx.home.project, "red.png");
    const second = path.join(fx.home.project, "blue.png");
    await writeFile(first, solidPng(8, [255, 0, 0]));
    await writeFile(second, solidPng(16, [0, 0, 255]));

    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage("what is in these pictures", { images: [{ path: first }, { path: second }] });
    await fx.waitForHook(agent.stopHook);
    await fx.untilTransitions("ready", readyBefore + 1);

    const turns = fx.mainRequests();
    expect(turns).toHaveLength(1);
    const parts = lastUserParts(turns[0]?.body, "input");
    // Codex decodes the clipboard image and sends it re-encoded as PNG: the widths prove the order.
    expect(imageWidths(parts)).toEqual([8, 16]);
    expect(parts.some((p) => p["type"] === "input_text" && String(p["text"]).includes("what is in these pictures"))).toBe(true);
    // The chips stay in the prompt text, touching it (measured: Codex inserts no space after a chip).
    expect(fx.hooksNamed(agent.promptHook).map((h) => h.payload["prompt"])).toEqual(["[Image #1][Image #2]what is in these pictures"]);
    // Restored: the user's text again, offered as text only (the image owner gave the selection up).
    expect(clipboardText(display())).toBe("the user's own clipboard text");
    expect(clipboardTargets(display())).not.toContain("image/png");
    // Of the owners Elwood started only the one serving the restored text is left; it exits with the display.
    expect(xclipChildren()).toHaveLength(1);
  });

  it(`${agent.label}: C-API-44 C-API-46 without DISPLAY and WAYLAND_DISPLAY an image message rejects unsupported_platform and the model receives nothing`, async (ctx) => {
    // The session's env decides the display (an empty value unsets it), whatever Elwood's own env holds.
    const fx = await openSession(ctx, agent, { env: { DISPLAY: "", WAYLAND_DISPLAY: "" } });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    const file = path.join(fx.home.project, "red.png");
    await writeFile(file, solidPng(8, [255, 0, 0]));
    await copyText(display(), "untouched");
    const error = await session.sendMessage("never sent", { images: [{ path: file }] }).catch((e: unknown) => e);
    expect(isElwoodError(error, "unsupported_platform"), String(error)).toBe(true);
    // Nothing was written: a plain message afterwards is the first and only turn, and the composer had no chip.
    expect(fx.screen()).not.toMatch(/\[Image #\d+\]|never sent/);
    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage("after the rejection");
    await fx.waitForHook(agent.stopHook);
    await fx.untilTransitions("ready", readyBefore + 1);
    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["after the rejection"]);
    expect(clipboardText(display())).toBe("untouched");
  });

  it(`${agent.label}: C-API-44 C-API-46 Codex's "■ Failed to paste image" banner fails the attach at once (not at the 10 s bound), twice in a row; nothing is sent and the clipboard is restored`, async (ctx) => {
    const fx = await openSession(ctx, agent, { env: { PATH: `${xclipOfferingNonPng()}:${process.env["PATH"] ?? ""}` } });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 60_000);
    await copyText(display(), "user text");
    const file = path.join(fx.home.project, "red.png");
    await writeFile(file, solidPng(8, [255, 0, 0]));
    // The second round starts with the first banner still on screen: only a new banner counts.
    for (let round = 0; round < 2; round += 1) {
      const error = await session.sendMessage("never sent", { images: [{ path: file }] }).catch((e: unknown) => e);
      expect(isElwoodError(error, "image_attach_failed"), String(error)).toBe(true);
      // The failure was read off the screen, not timed out at the 10 s chip bound.
      expect((error as { details?: unknown }).details).toEqual({ index: 0, reason: "cli_rejected_paste" });
      expect(fx.screen()).toMatch(/■ Failed to paste image: /);
      expect(clipboardText(display())).toBe("user text");
    }
    expect(fx.mainRequests()).toHaveLength(0);
  });
});
