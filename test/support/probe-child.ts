// Test support: one process's probe of a CLI (its own in-memory cache cold), printed as JSON — what another
// process sees of the probe cache in a shared state dir.
// Usage: node --import tsx test/support/probe-child.ts <claude|codex> <request JSON>

import { probeClaudeVersion } from "../../adapters/claude/version-probe.js";
import { probeCodex } from "../../adapters/codex/version-probe.js";

const [agent = "", request = "{}"] = process.argv.slice(2);
const parsed = JSON.parse(request) as Parameters<typeof probeClaudeVersion>[0];
const answer = agent === "codex" ? await probeCodex(parsed) : await probeClaudeVersion(parsed);
process.stdout.write(`${JSON.stringify(answer)}\n`);
