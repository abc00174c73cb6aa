#!/usr/bin/env node
// Supervisor for `npm run example:<name>`: runs one TypeScript example in a child Node process, passes Ctrl+C and
// termination on, and guarantees the example (and the CLI it drives in a PTY) is gone when this exits.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** After a signal the example has this long to end its session itself (a stop's grace is shorter) before SIGKILL. */
const SHUTDOWN_GRACE_MS = 15_000;

const [name, ...args] = process.argv.slice(2);
const file = name === undefined ? undefined : fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
if (file === undefined || !/^[a-z-]+$/.test(name ?? "") || !existsSync(file)) {
  console.error(`usage: node examples/run-example.mjs <example> [args…]  (no example ${JSON.stringify(name ?? "")})`);
  process.exit(2);
}

// The example owns the PTY; this process owns nothing but the child, so npm's own signal handling cannot strand a
// CLI. The example prints only its own structured lines: the CLI's screen stays in the PTY, never in your shell.
const child = spawn(process.execPath, ["--import", "tsx", file, ...args], { stdio: ["ignore", "inherit", "inherit"] });

let killTimer;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    child.kill(signal);
    killTimer ??= setTimeout(() => child.kill("SIGKILL"), SHUTDOWN_GRACE_MS);
  });
}
child.on("exit", (code, signal) => {
  clearTimeout(killTimer);
  process.exit(code ?? (signal === "SIGINT" ? 130 : 1));
});
