#!/usr/bin/env node
// `elwood`: the command's executable entry (compiled to dist/cli/elwood.js and declared in package.json `bin`).

import { processIo } from "./cli-io.js";
import { runCli } from "./main.js";

const status = await runCli(process.argv.slice(2), processIo());
// Exit explicitly: a stray handle of a torn-down agent must not keep the command alive.
process.exitCode = status;
process.stdout.write("", () => process.exit(status));
