// The packed tarball works for a consumer (issue 15 §2): npm pack, an offline install into a fresh project, then
// ESM import, a strict TypeScript consumer, one real turn against the simulated agent, the inspector page, each bin.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simAgentPath } from "../sim/sim-control.js";

const ROOT = resolve(import.meta.dirname, "../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const CONSUMER = join(import.meta.dirname, "consumer");

interface LockEntry {
  readonly dev?: boolean;
  readonly [field: string]: unknown;
}
interface Lock {
  readonly packages: Readonly<Record<string, LockEntry>>;
}
interface RootManifest {
  readonly version: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly bin: Readonly<Record<string, string>>;
}

const run = (cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string =>
  execFileSync(cmd, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });

/**
 * The consumer's lockfile: the tarball plus Elwood's runtime dependencies exactly as the repository's lockfile pins
 * them. With it `npm ci --offline` takes every tarball from the npm cache that the repository's own `npm ci` filled
 * (a plain `npm install --offline` would also need each package's registry metadata, which `npm ci` never caches).
 */
function consumerLock(tarball: string): object {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as Lock;
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as RootManifest;
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  const packages: Record<string, object> = {
    "": { name: "consumer", dependencies: { elwood: "file:elwood.tgz" } },
    "node_modules/elwood": { version: manifest.version, resolved: "file:elwood.tgz", integrity, dependencies: manifest.dependencies, bin: manifest.bin },
  };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key.startsWith("node_modules/") && entry.dev !== true) packages[key] = entry;
  }
  return { name: "consumer", lockfileVersion: 3, requires: true, packages };
}

