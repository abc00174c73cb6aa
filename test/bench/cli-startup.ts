// Start-up benchmark entry: start → ready against the bare CLI's usable composer for every pinned Codex and Qwen Code,
// offline. Run inside the loopback-only netns (run.ts does this):
//   bash test/e2e/run-in-netns.sh npx tsx test/bench/cli-startup.ts [runs] [codex|qwen] [--json]
import { benchCodexStartup } from "./codex-startup.js";
import { benchQwenStartup } from "./qwen-startup.js";

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const only = ["codex", "qwen"].find((a) => process.argv.includes(a));
const json = process.argv.includes("--json");
const rows = [...(only === "qwen" ? [] : await benchCodexStartup(runs)), ...(only === "codex" ? [] : await benchQwenStartup(runs))];
console.log(json ? JSON.stringify(rows) : rows.map((r) => JSON.stringify(r)).join("\n"));
process.exit(0);
