// Sanitiser benchmark: 8 MiB of adversarially nested paste sentinels, the time per pass and the event-loop delay it causes.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sanitizeSubmissionText } from "../../machines/sanitize.js";
import { nestedSentinels } from "../support/nested-sentinels.js";

const round = (n: number): number => Math.round(n * 10) / 10;
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Sanitises `bytes` of `ESC[20`×d + `ESC[201~` + `0~`×d (every removal re-forms the next sentinel) `runs` times,
 * yielding to the event loop between runs, and reports the sanitise time and the loop delay seen meanwhile.
 */
export async function benchSanitizeAdversarial(bytes = 8 * 1024 * 1024, runs = 5): Promise<Record<string, unknown>[]> {
  const text = nestedSentinels(Math.floor(bytes / 6));
  const times: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  for (let r = 0; r < runs; r++) {
    await yieldToLoop();
    const t0 = performance.now();
    const clean = sanitizeSubmissionText(text);
    times.push(performance.now() - t0);
    if (clean !== "") throw new Error("adversarial input did not sanitise to the empty string");
  }
  await yieldToLoop();
  delay.disable();
  times.sort((a, b) => a - b);
  return [
    {
      input: `${(text.length / (1024 * 1024)).toFixed(1)} MiB nested`,
      runs,
      "sanitise min ms": round(times[0] ?? NaN),
      "sanitise median ms": round(times[Math.floor(times.length / 2)] ?? NaN),
      "sanitise max ms": round(times[times.length - 1] ?? NaN),
      "loop delay max ms": round(delay.max / 1e6),
      "loop delay p99 ms": round(delay.percentile(99) / 1e6),
    },
  ];
}
