import type { ModelUsage } from '../../agent/agent-port.ts';
import type { CreditPricing } from '../../config/settings/credits.ts';
import type { MeteredTurn, TurnCharge, TurnMeter } from '../conversations/turn-meter.ts';
import { subscriptionRequired } from '../conversations/turn-meter.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import type { CreditHold } from './hold-credits.ts';
import { releaseCredits, reserveCredits, settleCredits } from './hold-credits.ts';
import { measureBalance } from './measure-balance.ts';
import { priceUsage } from './price-usage.ts';
import { ensureSignupGrant } from './signup-grant.ts';
import { spendingAccount } from './spending-account.ts';
import { newId } from '../../store/values.ts';

export interface CreditTurnMeterDeps extends CreditsDeps {
  pricing: CreditPricing;
  /** The offline analyst answers: its turns cost nothing. */
  freeModel: boolean;
}

/**
 * Hosted mode's turns: a question holds CREDIT_TURN_HOLD credits (or what is left) before the
 * model is called, and is charged its real token usage when it ends; SQL turns hold nothing here
 * (a priced run is charged by the SQL-run meter) but still refuse when a run could not be paid.
 */
export function createCreditTurnMeter(deps: CreditTurnMeterDeps): TurnMeter {
  return {
    async open(input) {
      await ensureSignupGrant(deps, input.user.id);
      const account = await spendingAccount(deps.db, input.user);
      const measured = await measureBalance(deps.db, account, clockOf(deps));
      const turnId = newId();
      const subject = `conversation:${input.conversationId}`;
      const metered = input.kind === 'question' && !deps.freeModel;
      let hold: CreditHold | null = null;
      if (metered) {
        hold = await reserveCredits(deps, {
          account,
          wanted: deps.pricing.turnHold,
          minimum: Math.max(1, deps.pricing.minimumPerTurn),
          subject,
        });
        if (hold === null) throw subscriptionRequired();
      } else if (
        input.kind === 'sql' &&
        deps.pricing.perQuery > 0 &&
        measured.available < deps.pricing.perQuery
      ) {
        throw subscriptionRequired();
      }

      const usages: ModelUsage[] = [];
      const turn: MeteredTurn & { creditsRemaining: number | null } = {
        creditsRemaining: measured.remaining,
        addUsage: (usage) => usages.push(usage),
        async finish(outcome): Promise<TurnCharge> {
          const inputTokens = usages.reduce((sum, usage) => sum + usage.inputTokens, 0);
          const outputTokens = usages.reduce((sum, usage) => sum + usage.outputTokens, 0);
          let credits = 0;
          if (hold !== null) {
            const used = usages.reduce((sum, usage) => sum + priceUsage(deps.pricing, usage), 0);
            // An answer costs at least the minimum; a failed or stopped turn only what it used.
            const cost = outcome === 'answered' ? Math.max(deps.pricing.minimumPerTurn, used) : used;
            if (cost > 0) {
              credits = (
                await settleCredits(deps, {
                  hold,
                  cost,
                  reason: outcome === 'answered' ? 'Analyst turn' : `Analyst turn (${outcome})`,
                  subject,
                  idempotencyKey: `turn:${turnId}`,
                })
              ).charged;
            } else {
              await releaseCredits(deps, hold);
            }
            hold = null;
          }
          turn.creditsRemaining = (await measureBalance(deps.db, account, clockOf(deps))).remaining;
          return { inputTokens, outputTokens, credits };
        },
      };
      return turn;
    },
  };
}