describe("packed tarball in a fresh consumer project, offline (issue 15 §2)", () => {
  let dir: string;
  let project: string;
  let files: string[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "elwood-tarball-"));
    project = join(dir, "consumer");
    // `npm pack` runs the package's prepare script, i.e. the same build a publish does.
    const report = run("npm", ["pack", "--json", "--pack-destination", dir], ROOT);
    const [packed] = JSON.parse(report.slice(report.search(/^\[/m))) as [{ filename: string; files: { path: string }[] }];
    files = packed.files.map((f) => f.path);
    execFileSync("mkdir", ["-p", project]);
    copyFileSync(join(dir, packed.filename), join(project, "elwood.tgz"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: { elwood: "file:elwood.tgz" } }));
    writeFileSync(join(project, "package-lock.json"), JSON.stringify(consumerLock(join(project, "elwood.tgz"))));
    run("npm", ["ci", "--offline", "--no-audit", "--no-fund"], project);
  }, 600_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("ships the built page and compiled bins, no test code, and source maps only with their sources", () => {
    expect(files).toContain("dist/inspector/public/app.js");
    expect(files).toContain("dist/inspector/public/index.html");
    // The hook clients a CLI runs are copied, not compiled: Node's bridge.mjs and Codex's bridge.bash.
    expect(files).toContain("dist/effects/hook-bridge/bridge.mjs");
    expect(files).toContain("dist/effects/hook-bridge/bridge.bash");
    expect(files.filter((f) => f.startsWith("dist/test/") || f.includes("demo-sessions") || f.endsWith(".test.js"))).toEqual([]);
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    const installed = join(project, "node_modules/elwood");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as RootManifest & { scripts?: Record<string, string> };
    for (const bin of Object.values(manifest.bin)) expect(bin).toMatch(/^dist\/.*\.js$/);
    // No install-time script of the package's own runs in a consumer's project.
    expect(Object.keys(manifest.scripts ?? {}).filter((s) => ["preinstall", "install", "postinstall"].includes(s))).toEqual([]);
    const maps = files.filter((f) => f.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const parsed = JSON.parse(readFileSync(join(installed, map), "utf8")) as { sources: string[]; sourcesContent?: (string | null)[] };
      expect(parsed.sourcesContent?.length, map).toBe(parsed.sources.length);
      expect(parsed.sourcesContent?.every((s) => typeof s === "string" && s.length > 0), map).toBe(true);
    }
  });

  it("imports from ESM without any dev dependency present", () => {
    const out = run(process.execPath, ["--input-type=module", "-e", 'const m = await import("elwood"); console.log(Object.keys(m).sort().join(","))'], project);
    expect(out.trim().split(",")).toEqual(expect.arrayContaining(["startClaude", "startCodex", "ElwoodError", "isElwoodError"]));
    const inspector = run(process.execPath, ["--input-type=module", "-e", 'const m = await import("elwood/inspector"); console.log(Object.keys(m).sort().join(","))'], project);
    expect(inspector.trim()).toBe("inspect");
    // tsx, esbuild and the CLIs are the repository's devDependencies: none of them reached the consumer.
    expect(run("ls", [join(project, "node_modules")], project).split("\n")).not.toEqual(expect.arrayContaining(["tsx", "esbuild", "typescript"]));
  });

  it("the core entry loads neither ws nor TypeBox; elwood/inspector brings ws (issue 33 §6)", () => {
    // A resolve hook (it runs on the loader's own thread) writes each module URL it resolves to stderr.
    writeFileSync(join(project, "trace-hooks.mjs"), 'import { writeSync } from "node:fs";\nexport async function resolve(s, c, next) { const r = await next(s, c); writeSync(2, `resolved ${r.url}\\n`); return r; }\n');
    writeFileSync(join(project, "trace.mjs"), 'import { register } from "node:module";\nregister("./trace-hooks.mjs", import.meta.url);\n');
    const loaded = (entry: string): string[] => {
      const result = spawnSync(process.execPath, ["--import", "./trace.mjs", "--input-type=module", "-e", `await import(${JSON.stringify(entry)});`], { cwd: project, encoding: "utf8" });
      expect(result.status, result.stderr).toBe(0);
      return result.stderr.split("\n").filter((l) => l.startsWith("resolved ")).map((l) => l.slice("resolved ".length));
    };
    const core = loaded("elwood");
    expect(core.some((url) => url.includes("/node_modules/elwood/dist/src/index.js"))).toBe(true);
    expect(core.filter((url) => /\/node_modules\/(ws|@sinclair\/typebox)\//.test(url))).toEqual([]);
    expect(loaded("elwood/inspector").some((url) => url.includes("/node_modules/ws/"))).toBe(true);
  });

  it("typechecks a strict consumer under tsc --init's defaults, and the declarations need no Node types", () => {
    copyFileSync(join(CONSUMER, "consumer.ts"), join(project, "consumer.ts"));
    run(process.execPath, [TSC, "--init"], project);
    run(process.execPath, [TSC, "--noEmit", "-p", "."], project);
    // With the library checks on, nothing in Elwood's own declarations may fail (types: [] — no @types/node).
    let output = "";
    try {
      run(process.execPath, [TSC, "--noEmit", "-p", ".", "--skipLibCheck", "false"], project);
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? "");
    }
    expect(output.split("\n").filter((l) => l.startsWith("node_modules/elwood/") || l.startsWith("consumer.ts"))).toEqual([]);
  }, 120_000);

  it("runs one real offline turn against the simulated agent and serves the inspector page (HTTP 200)", () => {
    copyFileSync(join(CONSUMER, "turn.mjs"), join(project, "turn.mjs"));
    // A fresh consumer's own HOME: Elwood resolves the agent through the login shell, and the developer's own
    // profile (version managers and the like) is no part of what this test checks.
    const home = join(dir, "home");
    execFileSync("mkdir", ["-p", home]);
    const out = run(process.execPath, ["turn.mjs", simAgentPath, project, join(dir, "sim.jsonl")], project, { ...process.env, HOME: home });
    const result = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { reply: string; pageStatus: number; title: string; appStatus: number; appBytes: number };
    expect(result.reply).toContain("FAKE-REPLY: hello from the tarball");
    expect(result.pageStatus).toBe(200);
    expect(result.title).toBe("Elwood inspector");
    expect(result.appStatus).toBe(200);
    expect(result.appBytes).toBeGreaterThan(1000);
  }, 120_000);

  it("runs each bin's --help", () => {
    const manifest = JSON.parse(readFileSync(join(project, "node_modules/elwood/package.json"), "utf8")) as RootManifest;
    const bins = Object.keys(manifest.bin);
    expect(bins).toEqual(["elwood", "elwood-inspect"]);
    for (const bin of bins) expect(run(join(project, "node_modules/.bin", bin), ["--help"], project)).toContain(`usage: ${bin}`);
  }, 60_000);

  it("issue 19: npx elwood --version and a one-shot npx elwood run against the simulated agent, from compiled JS without tsx", () => {
    expect(files).toContain("dist/cli/elwood.js");
    expect(files).toContain("dist/cli/output.schema.json");
    expect(run("npx", ["--offline", "elwood", "--version"], project).trim()).toBe((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as RootManifest).version);
    // A fresh HOME whose login shell finds the simulated CLI as `claude`: the command auto-detects and launches it.
    const home = join(dir, "cli-home");
    const bin = join(dir, "cli-bin");
    execFileSync("mkdir", ["-p", home, bin]);
    writeFileSync(join(bin, "claude"), `#!/bin/sh\nexec '${process.execPath}' '${simAgentPath}' "$@"\n`, { mode: 0o755 });
    writeFileSync(join(home, ".bash_profile"), `export PATH='${bin}':"$PATH"\n`);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ELWOOD_") && !k.startsWith("XDG_")));
    const out = run("npx", ["--offline", "elwood", "run", "--output", "jsonl", "hi from the tarball"], project, { ...env, HOME: home });
    const records = out.trim().split("\n").map((l) => JSON.parse(l) as { type: string; text?: string; response?: string });
    expect(records.filter((r) => r.type === "text").map((r) => r.text)).toEqual(["FAKE-REPLY: hi from the tarball"]);
    expect(records.at(-1)).toMatchObject({ type: "result", agent: "claude", response: "FAKE-REPLY: hi from the tarball" });
  }, 180_000);

  it("issue 20: elwood serve from the installed package: the listening line, /healthz, agentapi's /status on the simulated agent, SIGTERM exits 0", async () => {
    const home = join(dir, "serve-home");
    const bin = join(dir, "serve-bin");
    execFileSync("mkdir", ["-p", home, bin]);
    writeFileSync(join(bin, "claude"), `#!/bin/sh\nexec '${process.execPath}' '${simAgentPath}' "$@"\n`, { mode: 0o755 });
    writeFileSync(join(home, ".bash_profile"), `export PATH='${bin}':"$PATH"\n`);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ELWOOD_") && !k.startsWith("XDG_")));
    const child = spawn(join(project, "node_modules/.bin/elwood"), ["serve", "--agent", "claude", "--port", "0"], { cwd: project, env: { ...env, HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.resume();
    const exited = new Promise<number | null>((done) => child.on("close", done));
    try {
      for (let waited = 0; !stdout.includes("\n") && waited < 30_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const listening = JSON.parse(stdout.split("\n")[0] ?? "{}") as { url: string; token: string };
      expect((await fetch(`${listening.url}/healthz`)).status).toBe(200);
      const auth = { authorization: `Bearer ${listening.token}` };
      let status = "";
      for (let waited = 0; status !== "stable" && waited < 60_000; waited += 200) {
        status = ((await (await fetch(`${listening.url}/status`, { headers: auth })).json()) as { status: string }).status;
        if (status !== "stable") await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe("stable");
      expect((await fetch(`${listening.url}/openapi.json`, { headers: auth })).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
