// The longest delay a Node timer holds: a longer one overflows to 1 ms (TimeoutOverflowWarning) and would fire at once.

/** 2^31 − 1 ms (about 24.8 days): every timeout option is bounded by it. */
export const MAX_TIMER_MS = 2_147_483_647;
