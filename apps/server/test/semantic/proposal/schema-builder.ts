import type { SchemaInfo, TableInfo } from '@querent/contracts';

/*
 * Schemas written by hand for the proposer's suites: a table is its name, its columns as
 * `name type` pairs, and optionally its key and foreign keys.
 */

export interface TableSpec {
  name: string;
  columns: readonly (readonly [string, string])[];
  primaryKey?: string[];
  foreignKeys?: { columns: string[]; table: string; to: string[] }[];
  comment?: string;
  kind?: 'table' | 'view';
}

export function table(spec: TableSpec, schema = 'public'): TableInfo {
  return {
    name: spec.name,
    kind: spec.kind ?? 'table',
    comment: spec.comment ?? null,
    rowEstimate: null,
    columns: spec.columns.map(([name, type]) => ({
      name,
      type,
      nullable: !(spec.primaryKey ?? []).includes(name),
      comment: null,
      dbtDescription: null,
    })),
    primaryKey: spec.primaryKey ?? [],
    foreignKeys: (spec.foreignKeys ?? []).map((foreignKey) => ({
      name: null,
      columns: foreignKey.columns,
      references: { schema, table: foreignKey.table, columns: foreignKey.to },
    })),
    dbtDescription: null,
  };
}

export function schemaOf(tables: readonly TableSpec[], schema = 'public'): SchemaInfo {
  return {
    schemas: [{ name: schema, tables: tables.map((spec) => table(spec, schema)) }],
    introspectedAt: '2026-11-28T00:00:00.000Z',
  };
}

/** The schema without any declared foreign key, as SQLite files and warehouses often are. */
export function withoutForeignKeys(schema: SchemaInfo): SchemaInfo {
  return {
    ...schema,
    schemas: schema.schemas.map((group) => ({
      ...group,
      tables: group.tables.map((info) => ({ ...info, foreignKeys: [] })),
    })),
  };
}
