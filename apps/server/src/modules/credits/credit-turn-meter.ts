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
 * Hosted mode's turns. A question holds CREDIT_TURN_HOLD credits (or what is left) before the model
 * is called and is charged its real token usage when it ends. An SQL turn holds
 * CREDIT_PRICE_PER_QUERY (when set) and is charged it only if the statement ran, so a refused or
 * failed statement costs nothing; either way the charge is stored on the message and shown.
 */
export function createCreditTurnMeter(deps: CreditTurnMeterDeps): TurnMeter {
  const { pricing } = deps;
  return {
    async open(input) {
      await ensureSignupGrant(deps, input.user.id);
      const account = await spendingAccount(deps.db, input.user);
      const measured = await measureBalance(deps.db, account, clockOf(deps));
      const turnId = newId();
      const subject = `conversation:${input.conversationId}`;
      const isQuestion = input.kind === 'question';
      const priced = isQuestion ? !deps.freeModel : pricing.perQuery > 0;
      let hold: CreditHold | null = null;
      if (priced) {
        const minimum = isQuestion ? Math.max(1, pricing.minimumPerTurn) : pricing.perQuery;
        const wanted = isQuestion ? pricing.turnHold : pricing.perQuery;
        hold = await reserveCredits(deps, { account, wanted, minimum, subject });
        if (hold === null) throw subscriptionRequired();
      }

      const usages: ModelUsage[] = [];
      let queriesRun = 0;
      const costOf = (outcome: 'answered' | 'failed' | 'stopped'): number => {
        if (!isQuestion) return queriesRun * pricing.perQuery;
        const used = usages.reduce((sum, usage) => sum + priceUsage(pricing, usage), 0);
        // An answer costs at least the minimum; a failed or stopped turn only what it used.
        return outcome === 'answered' ? Math.max(pricing.minimumPerTurn, used) : used;
      };
      const turn: MeteredTurn & { creditsRemaining: number | null } = {
        creditsRemaining: measured.remaining,
        addUsage: (usage) => usages.push(usage),
        addQuery: (succeeded) => {
          if (succeeded) queriesRun += 1;
        },
        async finish(outcome): Promise<TurnCharge> {
          const inputTokens = usages.reduce((sum, usage) => sum + usage.inputTokens, 0);
          const outputTokens = usages.reduce((sum, usage) => sum + usage.outputTokens, 0);
          let credits = 0;
          if (hold !== null) {
            const cost = costOf(outcome);
            if (cost > 0) {
              const what = isQuestion ? 'Analyst turn' : 'SQL run (chat)';
              credits = (
                await settleCredits(deps, {
                  hold,
                  cost,
                  reason: outcome === 'answered' ? what : `${what} (${outcome})`,
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
