#!/usr/bin/env node
// @ts-check
// Keeps `npm ci` working with optional dependencies that are not on the registry (npm/cli#9846): lists, or with --write
// adds, the placeholder lock entries npm 11.16+ no longer writes. Run it after every `npm install` that rewrote the lock.
//
// Why: @qwen-code/qwen-code 0.24.4 and @teddyzhu/clipboard 0.0.5 name @teddyzhu/clipboard-{darwin-*,linux-arm64-gnu,
// win32-*} as optional dependencies, and those were never published. `npm install` leaves them out of package-lock.json,
// then `npm ci` (.ci/run) rebuilds them as inert nodes and refuses the lock ("Missing: …@ from lock file"). An entry
// `{ "optional": true }` where npm places the inert node makes both sides agree; nothing is fetched or installed for it.
// Usage: node test/tools/lock-optional-placeholders.mjs [--write]
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LOCK = join(import.meta.dirname, "..", "..", "package-lock.json");
/** Optional dependencies known to be absent from the registry (a placeholder is never added for anything else). */
const UNPUBLISHED = /^@teddyzhu\/clipboard-(darwin-arm64|darwin-x64|linux-arm64-gnu|win32-arm64-msvc|win32-x64-msvc)$/;

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
/** @type {Record<string, Record<string, unknown>>} */
const packages = lock.packages;

/** Where node's resolution from `from` finds `name`, walking up the node_modules chain; undefined when nowhere. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const at = `${dir === "" ? "" : `${dir}/`}node_modules/${name}`;
    if (packages[at] !== undefined) return at;
    if (dir === "") return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

/** @type {Array<[string, string]>} [parent location, placeholder location] */
const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  const optional = /** @type {Record<string, string> | undefined} */ (entry["optionalDependencies"]);
  for (const name of Object.keys(optional ?? {})) {
    if (UNPUBLISHED.test(name) && resolve(location, name) === undefined) missing.push([location, `${location}/node_modules/${name}`]);
  }
}

if (missing.length === 0) {
  console.log("package-lock.json: every unpublished optional dependency has its placeholder");
  process.exit(0);
}
if (!process.argv.includes("--write")) {
  console.error(`package-lock.json lacks ${missing.length} placeholder(s); run with --write:\n${missing.map(([, at]) => `  ${at}`).join("\n")}`);
  process.exit(1);
}
// Each placeholder goes after the last entry of its parent's subtree, so the rest of the lock keeps npm's own order.
const keys = Object.keys(packages);
const lastOfSubtree = (parent) => keys.reduce((last, key, i) => (key === parent || key.startsWith(`${parent}/`) ? i : last), keys.length - 1);
/** @type {Record<string, Record<string, unknown>>} */
const out = {};
keys.forEach((key, i) => {
  out[key] = /** @type {Record<string, unknown>} */ (packages[key]);
  const here = missing.filter(([parent]) => lastOfSubtree(parent) === i).map(([, at]) => at);
  for (const at of here.sort()) out[at] = { optional: true };
});
lock.packages = out;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${missing.length} placeholder(s)`);
