import { inspect } from 'node:util';
import type { Migration, MigrationProvider, MigrationResultSet } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import type { Store, StoreDialect } from './connect.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { settingsAndDbtSummaryMigration } from './migrations/0002-settings-and-dbt-summary.ts';
import { conversationTurnsMigration } from './migrations/0004-conversation-turns.ts';
import { queryHistoryIndexMigration } from './migrations/0005-query-history-index.ts';
import { resultRowsAsArraysMigration } from './migrations/0006-result-rows-as-arrays.ts';
import { favoritesCascadeWithTheirItemsMigration } from './migrations/0007-favorites-cascade-with-their-items.ts';
import { hostedSignInMigration } from './migrations/0008-hosted-sign-in.ts';
import { dataQualityMigration } from './migrations/0009-data-quality.ts';
import { sharingMigration } from './migrations/0010-sharing.ts';
import { jobLeasesMigration } from './migrations/0011-job-leases.ts';
import { turnInstanceMigration } from './migrations/0012-turn-instance.ts';
import { creditsMigration } from './migrations/0013-credits.ts';
import { verifiedQueriesMigration } from './migrations/0014-verified-queries.ts';
import { memoryReviewMigration } from './migrations/0015-memory-review.ts';
import { turnStatementsAndCredentialWarningsMigration } from './migrations/0016-turn-statements-and-credential-warnings.ts';
import { stripeSubscriptionsMigration } from './migrations/0017-stripe-subscriptions.ts';
import { organizationDeletionMigration } from './migrations/0018-organization-deletion.ts';
import { semanticModelsMigration } from './migrations/0019-semantic-models.ts';
import { apiKeysMigration } from './migrations/0020-api-keys.ts';
import { oauthMigration } from './migrations/0021-oauth.ts';
import { dashboardsMigration } from './migrations/0022-dashboards.ts';
import { dashboardFiltersMigration } from './migrations/0023-dashboard-filters.ts';
import { dashboardLinksMigration } from './migrations/0024-dashboard-links.ts';

/**
 * A static list rather than a folder scan, so migrations work the same from source, from a test
 * runner and from a bundle. Names sort in execution order; append, never edit a shipped one.
 */
export function migrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-settings-and-dbt-summary': settingsAndDbtSummaryMigration(dialect),
    '0004-conversation-turns': conversationTurnsMigration(dialect),
    '0005-query-history-index': queryHistoryIndexMigration(),
    '0006-result-rows-as-arrays': resultRowsAsArraysMigration(),
    '0007-favorites-cascade-with-their-items': favoritesCascadeWithTheirItemsMigration(dialect),
    '0008-hosted-sign-in': hostedSignInMigration(dialect),
    '0009-data-quality': dataQualityMigration(dialect),
    '0010-sharing': sharingMigration(dialect),
    '0011-job-leases': jobLeasesMigration(dialect),
    '0012-turn-instance': turnInstanceMigration(),
    '0013-credits': creditsMigration(dialect),
    '0014-verified-queries': verifiedQueriesMigration(dialect),
    '0015-memory-review': memoryReviewMigration(),
    '0016-turn-statements-and-credential-warnings': turnStatementsAndCredentialWarningsMigration(dialect),
    '0017-stripe-subscriptions': stripeSubscriptionsMigration(dialect),
    '0018-organization-deletion': organizationDeletionMigration(dialect),
    '0019-semantic-models': semanticModelsMigration(dialect),
    '0020-api-keys': apiKeysMigration(dialect),
    '0021-oauth': oauthMigration(dialect),
    '0022-dashboards': dashboardsMigration(dialect),
    '0023-dashboard-filters': dashboardFiltersMigration(dialect),
    '0024-dashboard-links': dashboardLinksMigration(dialect),
  };
}

function staticProvider(dialect: StoreDialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations(dialect)) };
}

/** Brings the store to the latest schema; safe to run on every boot and from several instances. */
export async function migrateToLatest(store: Store): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: store.db,
    provider: staticProvider(store.dialect),
    // Numbers are handed out to work done side by side, so a lower one (0012) may arrive after a
    // higher one (0014) already ran on a store; each migration stands alone, so it simply runs then.
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((entry) => entry.status === 'Error');
    const prefix = failed ? `Migration ${failed.migrationName} failed` : 'Migration failed';
    throw new Error(
      `${prefix}: ${result.error instanceof Error ? result.error.message : inspect(result.error)}`,
      {
        cause: result.error,
      },
    );
  }
  return result;
}
