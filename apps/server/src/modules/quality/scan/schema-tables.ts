import type { SchemaInfo } from '@querent/contracts';
import type { SchemaTableRef } from './survey-table.ts';

/** Every table and view of the schema, named as the card shows it: with its schema only when there are several. */
export function schemaTablesOf(schema: SchemaInfo): SchemaTableRef[] {
  const qualify = schema.schemas.filter((entry) => entry.tables.length > 0).length > 1;
  return schema.schemas.flatMap((entry) =>
    entry.tables.map((info) => ({
      table: { schema: entry.name, name: info.name },
      info,
      ref: qualify && entry.name !== '' ? `${entry.name}.${info.name}` : info.name,
    })),
  );
}

export const tableKeyOf = (table: { schema: string; name: string }): string =>
  `${table.schema.toLowerCase()}\u0000${table.name.toLowerCase()}`;
