import type { Actor } from '../../access/can.ts';
import { listEntities } from '../../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import { loadDatabaseSchema } from '../../databases/get-database-schema.ts';
import { assessEntities } from '../assess-entities.ts';
import { progressReporter } from '../progress-reporter.ts';
import type { QualityDeps } from '../quality-deps.ts';
import type { ProfiledTable, ScanFollowUp } from './scan-follow-up.ts';
import type { QualityReport } from './scan-summary.ts';
import { reportAssessment } from './scan-summary.ts';
import { schemaTablesOf, tableKeyOf } from './schema-tables.ts';
import { surveyTable } from './survey-table.ts';

export interface ScanReport extends QualityReport {
  database: string;
  tables: number;
  entities_created: number;
  checks_created: number;
  /** Tables that got no entity, and why. */
  skipped: { table: string; reason: string }[];
}

/**
 * Hands the scan's findings on (the semantic model's proposal). A follow-up failing is logged and
 * does not fail the scan: the entities, checks and scores it made stand on their own.
 */
async function followUp(deps: QualityDeps, input: Parameters<ScanFollowUp['afterScan']>[0]): Promise<void> {
  for (const follower of deps.scanFollowUps ?? []) {
    try {
      await follower.afterScan(input);
    } catch (error) {
      deps.log.error({ err: error, databaseId: input.database.id }, 'A scan follow-up failed');
    }
  }
}

/**
 * The deterministic scan, with no model: every table and view with a key becomes a business entity
 * (or updates its own), gets the checks its constraints and profile call for, and every entity of
 * the database is then checked and scored; the follow-ups then hear of the schema and profiles (a
 * semantic model is proposed). Progress goes to the user as it goes; the conversation it runs in
 * becomes the entities' review conversation.
 */
export async function scanDatabase(
  deps: QualityDeps,
  input: {
    database: DatabaseRecord;
    actor: Actor;
    conversationId: string | null;
    signal?: AbortSignal | undefined;
  },
): Promise<ScanReport> {
  const started = performance.now();
  const progress = progressReporter(deps.events, {
    userId: input.actor.id,
    databaseId: input.database.id,
    conversationId: input.conversationId,
  });
  progress.report('profiling', 0, 1, `Reading the schema of ${input.database.name}`);
  try {
    const schema = await loadDatabaseSchema(deps, input.database, true);
    const tables = schemaTablesOf(schema);
    const known = await listEntities(deps.db, input.database.id);
    const byTable = new Map(
      known.flatMap((entity) => (entity.table ? [[tableKeyOf(entity.table), entity]] : [])),
    );
    const takenNames = new Set(known.map((entity) => entity.name.toLowerCase()));
    let created = 0;
    let checksCreated = 0;
    let statements = 0;
    const skipped: ScanReport['skipped'] = [];
    const profiled: ProfiledTable[] = [];
    for (const [index, target] of tables.entries()) {
      input.signal?.throwIfAborted();
      const survey = await surveyTable(deps, {
        database: input.database,
        actor: input.actor,
        target,
        entity: byTable.get(tableKeyOf(target.table)) ?? null,
        takenNames,
        signal: input.signal,
      });
      statements += survey.statements;
      checksCreated += survey.checksAdded;
      if (survey.created) created += 1;
      if (survey.skipped !== null) skipped.push({ table: target.ref, reason: survey.skipped });
      if (survey.profile !== null) profiled.push({ table: target.table, profile: survey.profile });
      progress.report(
        'profiling',
        index + 1,
        tables.length,
        `Profiled ${target.ref} (${index + 1} of ${tables.length} tables)`,
      );
    }
    // Entities naming no table (a person's, say) have nothing to check: they stay "Not scanned",
    // with Start Analysis offered.
    const entities = (await listEntities(deps.db, input.database.id)).filter(
      (entity) => entity.table !== null,
    );
    const done = await assessEntities(deps, {
      database: input.database,
      actor: input.actor,
      entities,
      trigger: 'scan',
      reviewConversationId: input.conversationId ?? undefined,
      schema,
      signal: input.signal,
      onTable: progress.onTable,
    });
    statements += done.statements;
    await followUp(deps, { database: input.database, actor: input.actor, schema, profiled });
    const durationMs = Math.round(performance.now() - started);
    const report = await reportAssessment(deps.db, input.database.id, done, statements, durationMs);
    progress.report(
      'done',
      tables.length,
      tables.length,
      `${entities.length} business entities scored, ${done.issues.opened + done.issues.reopened} issues opened`,
    );
    return {
      database: input.database.name,
      tables: tables.length,
      entities_created: created,
      checks_created: checksCreated,
      skipped,
      ...report,
    };
  } catch (error) {
    progress.report('failed', 0, 1, `The scan of ${input.database.name} stopped`);
    throw error;
  }
}
