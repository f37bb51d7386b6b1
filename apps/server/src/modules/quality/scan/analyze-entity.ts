import { AppError } from '../../../errors.ts';
import type { Actor } from '../../access/can.ts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import { listEntities } from '../../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import { loadDatabaseSchema } from '../../databases/get-database-schema.ts';
import { assessEntities } from '../assess-entities.ts';
import { progressReporter } from '../progress-reporter.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { entityNameOf } from './entity-name.ts';
import type { AssessedEntity } from './scan-summary.ts';
import { reportAssessment } from './scan-summary.ts';
import type { SchemaTableRef } from './survey-table.ts';
import { surveyTable } from './survey-table.ts';
import { schemaTablesOf, tableKeyOf } from './schema-tables.ts';

export interface AnalysisReport {
  entity: AssessedEntity;
  checks_created: number;
  checks: Record<string, number>;
  statements: number;
  duration_ms: number;
}

/** The entity's table: the one it names, else the table whose name reads as the entity's. */
function tableFor(entity: BusinessEntityRecord, tables: readonly SchemaTableRef[]): SchemaTableRef | null {
  if (entity.table) {
    const key = tableKeyOf(entity.table);
    const named = tables.find((target) => tableKeyOf(target.table) === key);
    if (named) return named;
  }
  const wanted = entity.name.trim().toLowerCase();
  return (
    tables.find((target) => entityNameOf(target.info.name).toLowerCase() === wanted) ??
    tables.find((target) => target.info.name.toLowerCase() === wanted) ??
    null
  );
}

/** A database's entity by name, any case; a name that is nobody's is the user's mistake. */
export async function findEntityByName(
  deps: QualityDeps,
  database: DatabaseRecord,
  name: string,
): Promise<BusinessEntityRecord> {
  const entities = await listEntities(deps.db, database.id);
  const wanted = name.trim().toLowerCase();
  const entity = entities.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (!entity) {
    const known = entities.map((candidate) => candidate.name).join(', ');
    throw new AppError('NOT_FOUND', `No business entity named ${name}${known ? ` (known: ${known})` : ''}`);
  }
  return entity;
}

/**
 * Start Analysis without a model: the entity's table is profiled, the checks the scan's rules call
 * for are added where missing, then its checks run and it is scored. The conversation becomes its
 * review conversation.
 */
export async function analyzeEntity(
  deps: QualityDeps,
  input: {
    database: DatabaseRecord;
    actor: Actor;
    entity: BusinessEntityRecord;
    conversationId: string | null;
    signal?: AbortSignal | undefined;
  },
): Promise<AnalysisReport> {
  const started = performance.now();
  const progress = progressReporter(deps.events, {
    userId: input.actor.id,
    databaseId: input.database.id,
    conversationId: input.conversationId,
  });
  progress.report('profiling', 0, 1, `Profiling ${input.entity.name}`);
  try {
    const schema = await loadDatabaseSchema(deps, input.database, true);
    const target = tableFor(input.entity, schemaTablesOf(schema));
    if (!target) {
      throw new AppError(
        'BAD_REQUEST',
        `${input.entity.name} names no table of ${input.database.name} to analyse`,
      );
    }
    const survey = await surveyTable(deps, {
      database: input.database,
      actor: input.actor,
      target,
      entity: input.entity,
      takenNames: new Set(),
      signal: input.signal,
    });
    const entity = survey.entity ?? input.entity;
    progress.report('checking', 0, 1, `Checking ${entity.name}`);
    const done = await assessEntities(deps, {
      database: input.database,
      actor: input.actor,
      entities: [entity],
      trigger: 'analysis',
      reviewConversationId: input.conversationId ?? undefined,
      schema,
      signal: input.signal,
      onTable: progress.onTable,
    });
    const statements = survey.statements + done.statements;
    const durationMs = Math.round(performance.now() - started);
    const report = await reportAssessment(deps.db, input.database.id, done, statements, durationMs);
    const assessed = report.entities[0];
    if (!assessed) throw new Error(`The analysis of ${entity.name} scored nothing`);
    progress.report('done', 1, 1, `${entity.name}: quality ${assessed.quality_score ?? 'not assessed'}`);
    return {
      entity: assessed,
      checks_created: survey.checksAdded,
      checks: report.checks,
      statements,
      duration_ms: durationMs,
    };
  } catch (error) {
    progress.report('failed', 0, 1, `The analysis of ${input.entity.name} stopped`);
    throw error;
  }
}
