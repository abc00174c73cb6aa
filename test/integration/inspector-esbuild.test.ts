// Issue 14 item 9: building the inspector page leaves no esbuild service process behind once the inspector is closed.

import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { inspect } from "../../src/inspect.js";
import { startSimSession } from "../support/sim-session.js";

/** Live children of this process whose command name mentions esbuild (Linux /proc). */
function esbuildChildren(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("esbuild")) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe.runIf(process.platform === "linux")("inspector page build (issue 14 item 9)", () => {
  it("issue 14 item 9: after the page was served and the inspector closed, no esbuild process is left", async () => {
    const sim = startSimSession();
    try {
      await sim.session.waitForStatus((s) => s === "ready", 20_000);
      const inspector = await inspect(sim.session);
      const status = await new Promise<number>((resolve, reject) =>
        http.get(inspector.url.replace("/?", "/app.js?"), (res) => (res.resume(), resolve(res.statusCode ?? 0))).on("error", reject),
      );
      expect(status).toBe(200);
      await inspector.close();
      expect(esbuildChildren()).toEqual([]);
    } finally {
      await sim.cleanup();
    }
  });
});
