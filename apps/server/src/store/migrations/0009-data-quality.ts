import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import type { ColumnKit } from './column-kit.ts';
import { columnKit } from './column-kit.ts';

// Counts and percentages: exact integers up to 2^53 and fractions, read back as numbers on both
// dialects (a PostgreSQL bigint would come back as text).
const decimal = 'double precision';

async function createChecks(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('quality_checks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('business_entity_id', 'text', (col) =>
      col.notNull().references('business_entities.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('schema_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('table_name', 'text', (col) => col.notNull())
    .addColumn('definition', kit.json, (col) => col.notNull())
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('warn_percent', decimal, (col) => col.notNull())
    .addColumn('fail_percent', decimal, (col) => col.notNull())
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('muted_reason', 'text')
    .addColumn('muted_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('muted_at', kit.timestamp)
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('updated_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addUniqueConstraint('quality_checks_entity_fingerprint_unique', ['business_entity_id', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('quality_checks_database_id_idx')
    .on('quality_checks')
    .column('database_id')
    .execute();
}

async function createRuns(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('check_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('check_id', 'text', (col) => col.notNull().references('quality_checks.id').onDelete('cascade'))
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('batch_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failing_count', decimal)
    .addColumn('total_count', decimal)
    .addColumn('failing_percent', decimal)
    .addColumn('observed', 'text', (col) => col.notNull())
    .addColumn('observed_value', kit.json)
    .addColumn('message', 'text')
    .addColumn('sql', 'text')
    .addColumn('sample', kit.json)
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('ran_at', kit.timestamp, (col) => col.notNull())
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema
    .createIndex('check_runs_check_id_ran_at_idx')
    .on('check_runs')
    .columns(['check_id', 'ran_at'])
    .execute();
  await db.schema.createIndex('check_runs_database_id_idx').on('check_runs').column('database_id').execute();
}

async function createScores(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('quality_scores')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('business_entity_id', 'text', (col) =>
      col.notNull().references('business_entities.id').onDelete('cascade'),
    )
    .addColumn('quality_score', decimal)
    .addColumn('completeness', decimal)
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('breakdown', kit.json, (col) => col.notNull())
    .addColumn('computed_at', kit.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('quality_scores_entity_computed_at_idx')
    .on('quality_scores')
    .columns(['business_entity_id', 'computed_at'])
    .execute();
}

async function createSchedules(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('quality_schedules')
    .addColumn('database_id', 'text', (col) =>
      col.primaryKey().references('databases.id').onDelete('cascade'),
    )
    .addColumn('every_minutes', 'integer')
    .addColumn('last_run_at', kit.timestamp)
    .addColumn('last_outcome', 'text')
    .addColumn('lease_expires_at', kit.timestamp)
    .addColumn('lease_owner', 'text')
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('updated_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .execute();
}

const entityColumns = ['origin', 'table_schema', 'table_name', 'key_columns'] as const;
const issueColumns = [
  'check_id',
  'origin',
  'occurrences',
  'last_seen_at',
  'observed',
  'evidence',
  'dismissed_reason',
  'dismissed_by',
] as const;

/**
 * Data quality as data: checks (what they look at, their thresholds, origin and state, a stable
 * fingerprint per entity), every run of them, the scores computed from those runs with their
 * breakdown and formula version, and one schedule per database (its lease lets one instance run
 * it at a time). Business entities learn their table and key; issues learn the check that opened
 * them (one issue per check, reopened rather than duplicated), how often it was seen, the latest
 * evidence, and why a person dismissed it.
 */
export function dataQualityMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('business_entities')
        .addColumn('origin', 'text', (col) => col.notNull().defaultTo('user'))
        .execute();
      await db.schema.alterTable('business_entities').addColumn('table_schema', 'text').execute();
      await db.schema.alterTable('business_entities').addColumn('table_name', 'text').execute();
      await db.schema.alterTable('business_entities').addColumn('key_columns', kit.json).execute();

      await createChecks(db, kit);
      await createRuns(db, kit);
      await createScores(db, kit);
      await createSchedules(db, kit);

      await db.schema
        .alterTable('issues')
        .addColumn('check_id', 'text', (col) => col.references('quality_checks.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('issues')
        .addColumn('origin', 'text', (col) => col.notNull().defaultTo('user'))
        .execute();
      await db.schema
        .alterTable('issues')
        .addColumn('occurrences', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('issues').addColumn('last_seen_at', kit.timestamp).execute();
      await db.schema.alterTable('issues').addColumn('observed', 'text').execute();
      await db.schema.alterTable('issues').addColumn('evidence', kit.json).execute();
      await db.schema.alterTable('issues').addColumn('dismissed_reason', 'text').execute();
      await db.schema
        .alterTable('issues')
        .addColumn('dismissed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      // One issue per check, ever: a regression reopens it instead of adding another.
      await db.schema
        .createIndex('issues_check_id_unique')
        .on('issues')
        .column('check_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('issues_check_id_unique').execute();
      for (const column of issueColumns) await db.schema.alterTable('issues').dropColumn(column).execute();
      await db.schema.dropTable('quality_schedules').execute();
      await db.schema.dropTable('quality_scores').execute();
      await db.schema.dropTable('check_runs').execute();
      await db.schema.dropTable('quality_checks').execute();
      for (const column of entityColumns) {
        await db.schema.alterTable('business_entities').dropColumn(column).execute();
      }
    },
  };
}
