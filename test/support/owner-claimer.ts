// Test support: claims a session directory for this process and prints "claimed" or the error code; a winner stays
// alive (a live owner) until its stdin closes. Usage: node owner-claimer.mjs <sessionDir>

import { isElwoodError } from "../../src/contracts/errors.js";
import { claimOwner } from "../../effects/session-owner.js";

try {
  await claimOwner(process.argv[2] as string);
  process.stdout.write("claimed\n");
} catch (error) {
  process.stdout.write(`${isElwoodError(error) ? error.code : String(error)}\n`);
}
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
