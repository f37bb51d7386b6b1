import type { CheckOrigin, CheckState, IssueSeverity, QualityDimension } from '@querent/contracts';
import {
  checkDefinitionSchema,
  checkOrigins,
  checkStates,
  issueSeverities,
  qualityDimensions,
} from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../../store/connect.ts';
import type { QualityChecksTable } from '../../../store/schema.ts';
import { newId, nowIso, parseJson, toJson } from '../../../store/values.ts';
import type { NewCheck, QualityCheckRecord } from './check-record.ts';
import { fingerprintCheck } from './check-fingerprint.ts';

/** The only code with SQL for `quality_checks`. */

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function toRecord(row: Selectable<QualityChecksTable>): QualityCheckRecord {
  return {
    id: row.id,
    databaseId: row.database_id,
    entityId: row.business_entity_id,
    title: row.title,
    table: { schema: row.schema_name, name: row.table_name },
    definition: checkDefinitionSchema.parse(parseJson(row.definition)),
    dimension: oneOf<QualityDimension>(qualityDimensions, row.dimension, 'validity'),
    severity: oneOf<IssueSeverity>(issueSeverities, row.severity, 'medium'),
    warnPercent: row.warn_percent,
    failPercent: row.fail_percent,
    origin: oneOf<CheckOrigin>(checkOrigins, row.origin, 'user'),
    state: oneOf<CheckState>(checkStates, row.state, 'proposed'),
    fingerprint: row.fingerprint,
    mutedReason: row.muted_reason,
    mutedBy: row.muted_by,
    mutedAt: row.muted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertCheck(db: StoreDb, check: NewCheck): Promise<QualityCheckRecord> {
  const now = nowIso();
  const row = await db
    .insertInto('quality_checks')
    .values({
      id: newId(),
      database_id: check.databaseId,
      business_entity_id: check.entityId,
      title: check.title,
      kind: check.definition.kind,
      schema_name: check.table.schema,
      table_name: check.table.name,
      definition: toJson(check.definition),
      dimension: check.dimension,
      severity: check.severity,
      warn_percent: check.warnPercent,
      fail_percent: check.failPercent,
      origin: check.origin,
      state: check.state,
      fingerprint: fingerprintCheck(check.table, check.definition),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findCheckById(db: StoreDb, id: string): Promise<QualityCheckRecord | null> {
  const row = await db.selectFrom('quality_checks').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findCheckByFingerprint(
  db: StoreDb,
  entityId: string,
  fingerprint: string,
): Promise<QualityCheckRecord | null> {
  const row = await db
    .selectFrom('quality_checks')
    .selectAll()
    .where('business_entity_id', '=', entityId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** An entity's checks in the order they were made (id breaks ties). */
export async function listChecksOfEntity(db: StoreDb, entityId: string): Promise<QualityCheckRecord[]> {
  const rows = await db
    .selectFrom('quality_checks')
    .selectAll()
    .where('business_entity_id', '=', entityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function listChecksOfDatabase(db: StoreDb, databaseId: string): Promise<QualityCheckRecord[]> {
  const rows = await db
    .selectFrom('quality_checks')
    .selectAll()
    .where('database_id', '=', databaseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export type CheckChanges = Partial<
  Pick<
    QualityCheckRecord,
    | 'title'
    | 'definition'
    | 'dimension'
    | 'severity'
    | 'warnPercent'
    | 'failPercent'
    | 'state'
    | 'mutedReason'
    | 'mutedBy'
    | 'mutedAt'
  >
> & { table?: QualityCheckRecord['table'] };

/** Applies the changes (a new definition gets its new fingerprint) and returns the stored check. */
export async function updateCheck(
  db: StoreDb,
  check: QualityCheckRecord,
  changes: CheckChanges,
): Promise<QualityCheckRecord> {
  const definition = changes.definition ?? check.definition;
  const table = changes.table ?? check.table;
  const row = await db
    .updateTable('quality_checks')
    .set({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.definition === undefined ? {} : { definition: toJson(definition), kind: definition.kind }),
      ...(changes.table === undefined ? {} : { schema_name: table.schema, table_name: table.name }),
      fingerprint: fingerprintCheck(table, definition),
      ...(changes.dimension === undefined ? {} : { dimension: changes.dimension }),
      ...(changes.severity === undefined ? {} : { severity: changes.severity }),
      ...(changes.warnPercent === undefined ? {} : { warn_percent: changes.warnPercent }),
      ...(changes.failPercent === undefined ? {} : { fail_percent: changes.failPercent }),
      ...(changes.state === undefined ? {} : { state: changes.state }),
      ...(changes.mutedReason === undefined ? {} : { muted_reason: changes.mutedReason }),
      ...(changes.mutedBy === undefined ? {} : { muted_by: changes.mutedBy }),
      ...(changes.mutedAt === undefined ? {} : { muted_at: changes.mutedAt }),
      updated_at: nowIso(),
    })
    .where('id', '=', check.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Proposed checks become active once they ran (a first run is an acceptance). */
export async function activateProposed(db: StoreDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('quality_checks')
    .set({ state: 'active', updated_at: nowIso() })
    .where('id', 'in', [...ids])
    .where('state', '=', 'proposed')
    .execute();
}

export async function deleteCheck(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('quality_checks').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
