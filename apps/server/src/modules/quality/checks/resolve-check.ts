import type { CheckDefinition, ColumnFamily, TableInfo, TableName } from '@querent/contracts';
import { columnFamily } from '@querent/contracts';
import type { TableLookup } from '../runs/table-lookup.ts';
import { findColumn } from '../runs/table-lookup.ts';

export type Resolution =
  | {
      ok: true;
      /** The definition with every name spelled as the database has it. */
      definition: CheckDefinition;
      /** Families of the checked table's columns, by exact name. */
      families: ReadonlyMap<string, ColumnFamily>;
    }
  | { ok: false; reason: string };

const refuse = (reason: string): Resolution => ({ ok: false, reason });

function columnsOf(table: TableInfo, tableName: string, names: readonly string[]): string[] | string {
  const found: string[] = [];
  for (const name of names) {
    const column = findColumn(table, name);
    if (column === null) return `Column ${name} was not found in ${tableName}`;
    found.push(column);
  }
  return found;
}

/**
 * A check's definition against the table as introspected now: its columns exist (spelled as the
 * database spells them), a referenced table and its columns exist, a validity check has accepted
 * values or a range (not both, a range on numbers only). Schema checks always resolve: a missing
 * column is what they report.
 */
export function resolveCheck(
  definition: CheckDefinition,
  table: TableInfo,
  tableName: TableName,
  lookup: TableLookup,
): Resolution {
  const families = new Map(table.columns.map((column) => [column.name, columnFamily(column.type)]));
  if (definition.kind === 'schema') return { ok: true, definition, families };
  const columns = columnsOf(table, tableName.name, definition.columns);
  if (typeof columns === 'string') return refuse(columns);
  switch (definition.kind) {
    case 'integrity': {
      const { references } = definition.params;
      if (references.columns.length !== columns.length) {
        return refuse(
          `${columns.length} column${columns.length > 1 ? 's' : ''} cannot reference ${references.columns.length}`,
        );
      }
      const target = { schema: references.schema || tableName.schema, name: references.table };
      const parent = lookup.find(target);
      if (!parent) return refuse(`Referenced table ${references.table} was not found`);
      const refColumns = columnsOf(parent, parent.name, references.columns);
      if (typeof refColumns === 'string') return refuse(refColumns);
      return {
        ok: true,
        families,
        definition: {
          ...definition,
          columns,
          params: { references: { schema: target.schema, table: parent.name, columns: refColumns } },
        },
      };
    }
    case 'validity': {
      const { accepted_values: values, min, max } = definition.params;
      const ranged = min !== undefined || max !== undefined;
      if (values && ranged) return refuse('A validity check takes accepted values or a range, not both');
      if (!values && !ranged) return refuse('A validity check needs accepted values or a range (min, max)');
      if (ranged && families.get(columns[0] ?? '') !== 'number') {
        return refuse(`A range needs a numeric column; ${columns[0] ?? ''} is not one`);
      }
      if (min !== undefined && max !== undefined && min > max)
        return refuse('The range’s min is above its max');
      return { ok: true, families, definition: { ...definition, columns } };
    }
    default:
      return { ok: true, families, definition: { ...definition, columns } as CheckDefinition };
  }
}
