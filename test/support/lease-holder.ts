// Test child: takes an adapter's update lease in its own process, says "held", releases on any stdin line and says "released".
import { acquireUpdateLease } from "../../effects/update-lease.js";

const [root, adapter] = process.argv.slice(2);
if (root === undefined || adapter === undefined) throw new Error("usage: lease-holder <root> <adapter>");
const lease = await acquireUpdateLease(adapter, { root, waitMs: 0 });
if (lease.kind !== "owner") {
  process.stdout.write(`not-owner ${lease.kind}\n`);
  process.exit(2);
}
process.stdout.write("held\n");
process.stdin.once("data", () => {
  void lease.release().then(() => {
    process.stdout.write("released\n");
    process.exit(0);
  });
});
