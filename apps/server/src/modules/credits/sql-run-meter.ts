import { AppError } from '../../errors.ts';
import type { SqlRunObserver, SqlRunPurpose } from '../sql-runs/sql-run-observer.ts';
import { findUser } from '../users/find-user.ts';
import type { CreditsDeps } from './credits-deps.ts';
import type { CreditHold } from './hold-credits.ts';
import { releaseCredits, reserveCredits, settleCredits } from './hold-credits.ts';
import { spendingAccount } from './spending-account.ts';

/**
 * The runs CREDIT_PRICE_PER_QUERY prices here: SQL of the user's own outside a conversation (a
 * metric query through the API, each tile of a dashboard someone opens, and what an MCP client
 * runs through a tool, included). SQL
 * typed in the chat is paid by its turn (so the charge shows on the message); the analyst's
 * queries are part of its turn, paid by tokens; data-quality checks are the product's upkeep.
 */
const pricedPurposes: ReadonlySet<SqlRunPurpose> = new Set([
  'editor',
  'saved-query',
  'export',
  'metric',
  'mcp',
  'dashboard',
]);

/**
 * Charges a priced SQL run: its price is held before the database is touched (refused with 402
 * when it cannot be), charged once the run succeeded, and given back when it failed, was
 * cancelled or refused.
 */
export function createSqlRunMeter(deps: CreditsDeps & { perQuery: number }): SqlRunObserver {
  const holds = new Map<string, CreditHold>();
  return {
    async beforeRun(run) {
      if (deps.perQuery <= 0 || !pricedPurposes.has(run.purpose)) return;
      const user = await findUser(deps.db, run.actorId);
      const account = await spendingAccount(deps.db, {
        id: run.actorId,
        organizationId: user?.organizationId ?? null,
      });
      const hold = await reserveCredits(deps, {
        account,
        wanted: deps.perQuery,
        minimum: deps.perQuery,
        subject: `sql-run:${run.runId}`,
      });
      if (hold === null) {
        throw new AppError(
          'PAYMENT_REQUIRED',
          `Running a query costs ${deps.perQuery} credits; not enough are left`,
        );
      }
      holds.set(run.runId, hold);
    },
    async afterRun(run) {
      const hold = holds.get(run.runId);
      if (!hold) return;
      holds.delete(run.runId);
      if (run.outcome !== 'succeeded') {
        await releaseCredits(deps, hold);
        return;
      }
      await settleCredits(deps, {
        hold,
        cost: deps.perQuery,
        reason: `SQL run (${run.purpose})`,
        subject: `database:${run.databaseId}`,
        idempotencyKey: `sql-run:${run.runId}`,
      });
    },
  };
}
