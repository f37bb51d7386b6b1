import type { BigQuery, Table } from '@google-cloud/bigquery';
import { type BigQueryField, bigQueryTypeName } from './values.ts';
import type { SchemaInfo, TableSchema } from '../connector.ts';
import { groupTables } from '../schema-builder.ts';

/** Table metadata requests in flight at once: enough to be quick, few enough to stay under API rate limits. */
const parallelRequests = 8;

interface TableMetadata {
  type?: string;
  description?: string;
  numRows?: string | number;
  schema?: { fields?: BigQueryField[] };
  tableConstraints?: {
    primaryKey?: { columns?: string[] };
    foreignKeys?: {
      name?: string;
      referencedTable?: { datasetId?: string; tableId?: string };
      columnReferences?: { referencingColumn?: string; referencedColumn?: string }[];
    }[];
  };
}

/**
 * Every dataset of the project (one schema each) and its tables through the API: tables.get gives
 * the columns with descriptions, the row count BigQuery keeps (numRows) and the primary and
 * foreign keys it records (unenforced). `race` bounds each call by the time limit.
 */
export async function introspectBigQuery(
  client: BigQuery,
  race: <T>(work: Promise<T>) => Promise<T>,
): Promise<SchemaInfo> {
  const [datasets] = await race(client.getDatasets({ autoPaginate: true }));
  const tables: Table[] = [];
  for (const dataset of datasets) {
    const [found] = await race(dataset.getTables({ autoPaginate: true }));
    tables.push(...found);
  }
  const entries: { schema: string; table: TableSchema }[] = [];
  for (let start = 0; start < tables.length; start += parallelRequests) {
    const batch = tables.slice(start, start + parallelRequests);
    const described = await race(
      Promise.all(batch.map(async (table) => (await table.getMetadata())[0] as TableMetadata)),
    );
    batch.forEach((table, index) => {
      entries.push({
        schema: table.dataset.id ?? '',
        table: tableSchema(table.id ?? '', described[index] ?? {}),
      });
    });
  }
  return groupTables(entries);
}

function tableSchema(name: string, metadata: TableMetadata): TableSchema {
  const isView = metadata.type === 'VIEW' || metadata.type === 'MATERIALIZED_VIEW';
  const rows = metadata.numRows === undefined ? null : Number(metadata.numRows);
  return {
    name,
    kind: isView ? 'view' : 'table',
    comment: metadata.description ?? null,
    rowEstimate: isView || rows === null || !Number.isFinite(rows) ? null : rows,
    columns: (metadata.schema?.fields ?? []).map((field) => ({
      name: field.name ?? '',
      type: bigQueryTypeName(field),
      nullable: field.mode !== 'REQUIRED',
      comment: field.description ?? null,
    })),
    primaryKey: metadata.tableConstraints?.primaryKey?.columns ?? [],
    foreignKeys: (metadata.tableConstraints?.foreignKeys ?? []).map((key) => ({
      name: key.name ?? null,
      columns: (key.columnReferences ?? []).map((reference) => reference.referencingColumn ?? ''),
      references: {
        schema: key.referencedTable?.datasetId ?? '',
        table: key.referencedTable?.tableId ?? '',
        columns: (key.columnReferences ?? []).map((reference) => reference.referencedColumn ?? ''),
      },
    })),
  };
}
