import type { SchemaInfo } from '@querent/contracts';
import type { Actor } from '../../modules/access/can.ts';
import type { DatabaseRecord } from '../../modules/databases/database-record.ts';
import { profileTable } from '../../modules/quality/scan/profile-table.ts';
import type { SqlRunDeps } from '../../modules/sql-runs/sql-run-deps.ts';
import { type ColumnProfileEntry, profileEntriesOf } from './column-profiles.ts';

/**
 * The column profiles a proposal uses, measured the way the data-quality scan measures them
 * (profileTable: one aggregate per table, one more for the values of text with few of them),
 * read-only through the one SQL path, for the actor. Tables are read one after another, not at
 * once, to keep the load on the user's database to one statement at a time; a table that cannot
 * be read is left out (the proposal then reads its columns by name and type alone).
 */
export async function profileColumns(
  deps: SqlRunDeps,
  input: { database: DatabaseRecord; actor: Actor; schema: SchemaInfo; signal?: AbortSignal | undefined },
): Promise<ColumnProfileEntry[]> {
  const entries: ColumnProfileEntry[] = [];
  for (const group of input.schema.schemas) {
    for (const info of group.tables) {
      if (input.signal?.aborted === true) return entries;
      const profile = await profileTable(deps, {
        database: input.database,
        actor: input.actor,
        table: { schema: group.name, name: info.name },
        info,
        signal: input.signal,
      });
      entries.push(...profileEntriesOf(group.name, info.name, profile));
    }
  }
  return entries;
}
