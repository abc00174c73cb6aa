// Issue 41 item 2: the probe cache's keying — one run per executable identity and caller env, shared by concurrent
// callers, renewed when the file's size or mtime changes; failures and unusable stored answers are never kept.

import { chmodSync, existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedProbe } from "../../adapters/cached-probe.js";
import { probeCacheFile } from "../../effects/probe-cache-file.js";

const tmp = mkdtempSync(join(tmpdir(), "elwood-cached-probe-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function executable(): string {
  const path = join(tmp, `cli-${(n += 1)}`);
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, 0o755);
  return path;
}

/** A cache whose probe is a counter (the edge: no CLI runs); `fail` makes the next run reject. */
function counted(opts: { restore?: (stored: unknown) => boolean } = {}) {
  let runs = 0;
  let fail = false;
  const cache = cachedProbe(
    "agent",
    async (_shell, exe: string) => {
      runs += 1;
      if (fail) throw new Error("probe failed");
      return { answer: runs, exe };
    },
    {
      agent: "agent",
      store: (r) => ({ answer: r.answer }),
      restore: (stored, exe) =>
        (opts.restore?.(stored) ?? true) && typeof stored === "object" && stored !== null && typeof (stored as { answer?: unknown }).answer === "number"
          ? { answer: (stored as { answer: number }).answer, exe }
          : undefined,
    },
  );
  return { cache, runs: () => runs, failNext: (v: boolean) => void (fail = v) };
}

const request = (exe: string, extra: Record<string, unknown> = {}) => ({ executable: exe, shell: "/bin/sh", cwd: tmp, env: {}, ...extra });

describe("cachedProbe (issue 41 item 2)", () => {
  it("issue 41 item 2: concurrent first callers share one run; later callers reuse it until the mtime changes", async () => {
    const exe = executable();
    const { cache, runs } = counted();
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.probe(request(exe))));
    expect(answers.map((a) => a.answer)).toEqual([1, 1, 1, 1]);
    expect(runs()).toBe(1);
    utimesSync(exe, new Date(), new Date(Date.now() + 10_000));
    expect((await cache.probe(request(exe))).answer).toBe(2);
    expect((await cache.probe(request(exe))).answer).toBe(2);
  });

  it("issue 41 item 2: a size change and a different caller env are new keys; the same env in another order is not", async () => {
    const exe = executable();
    const { cache, runs } = counted();
    await cache.probe(request(exe, { callerEnv: { A: "1", B: "2" } }));
    await cache.probe(request(exe, { callerEnv: { B: "2", A: "1" } }));
    expect(runs()).toBe(1);
    await cache.probe(request(exe, { callerEnv: { A: "1" } }));
    expect(runs()).toBe(2);
    writeFileSync(exe, "#!/bin/sh\n# longer\n");
    await cache.probe(request(exe, { callerEnv: { A: "1" } }));
    expect(runs()).toBe(3);
  });

  it("issue 41 item 2: a failed run is not kept; a stored answer the agent cannot restore is probed again", async () => {
    const exe = executable();
    const stateDir = join(tmp, `state-${n}`);
    const failing = counted();
    failing.failNext(true);
    await expect(failing.cache.probe(request(exe, { stateDir }))).rejects.toThrow("probe failed");
    failing.failNext(false);
    expect((await failing.cache.probe(request(exe, { stateDir }))).answer).toBe(2);
    // Another process (a fresh cache) reads the stored answer...
    const reader = counted();
    expect((await reader.cache.probe(request(exe, { stateDir }))).answer).toBe(2);
    expect(reader.runs()).toBe(0);
    // ...unless it does not validate for it.
    const strict = counted({ restore: () => false });
    expect((await strict.cache.probe(request(exe, { stateDir }))).answer).toBe(1);
    expect(strict.runs()).toBe(1);
    // An update attempt's clear removes the shared file it used.
    expect(existsSync(probeCacheFile(stateDir, "agent"))).toBe(true);
    strict.cache.clear();
    expect(existsSync(probeCacheFile(stateDir, "agent"))).toBe(false);
  });

  it("issue 41 item 2: the answer for a second executable string naming the same file carries that string", async () => {
    const exe = executable();
    const { cache } = counted();
    await cache.probe(request(exe));
    const relative = await cache.probe(request(`./${exe.slice(tmp.length + 1)}`));
    expect(relative.exe).toBe(`./${exe.slice(tmp.length + 1)}`);
  });
});

