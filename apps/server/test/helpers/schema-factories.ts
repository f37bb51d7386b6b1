import type { SchemaInfo, TableInfo } from '@querent/contracts';

/** A table as introspection describes it: integer columns, the first one its key, no comments. */
export function makeTable(name: string, columns: string[], extra: Partial<TableInfo> = {}): TableInfo {
  return {
    name,
    kind: 'table',
    comment: null,
    rowEstimate: null,
    dbtDescription: null,
    primaryKey: [columns[0] ?? 'id'],
    foreignKeys: [],
    columns: columns.map((column) => ({
      name: column,
      type: 'integer',
      nullable: false,
      comment: null,
      dbtDescription: null,
    })),
    ...extra,
  };
}

/** A database of one schema holding `tables`, introspected at a fixed time. */
export function makeSchema(tables: TableInfo[], schema = 'main'): SchemaInfo {
  return { introspectedAt: '2026-01-01T00:00:00.000Z', schemas: [{ name: schema, tables }] };
}
