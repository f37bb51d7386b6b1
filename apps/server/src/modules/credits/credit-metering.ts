import type { AppConfig } from '../../config/load-config.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { TurnMeter } from '../conversations/turn-meter.ts';
import { unmeteredTurns } from '../conversations/turn-meter.ts';
import type { SqlRunObserver } from '../sql-runs/sql-run-observer.ts';
import { createCreditTurnMeter } from './credit-turn-meter.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { createSqlRunMeter } from './sql-run-meter.ts';

/** How the app charges for work: what the SQL path and the chat are handed. */
export interface CreditMetering {
  credits: CreditsDeps & { creditsEnforced: boolean };
  /** Observers that charge priced SQL runs (none in local mode). */
  sqlRunMeters: SqlRunObserver[];
  turnMeter: TurnMeter;
}

/**
 * Credits count in hosted mode only; local mode is unlimited and meters nothing. The offline
 * analyst costs nothing; a model a test hands in is priced like any other.
 */
export function createCreditMetering(input: {
  config: AppConfig;
  db: StoreDb;
  now?: (() => Date) | undefined;
  modelGiven: boolean;
}): CreditMetering {
  const { config } = input;
  const creditsEnforced = config.authMode === 'oidc';
  const credits = {
    db: input.db,
    signupCredits: config.signupCredits,
    creditsEnforced,
    ...(input.now ? { now: input.now } : {}),
  };
  if (!creditsEnforced) return { credits, sqlRunMeters: [], turnMeter: unmeteredTurns };
  return {
    credits,
    sqlRunMeters: [createSqlRunMeter({ ...credits, perQuery: config.creditPricing.perQuery })],
    turnMeter: createCreditTurnMeter({
      ...credits,
      pricing: config.creditPricing,
      freeModel: config.llm.provider === 'offline' && !input.modelGiven,
    }),
  };
}
