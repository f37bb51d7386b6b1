import type { FilterValue, TileData } from '@querent/contracts';
import { engineDescriptors, tileNoAccess } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { databaseSeenBy, findDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import { findQueryWithDatabase } from '../queries/query-access.ts';
import { compileForDatabase } from '../semantic-models/compile-for-database.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import type { BoundValue } from '../../connectors/index.ts';
import type { SqlRunRecorder } from '../sql-runs/sql-run-recorder.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import type { TileRecord } from './dashboard-record.ts';
import { filterMetricQuery } from './filter-metric-query.ts';
import { type TileEntityCache, tileEntities } from './tile-entities.ts';
import { distinctValuesSql, filterQuerySql } from './filter-query-sql.ts';

/** A tile draws a table or a chart: a thousand rows is more than either shows. */
export const tileRowCap = 1000;

/** A view of a dashboard keeps nothing: not the viewer's history, not the query's last result. */
const notKept: SqlRunRecorder = { record: () => Promise.resolve('dashboard-tile') };

type DataTile = Exclude<TileRecord, { kind: 'text' }>;

/** A dashboard filter the tile follows: by a result column (query tile) or a dimension (metric tile). */
export interface TileFilter {
  column?: string | undefined;
  dimension?: string | undefined;
  value: FilterValue;
}

function failed(tileId: string, error: string, computedAt: string | null): TileData {
  return { tileId, columns: [], rows: [], count: null, truncated: false, computedAt, error, entities: [] };
}

/** What a tile says when the viewer may not run SQL on its database: never its data. */
function noAccess(tileId: string): TileData {
  return failed(tileId, tileNoAccess, null);
}

/** The SQL a tile runs, or what it says instead. */
async function tileSql(
  deps: DashboardDeps,
  viewer: Actor,
  tile: DataTile,
  filters: readonly TileFilter[],
  valuesOf: string | undefined,
): Promise<{ sql: string; params: BoundValue[]; database: DatabaseRecord } | TileData> {
  if (tile.kind === 'query') {
    if (tile.queryId === null) return failed(tile.id, 'The saved query of this tile was deleted', null);
    const found = await findQueryWithDatabase(deps.db, tile.queryId);
    if (found === null) return failed(tile.id, 'The saved query of this tile was deleted', null);
    if (found.database === null || !can(viewer, 'run', databaseSubject(found.database)))
      return noAccess(tile.id);
    const columns = filters.flatMap(({ column, value }) => (column === undefined ? [] : [{ column, value }]));
    try {
      const dialect = engineDescriptors[found.database.engine].dialect.name;
      const sql =
        valuesOf === undefined ? found.query.sql : distinctValuesSql(found.query.sql, dialect, valuesOf);
      const filtered = filterQuerySql(sql, dialect, columns);
      return { ...filtered, database: found.database };
    } catch (error) {
      if (error instanceof AppError) return failed(tile.id, error.message, null);
      throw error;
    }
  }
  const database = tile.databaseId === null ? null : await findDatabase(deps.db, tile.databaseId);
  if (database === null || !can(viewer, 'run', databaseSubject(database))) return noAccess(tile.id);
  try {
    const dimensions = filters.flatMap(({ dimension, value }) =>
      dimension === undefined ? [] : [{ dimension, value }],
    );
    const query = filterMetricQuery(tile.metricQuery, dimensions);
    const compiled = await compileForDatabase(deps, { database, query });
    return { sql: compiled.sql, params: [], database };
  } catch (error) {
    // The model changed since the tile was made: the tile says why, the others still show.
    if (error instanceof AppError) return failed(tile.id, error.message, null);
    throw error;
  }
}

/**
 * Runs one query or metric tile for the viewer through the one SQL path: their access (no `run`
 * on the database is "no access", with no data), read-only, rows bounded, nothing recorded. The
 * dashboard's filters it follows narrow it: a query's SQL as a subquery with bound values, a
 * metric query with conditions on the dimensions. A
 * failing statement, or a run refused (no credits), is the tile's error; the others still show.
 */
export async function runTile(
  deps: DashboardDeps,
  input: {
    viewer: Actor;
    tile: DataTile;
    /** The dashboard's filters this tile follows, with their values. */
    filters?: readonly TileFilter[];
    /** Instead of the tile's rows, the distinct values of this result column of a query tile (a filter's choices). */
    valuesOf?: string;
    /** Fewer rows than a tile shows. */
    rowCap?: number;
    signal?: AbortSignal | undefined;
    /** The dashboard's entities, read once for all its tiles; without it the tile names none. */
    entities?: TileEntityCache | undefined;
  },
): Promise<TileData> {
  const { viewer, tile } = input;
  const source = await tileSql(deps, viewer, tile, input.filters ?? [], input.valuesOf);
  if (!('sql' in source)) return source;
  try {
    const run = await runSql(
      deps,
      {
        purpose: 'dashboard',
        actor: viewer,
        database: databaseSeenBy(viewer, source.database),
        sql: source.sql,
        params: source.params,
        readOnly: true,
        rowCap: Math.min(input.rowCap ?? tileRowCap, tileRowCap),
        signal: input.signal,
      },
      notKept,
    );
    if (!run.ok) return failed(tile.id, run.error.message, run.ranAt);
    const { result } = run;
    const entities = input.entities
      ? await tileEntities(deps, {
          databaseId: source.database.id,
          sql: source.sql,
          dialect: engineDescriptors[source.database.engine].dialect.name,
          cache: input.entities,
        })
      : [];
    return {
      tileId: tile.id,
      columns: result.columns,
      rows: result.rows,
      count: result.count,
      truncated: result.truncated,
      computedAt: run.ranAt,
      error: null,
      entities,
    };
  } catch (error) {
    if (error instanceof AppError) return failed(tile.id, error.message, null);
    throw error;
  }
}
