import type { TableInfo } from '@querent/contracts';
import type { SchemaInfo as IntrospectedSchema, TableSchema } from '../../connectors/connector.ts';
import type { DbtRelation, DbtRelations } from './dbt-artifacts.ts';
import type { DbtMetric } from './dbt-semantics.ts';

export interface BrowsableSchema {
  schemas: { name: string; tables: TableInfo[] }[];
  dbtMetrics?: DbtMetric[];
}

/** Finds a dbt relation by schema and name; warehouses fold case differently, so matching ignores it. */
class RelationIndex {
  readonly #byQualifiedName = new Map<string, DbtRelation>();
  readonly #byName = new Map<string, DbtRelation[]>();

  constructor(relations: DbtRelations | null) {
    for (const relation of relations?.relations ?? []) {
      const name = relation.name.toLowerCase();
      if (relation.schema !== null)
        this.#byQualifiedName.set(`${relation.schema.toLowerCase()}.${name}`, relation);
      this.#byName.set(name, [...(this.#byName.get(name) ?? []), relation]);
    }
  }

  /**
   * By schema and name first; by name alone when only one relation has it, because some engines
   * name schemas differently from dbt's profile (SQLite's `main`, DuckDB's file name).
   */
  find(schema: string, table: string): DbtRelation | null {
    const name = table.toLowerCase();
    const exact = this.#byQualifiedName.get(`${schema.toLowerCase()}.${name}`);
    if (exact) return exact;
    const candidates = this.#byName.get(name);
    return candidates?.length === 1 ? (candidates[0] ?? null) : null;
  }
}

function columnDescription(relation: DbtRelation | null, column: string): string | null {
  if (!relation) return null;
  const name = column.toLowerCase();
  return relation.columns.find((entry) => entry.name.toLowerCase() === name)?.description ?? null;
}

function mergeTable(
  table: TableSchema,
  described: DbtRelation | null,
  commented: DbtRelation | null,
): TableInfo {
  // The manifest holds what the dbt project's authors wrote; the catalog only echoes database comments.
  const tableDescription = described?.description ?? commented?.description ?? null;
  return {
    name: table.name,
    kind: table.kind,
    comment: table.comment ?? tableDescription,
    rowEstimate: table.rowEstimate,
    primaryKey: table.primaryKey,
    foreignKeys: table.foreignKeys,
    dbtDescription: tableDescription,
    ...(described?.tests?.length ? { dbtTests: described.tests } : {}),
    columns: table.columns.map((column) => {
      const description =
        columnDescription(described, column.name) ?? columnDescription(commented, column.name) ?? null;
      return {
        name: column.name,
        type: column.type,
        nullable: column.nullable,
        comment: column.comment ?? description,
        dbtDescription: description,
      };
    }),
  };
}

/**
 * The schema as the user browses it and the agent reads it: the engine's own comments win, and
 * dbt's descriptions fill the gaps and are also kept apart as `dbtDescription`; dbt's tests go
 * with their tables and its metrics with the schema.
 */
export function mergeDbtDescriptions(
  schema: IntrospectedSchema,
  dbt: { manifest: DbtRelations | null; catalog: DbtRelations | null },
): BrowsableSchema {
  const manifest = new RelationIndex(dbt.manifest);
  const catalog = new RelationIndex(dbt.catalog);
  const metrics = dbt.manifest?.metrics ?? [];
  return {
    ...(metrics.length > 0 ? { dbtMetrics: metrics } : {}),
    schemas: schema.schemas.map((entry) => ({
      name: entry.name,
      tables: entry.tables.map((table) =>
        mergeTable(table, manifest.find(entry.name, table.name), catalog.find(entry.name, table.name)),
      ),
    })),
  };
}
