#!/usr/bin/env node
// `npm test`: checks (or installs) the system packages the suites need, runs every stage even when one fails, and
// ends with a summary naming each stage's result; exits non-zero if any stage failed. `.ci/run` runs this too.
// Usage: node test/run-all.mjs [stage ...]   (no stage names: all of them)

import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { failureDigest } from "./failure-digest.mjs";

const ROOT = join(import.meta.dirname, "..");

/** Each system package the suites need, found by the command it provides. */
const SYSTEM_PACKAGES = [
  // The loopback-only network namespace the real-CLI e2e suite runs in.
  { command: "ip", pkg: "iproute2" },
  { command: "unshare", pkg: "util-linux" },
  // The inspector's browser test drives the machine's Chromium through playwright-core.
  { command: "chromium", pkg: "chromium", present: () => existsSync(process.env["ELWOOD_CHROMIUM"] ?? "") },
  // The Codex image tests put images on a real X11 clipboard: a private Xvfb display per test or scenario file.
  { command: "Xvfb", pkg: "xvfb" },
  { command: "xclip", pkg: "xclip" },
  // The e2e OAuth service mints a per-test CA and certificate (offline /login success).
  { command: "openssl", pkg: "openssl" },
];

const onPath = (command) => (process.env["PATH"] ?? "").split(delimiter).some((dir) => dir !== "" && existsSync(join(dir, command)));
const quiet = (cmd, args) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;

/** Installs what is missing where it can (root, or sudo without a password); otherwise says the exact command. */
function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter((p) => !onPath(p.command) && !(p.present?.() ?? false)).map((p) => p.pkg);
  if (missing.length === 0) return true;
  const install = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  const root = process.getuid?.() === 0;
  const sudo = !root && onPath("sudo") && quiet("sudo", ["-n", "true"]);
  if (!onPath("apt-get") || (!root && !sudo)) {
    console.error(`npm test needs these system packages: ${missing.join(" ")}. Install them with:\n\n  sudo apt-get update && sudo ${install}\n`);
    if (missing.includes("chromium")) console.error("(or point ELWOOD_CHROMIUM at a Chromium binary you already have)");
    return false;
  }
  const prefix = root ? [] : ["sudo", "-n"];
  console.log(`Installing system packages for the tests: ${missing.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing]]) {
    const [cmd, ...rest] = [...prefix, ...args];
    if (spawnSync(cmd, rest, { stdio: "inherit", env }).status !== 0) {
      console.error(`\nInstalling failed. Run it yourself:\n\n  sudo apt-get update && sudo ${install}\n`);
      return false;
    }
  }
  return true;
}

/** The e2e suite needs a network namespace: root may create one; anyone else needs unprivileged user namespaces. */
function ensureNetworkNamespace() {
  const args = process.getuid?.() === 0 ? ["--net", "true"] : ["--map-root-user", "--net", "true"];
  if (quiet("unshare", args)) return true;
  console.error(
    "npm test runs the real-CLI e2e suite in a loopback-only network namespace, and this user may not create one.\n" +
      "Run it as root, or allow unprivileged user namespaces:\n\n" +
      "  sudo sysctl -w kernel.unprivileged_userns_clone=1 kernel.apparmor_restrict_unprivileged_userns=0\n",
  );
  return false;
}

const npx = (...args) => ["npx", ...args];
/** One vitest stage per test folder, so a new folder is never left out and each shows its own result. */
const vitestFolders = readdirSync(join(ROOT, "test"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "e2e")
  .filter((d) => readdirSync(join(ROOT, "test", d.name), { recursive: true }).some((f) => String(f).endsWith(".test.ts")))
  .map((d) => d.name)
  .sort();
const STAGES = [
  { name: "typecheck", argv: ["npm", "run", "-s", "typecheck"] },
  { name: "lint", argv: ["npm", "run", "-s", "lint"] },
  { name: "lint:deps", argv: ["npm", "run", "-s", "lint:deps"] },
  // The public declarations, rebuilt, must match the checked-in API report (api/elwood.api.md).
  { name: "api", argv: ["npm", "run", "-s", "api-report", "--", "--check"] },
  ...vitestFolders.flatMap((folder) => {
    const stage = { name: folder, argv: npx("vitest", "run", `test/${folder}/`), vitest: true };
    if (folder !== "model") return [stage];
    // The model tests record which graph states and transitions their actors walk; the next stage measures that
    // against each machine's graph (one table) and fails below 100 % of transitions outside the exclusion file.
    const clearHits = () => rmSync(join(ROOT, ".artifacts", "model-coverage", "hits"), { recursive: true, force: true });
    return [{ ...stage, before: clearHits }, { name: "coverage", argv: ["node", "--import", "tsx", "test/tools/model-coverage-report.ts"] }];
  }),
  { name: "e2e", argv: ["bash", "test/e2e/run-in-netns.sh", ...npx("vitest", "run", "-c", "vitest.e2e.config.ts")], vitest: true },
];

/** vitest's closing "Tests  3 failed | 40 passed | 1 skipped (44)" line, as counts. */
function vitestCounts(output) {
  const line = output.replace(/\x1b\[[0-9;]*m/g, "").match(/^\s*Tests\s+(.+)\(\d+\)\s*$/m)?.[1] ?? "";
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const [, n, what] of line.matchAll(/(\d+) (passed|failed|skipped|todo)/g)) counts[what === "todo" ? "skipped" : what] += Number(n);
  return counts;
}

function runStage(stage) {
  stage.before?.();
  console.log(`\n━━ ${stage.name}: ${stage.argv.join(" ")}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const [cmd, ...args] = stage.argv;
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    const finish = (code) => resolve({ name: stage.name, ok: code === 0, seconds: (Date.now() - started) / 1000, counts: stage.vitest ? vitestCounts(output) : undefined, digest: code === 0 ? [] : failureDigest(output) });
    child.on("error", (error) => {
      console.error(`${stage.name}: ${error.message}`);
      finish(1);
    });
    child.on("close", finish);
  });
}

// `npm test -- unit e2e` runs only the named stages (the pre-flight and the summary stay).
const only = process.argv.slice(2);
const unknown = only.filter((name) => !STAGES.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}; the stages are: ${STAGES.map((s) => s.name).join(" ")}`);
  process.exit(2);
}
if (!ensureSystemPackages() || !ensureNetworkNamespace()) process.exit(1);
const results = [];
for (const stage of STAGES) if (only.length === 0 || only.includes(stage.name)) results.push(await runStage(stage));

const digests = results.filter((r) => r.digest.length > 0);
if (digests.length > 0) {
  console.log("\n━━ What the failing e2e tests saw (full diagnostics above)");
  for (const r of digests) console.log(r.digest.join("\n"));
}
console.log("\n━━ Summary");
const total = { passed: 0, failed: 0, skipped: 0 };
for (const r of results) {
  const counts = r.counts ? ` (${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped)` : "";
  console.log(`  ${r.name.padEnd(12)} ${r.ok ? "passed" : "FAILED"}  ${r.seconds.toFixed(0).padStart(4)} s${counts}`);
  for (const k of Object.keys(total)) total[k] += r.counts?.[k] ?? 0;
}
const failedStages = results.filter((r) => !r.ok).map((r) => r.name);
console.log(failedStages.length === 0 ? "All stages passed." : `Failed stages: ${failedStages.join(", ")}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStages.length === 0 ? 0 : 1);
