import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * conversations.turn_expires_at: the lease of the instance answering a conversation. It is renewed
 * while the turn runs, so a turn lost with its process (crash, redeploy) stops counting as running
 * once the lease lapses, and two instances can never answer the same conversation at once.
 */
export function conversationTurnsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').addColumn('turn_expires_at', kit.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').dropColumn('turn_expires_at').execute();
    },
  };
}
