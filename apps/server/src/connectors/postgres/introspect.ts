import type pg from 'pg';
import type { SchemaInfo, TableSchema } from '../connector.ts';
import { groupTables } from '../schema-builder.ts';
import type { PostgresSessions } from './sessions.ts';

/**
 * Reads the schema from pg_catalog in three queries (relations, columns, keys) rather than per
 * table, so thousands of tables still come back in a few seconds (issue 3, item 11).
 */

const visibleRelations = `
  c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
  AND has_table_privilege(c.oid, 'SELECT')`;

const relationsSql = `
  SELECT c.oid::int8 AS oid, n.nspname AS schema, c.relname AS name, c.relkind AS kind,
         c.reltuples::float8 AS estimate, d.description AS comment
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_catalog.pg_description d
    ON d.objoid = c.oid AND d.classoid = 'pg_catalog.pg_class'::regclass AND d.objsubid = 0
  WHERE ${visibleRelations}
  ORDER BY n.nspname, c.relname`;

const columnsSql = `
  SELECT a.attrelid::int8 AS oid, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
         NOT a.attnotnull AS nullable, d.description AS comment
  FROM pg_catalog.pg_attribute a
  JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_catalog.pg_description d
    ON d.objoid = a.attrelid AND d.classoid = 'pg_catalog.pg_class'::regclass AND d.objsubid = a.attnum
  WHERE a.attnum > 0 AND NOT a.attisdropped AND ${visibleRelations}
  ORDER BY a.attrelid, a.attnum`;

const keysSql = `
  SELECT con.conrelid::int8 AS oid, con.conname AS name, con.contype AS type,
         ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, i)
               JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num
               ORDER BY k.i) AS columns,
         fn.nspname AS ref_schema, fc.relname AS ref_table,
         ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, i)
               JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num
               ORDER BY k.i) AS ref_columns
  FROM pg_catalog.pg_constraint con
  LEFT JOIN pg_catalog.pg_class fc ON fc.oid = con.confrelid
  LEFT JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace
  WHERE con.contype IN ('p', 'f')
  ORDER BY con.conrelid, con.conname`;

interface RelationRow {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  estimate: number;
  comment: string | null;
}
interface ColumnRow {
  oid: number;
  name: string;
  type: string;
  nullable: boolean;
  comment: string | null;
}
interface KeyRow {
  oid: number;
  name: string;
  type: 'p' | 'f';
  columns: string[];
  ref_schema: string | null;
  ref_table: string | null;
  ref_columns: string[];
}

export async function introspectPostgres(client: pg.ClientBase): Promise<SchemaInfo> {
  const relations = await client.query<RelationRow>(relationsSql);
  const columns = await client.query<ColumnRow>(columnsSql);
  const keys = await client.query<KeyRow>(keysSql);

  const tables = new Map<number, { schema: string; table: TableSchema }>();
  for (const row of relations.rows) {
    const isView = row.kind === 'v' || row.kind === 'm';
    tables.set(row.oid, {
      schema: row.schema,
      table: {
        name: row.name,
        kind: isView ? 'view' : 'table',
        comment: row.comment,
        // -1 (PostgreSQL 14+) or 0 with no pages means "never analyzed": no estimate rather than a wrong one.
        rowEstimate: isView || row.estimate < 0 ? null : Math.round(row.estimate),
        columns: [],
        primaryKey: [],
        foreignKeys: [],
      },
    });
  }
  for (const row of columns.rows) {
    tables.get(row.oid)?.table.columns.push({
      name: row.name,
      type: row.type,
      nullable: row.nullable,
      comment: row.comment,
    });
  }
  for (const row of keys.rows) {
    const entry = tables.get(row.oid);
    if (!entry) continue;
    if (row.type === 'p') entry.table.primaryKey = row.columns;
    else if (row.ref_schema && row.ref_table) {
      entry.table.foreignKeys.push({
        name: row.name,
        columns: row.columns,
        references: { schema: row.ref_schema, table: row.ref_table, columns: row.ref_columns },
      });
    }
  }
  return groupTables([...tables.values()]);
}

/** The schema over one leased connection, within two minutes; a stop cancels it in the server. */
export async function readPostgresSchema(sessions: PostgresSessions): Promise<SchemaInfo> {
  const lease = await sessions.acquire({ timeoutMs: 120_000, readOnly: true });
  lease.control.setCanceller(() => sessions.cancelBackend(lease.pid));
  try {
    return await lease.control.race(introspectPostgres(lease.client));
  } catch (error) {
    throw sessions.statementError(error, lease.control);
  } finally {
    await sessions.release(lease);
  }
}
