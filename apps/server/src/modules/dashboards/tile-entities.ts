import type { SqlDialect, TileEntity } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { readEntityScores } from '../business-entities/entity-scores.ts';
import type { EntityIssues } from '../business-entities/entity-issues.ts';
import { tablesRead } from './tables-read.ts';

/** What finding a tile's entities needs: the store, and the issues module's open issues. */
export interface TileEntityDeps {
  db: StoreDb;
  entityIssues: EntityIssues;
}

/** An entity of the database with its table's name, in lower case. */
interface KnownEntity {
  card: TileEntity;
  schema: string;
  table: string;
}

/** Whether SQL naming `read` reads the entity's table: by its name alone, or with its schema. */
function reads(read: string, entity: KnownEntity): boolean {
  if (read === entity.table) return true;
  if (!read.endsWith(`.${entity.table}`)) return false;
  // Schema-qualified in the SQL: the same schema, or an entity whose schema is not known.
  return entity.schema === '' || read === `${entity.schema}.${entity.table}`;
}

/** A dashboard's entities, read once per database for all its tiles. */
export type TileEntityCache = Map<string, Promise<KnownEntity[]>>;

async function entitiesOf(deps: TileEntityDeps, databaseId: string): Promise<KnownEntity[]> {
  const entities = await readEntityScores({ db: deps.db, issues: deps.entityIssues }, databaseId);
  return entities.flatMap(({ table: recorded, tableRef, ...card }) => {
    // Its table as the scan recorded it, else as its card names it (`schema.table` or `table`).
    const ref = tableRef ?? '';
    const table = recorded ?? {
      schema: ref.includes('.') ? ref.slice(0, ref.lastIndexOf('.')) : '',
      name: ref.slice(ref.lastIndexOf('.') + 1),
    };
    if (table.name === '') return [];
    return [{ card, schema: table.schema.toLowerCase(), table: table.name.toLowerCase() }];
  });
}

/**
 * The business entities of the tile's database whose table its SQL reads, each with its quality
 * and completeness scores and its count of open issues: how far to trust the tile's numbers.
 */
export async function tileEntities(
  deps: TileEntityDeps,
  input: { databaseId: string; sql: string; dialect: SqlDialect; cache: TileEntityCache },
): Promise<TileEntity[]> {
  let known = input.cache.get(input.databaseId);
  if (!known) {
    known = entitiesOf(deps, input.databaseId);
    input.cache.set(input.databaseId, known);
  }
  const read = tablesRead(input.sql, input.dialect);
  return (await known)
    .filter((entity) => read.some((name) => reads(name, entity)))
    .map((entity) => entity.card);
}
