import type { ModelUsage } from '../../agent/agent-port.ts';
import { AppError } from '../../errors.ts';

/** What a turn cost, stored on the question it answered and shown in the conversation. */
export interface TurnCharge {
  inputTokens: number;
  outputTokens: number;
  credits: number;
}

/** One turn's account with the user's credits, from before its first model call to its end. */
export interface MeteredTurn {
  /** Credits left as the ledger says, sent with every `response`; null when credits are off. */
  readonly creditsRemaining: number | null;
  /** A model call's real usage, reported as each step finishes. */
  addUsage(usage: ModelUsage): void;
  /** The user's own SQL of an SQL turn ran; a run that succeeded is what CREDIT_PRICE_PER_QUERY prices. */
  addQuery(succeeded: boolean): void;
  /**
   * Ends the turn's account: an answered turn is charged its usage (at least the minimum), a
   * failed or stopped one only the usage it really had; what was held and not spent goes back.
   * Null when credits are off.
   */
  finish(outcome: 'answered' | 'failed' | 'stopped'): Promise<TurnCharge | null>;
}

/**
 * Where credits attach to conversations (the credits module implements it in hosted mode). `open`
 * runs before anything of the turn is stored and throws SUBSCRIPTION_REQUIRED when nothing may be
 * spent, so no model is called.
 */
export interface TurnMeter {
  open(input: {
    user: { id: string; organizationId: string | null };
    conversationId: string;
    kind: 'question' | 'sql';
  }): Promise<MeteredTurn>;
}

/** The socket `error` message the web app knows as "no credits or plan left". */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

export function subscriptionRequired(): AppError {
  return new AppError('SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED);
}

/** Local mode: use is unlimited and nothing is counted. */
export const unmeteredTurns: TurnMeter = {
  open: () =>
    Promise.resolve({
      creditsRemaining: null,
      addUsage: () => undefined,
      addQuery: () => undefined,
      finish: () => Promise.resolve(null),
    }),
};
