import type { ChartConfig } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso, parseJson, readBool, toJson } from '../../store/values.ts';
import type { ChartRecord } from './chart-record.ts';

/** The only code with SQL for `charts`; the chart builder and the agent's create_chart share it. */

export interface NewChart {
  queryId: string;
  title: string;
  config: ChartConfig;
  ownerId: string;
}

/** Stores a chart whose config the caller has checked against the query's columns. */
export async function insertChart(db: StoreDb, input: NewChart): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('charts')
    .values({
      id,
      query_id: input.queryId,
      title: input.title,
      config: toJson(normalizeConfig(input.config)),
      owner_id: input.ownerId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** `series: null` and an absent series mean the same; store one form. */
function normalizeConfig(config: ChartConfig): ChartConfig {
  const { series, ...rest } = config;
  return series === null || series === undefined ? rest : { ...rest, series };
}

function selectRecords(db: StoreDb) {
  return db
    .selectFrom('charts')
    .leftJoin('users', 'users.id', 'charts.owner_id')
    .select([
      'charts.id',
      'charts.query_id',
      'charts.title',
      'charts.config',
      'charts.owner_id',
      'users.organization_id as owner_organization_id',
      'charts.shared',
      'charts.created_at',
      'charts.updated_at',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow): ChartRecord {
  return {
    id: row.id,
    queryId: row.query_id,
    title: row.title,
    // Only configs validated by chartConfigSchema are ever written.
    config: parseJson(row.config) as ChartConfig,
    ownerId: row.owner_id,
    ownerOrganizationId: row.owner_organization_id ?? null,
    sharedWithOrganization: readBool(row.shared),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findChartById(db: StoreDb, id: string): Promise<ChartRecord | null> {
  const row = await selectRecords(db).where('charts.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findChartsByIds(db: StoreDb, ids: readonly string[]): Promise<ChartRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectRecords(db)
    .where('charts.id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}

export async function updateChart(
  db: StoreDb,
  id: string,
  changes: { title?: string; config?: ChartConfig },
): Promise<boolean> {
  const result = await db
    .updateTable('charts')
    .set({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.config === undefined ? {} : { config: toJson(normalizeConfig(changes.config)) }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteChart(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('charts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Shares the row with its owner's organisation, or makes it private again (the caller asked the policy). */
export async function setChartsShared(db: StoreDb, id: string, shared: boolean): Promise<void> {
  await db.updateTable('charts').set({ shared, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Makes every chart of the owner private again (their organisation is gone). */
export async function unshareChartsOfOwner(db: StoreDb, ownerId: string): Promise<void> {
  await db
    .updateTable('charts')
    .set({ shared: false })
    .where('owner_id', '=', ownerId)
    .where('shared', '=', true)
    .execute();
}
