// What a turn runner learns from a hook, as each adapter normalizes it: acceptance, the boundary's expected text, or rejection.

export type TurnHookSignal =
  /** The CLI accepted a prompt (with the prompt text and the CLI's own turn id when the hook carries them). */
  | { readonly kind: "accepted"; readonly prompt?: string; readonly agentTurnId?: string }
  /** The turn-boundary hook: the text the transcript must catch up to (never displayed: it may be ghost text). */
  | { readonly kind: "boundary"; readonly expected: string; readonly agentTurnId?: string }
  /** The CLI rejected the turn, with a human-readable reason. */
  | { readonly kind: "failure"; readonly reason: string };

export type TurnHookReader = (name: string, payload: Readonly<Record<string, unknown>>) => TurnHookSignal | undefined;
