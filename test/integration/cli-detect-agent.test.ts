// The agent probe against a login shell that hangs: it gives up at its bound and leaves none of the shell's processes behind.

import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { detectAgent } from "../../cli/detect-agent.js";
import { AGENT_KINDS } from "../../src/index.js";
import { eventually } from "../support/eventually.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** Running, not a zombie waiting to be reaped (fields after the `(comm)` of /proc/<pid>/stat: state, ppid, pgrp). */
function statFields(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] === "Z" ? undefined : fields;
  } catch {
    return undefined;
  }
}
const groupMembers = (pgid: number) =>
  readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => statFields(p)?.[2] === String(pgid));

describe.runIf(process.platform === "linux")("agent auto-detection probe (issue 19)", () => {
  it("C-CLI-21: a login profile stuck in a hanging `claude --version` fails the probe at its bound; the probe's whole process group is ended", async () => {
    const root = mkdtempSync(join(tmpdir(), "elwood-probe-"));
    roots.push(root);
    const home = join(root, "home");
    const bin = join(root, "bin");
    for (const d of [home, bin]) mkdirSync(d);
    const pids = join(root, "pids");
    // The fake agent records its pid and process group, then never answers.
    writeFileSync(join(bin, "claude"), `#!/bin/sh\nset -- $(cat /proc/$$/stat | sed 's/.*) //')\necho "$$ $3" >> '${pids}'\nexec sleep 600\n`);
    chmodSync(join(bin, "claude"), 0o755);
    writeFileSync(join(home, ".bash_profile"), `export PATH='${bin}':"$PATH"\nclaude --version\n`);
    const env = { ...process.env, HOME: home, SHELL: "/bin/bash" };
    const probed = detectAgent(env, 5_000);
    await expect(probed).rejects.toMatchObject({ code: "no_agent_found", message: expect.stringContaining("timed out after 5s") });
    // Every agent's probe (claude, codex, qwen) ran the profile, so each got stuck in the fake.
    const stuck = readFileSync(pids, "utf8").trim().split("\n").map((l) => l.split(" ").map(Number) as [number, number]);
    expect(stuck).toHaveLength(AGENT_KINDS.length);
    await eventually(() => stuck.every(([pid, pgid]) => statFields(String(pid)) === undefined && groupMembers(pgid).length === 0), 20_000, "the stuck probes to be gone");
    for (const [pid, pgid] of stuck) {
      expect(statFields(String(pid))).toBeUndefined();
      expect(groupMembers(pgid)).toEqual([]);
    }
  }, 60_000);
});
