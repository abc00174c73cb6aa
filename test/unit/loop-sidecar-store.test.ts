// The loop sidecar store (B §10.4): absent means no loops, writes are private and exact, an unsafe or foreign file is
// state_corrupt, and a write that cannot complete is loop_persistence_failed.

import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LoopSidecarStore, readLoopSidecar } from "../../effects/loop-sidecar-store.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { newLoopDefinition } from "../../src/contracts/loop-sidecar.js";

const dir = (): string => mkdtempSync(join(tmpdir(), "elwood-sidecar-"));
const T = 1_800_000_000_000;
const a = newLoopDefinition("a", { mode: "fixed", intervalMs: 90_000, message: "one" }, T);
const b = newLoopDefinition("b", { mode: "idle", message: "two" }, T + 1);

describe("loop sidecar store (C-LOOP-11, C-LOOP-21)", () => {
  it("C-LOOP-21: no sidecar is no loops; a write is 0600 and reads back exactly; an empty list removes the file", async () => {
    const d = dir();
    expect(await readLoopSidecar(d, "s")).toEqual([]);
    const store = new LoopSidecarStore(d);
    await store.save([a, b]);
    expect(statSync(join(d, "loops.json")).mode & 0o777).toBe(0o600);
    expect(await readLoopSidecar(d, "s")).toEqual([a, b]);
    await store.save([]);
    expect(existsSync(join(d, "loops.json"))).toBe(false);
    await store.save([b]);
    await store.clear();
    expect(await readLoopSidecar(d, "s")).toEqual([]);
  });

  it("C-LOOP-21: a group-readable file, a symlink or malformed content is state_corrupt, never restored", async () => {
    const d = dir();
    await new LoopSidecarStore(d).save([a]);
    chmodSync(join(d, "loops.json"), 0o640);
    expect(isElwoodError(await readLoopSidecar(d, "s").catch((e: unknown) => e), "state_corrupt")).toBe(true);
    const other = dir();
    writeFileSync(join(other, "real.json"), "{}", { mode: 0o600 });
    symlinkSync(join(other, "real.json"), join(other, "loops.json"));
    expect(isElwoodError(await readLoopSidecar(other, "s").catch((e: unknown) => e), "state_corrupt")).toBe(true);
    const bad = dir();
    writeFileSync(join(bad, "loops.json"), '{"version":1,"loops":[{"id":"x"}]}', { mode: 0o600 });
    expect(isElwoodError(await readLoopSidecar(bad, "s").catch((e: unknown) => e), "state_corrupt")).toBe(true);
  });

  it("C-LOOP-19: a write whose directory is gone is loop_persistence_failed, and a later write still runs", async () => {
    const d = dir();
    const store = new LoopSidecarStore(join(d, "gone"));
    const error = await store.save([a]).catch((e: unknown) => e);
    expect(isElwoodError(error, "loop_persistence_failed")).toBe(true);
    mkdirSync(join(d, "gone"), { mode: 0o700 });
    await store.save([a]);
    expect(await readLoopSidecar(join(d, "gone"), "s")).toEqual([a]);
  });
});
