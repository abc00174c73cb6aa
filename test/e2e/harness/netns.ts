// Guard for e2e tests: refuse to run real CLIs unless the process sits in a loopback-only network namespace.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

export interface InterfaceState {
  readonly name: string;
  readonly up: boolean;
}

/**
 * Interfaces of this process's network namespace. /sys/class/net is NOT usable: after `unshare --net`
 * without a new mount namespace sysfs still shows the host's interfaces. /proc/net/dev and `ip -o link`
 * are namespace-correct; `ip` also tells us the IFF_UP flag.
 */
export function listInterfaces(): InterfaceState[] {
  try {
    const out = execFileSync("ip", ["-o", "link", "show"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return out
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => {
        const m = /^\d+:\s+([^:@\s]+)[^<]*<([^>]*)>/.exec(l);
        const flags = (m?.[2] ?? "").split(",");
        return { name: m?.[1] ?? l, up: flags.includes("UP") };
      });
  } catch {
    // No iproute2: list from /proc/net/dev and count every interface as up (conservative).
    return readFileSync("/proc/net/dev", "utf8")
      .split("\n")
      .slice(2)
      .map((l) => l.split(":")[0]?.trim() ?? "")
      .filter((n) => n !== "")
      .map((name) => ({ name, up: true }));
  }
}

/**
 * Throws unless every up interface is loopback, so a missed CLI setting can never reach the internet.
 * ELWOOD_E2E_ALLOW_NET=1 disables the guard for local debugging only.
 */
export function assertLoopbackOnly(): void {
  if (process.env["ELWOOD_E2E_ALLOW_NET"] === "1") return;
  const all = listInterfaces();
  const exposed = all.filter((i) => i.up && i.name !== "lo");
  if (exposed.length > 0) {
    throw new Error(
      `e2e refused: non-loopback network interface(s) up: ${exposed.map((i) => i.name).join(", ")}. ` +
        "Run through test/e2e/run-in-netns.sh (unshare --net), or set ELWOOD_E2E_ALLOW_NET=1 for local debugging.",
    );
  }
  if (!all.some((i) => i.name === "lo" && i.up)) {
    throw new Error("e2e refused: loopback interface is down (run-in-netns.sh brings it up)");
  }
}
