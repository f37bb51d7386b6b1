import { sql } from 'kysely';
import type { Store } from '../../src/store/connect.ts';

/** Every row of every table, each row as canonical JSON of its columns in name order. */
export type StoreSnapshot = Map<string, { columns: string[]; rows: string[] }>;

/** Tables and their columns as the store itself reports them, so no list here needs updating. */
export async function storeColumns(store: Store): Promise<Map<string, string[]>> {
  const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
  return new Map(
    tables.map((table) => [table.name, table.columns.map((column) => column.name).sort()] as const),
  );
}

function canonical(row: Record<string, unknown>, columns: readonly string[]): string {
  return JSON.stringify(columns.map((column) => [column, row[column] ?? null]));
}

/**
 * Reads `columns` of each table (the old schema's, when comparing after a migration) through the
 * store's own client, which answers both dialects alike (ISO timestamps, JSON as text).
 */
export async function snapshotStore(
  store: Store,
  columnsByTable: Map<string, string[]>,
): Promise<StoreSnapshot> {
  const snapshot: StoreSnapshot = new Map();
  for (const [table, columns] of columnsByTable) {
    const result = await sql<
      Record<string, unknown>
    >`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}`.execute(store.db);
    snapshot.set(table, { columns, rows: result.rows.map((row) => canonical(row, columns)).sort() });
  }
  return snapshot;
}

/** Rows of `before` that `after` no longer holds, as they were; an empty list means nothing was lost. */
export function lostRows(before: StoreSnapshot, after: StoreSnapshot): { table: string; row: string }[] {
  const lost: { table: string; row: string }[] = [];
  for (const [table, { rows }] of before) {
    const kept = new Set(after.get(table)?.rows ?? []);
    for (const row of rows) if (!kept.has(row)) lost.push({ table, row });
  }
  return lost;
}
