import type { SchemaInfo } from '@querent/contracts';
import { estimateTokens } from '../token-estimate.ts';
import { rankTables } from './rank-tables.ts';
import type { SchemaTable } from './schema-tables.ts';
import { describeOf, listSchemaTables, tableDescription } from './schema-tables.ts';

type Detail = 'full' | 'columns' | 'name';

export interface SchemaSummary {
  text: string;
  shown: number;
  omitted: number;
}

function rows(entry: SchemaTable): string {
  const estimate = entry.table.rowEstimate;
  const kind = entry.table.kind === 'view' ? 'view' : '';
  const size = estimate === null ? '' : `~${estimate.toLocaleString('en-US')} rows`;
  const facts = [kind, size].filter(Boolean).join(', ');
  return facts ? ` (${facts})` : '';
}

function renderTable(entry: SchemaTable, detail: Detail): string {
  const { table } = entry;
  if (detail === 'name') return `- ${entry.name}${rows(entry)}: ${table.columns.length} columns`;
  const references = new Map<string, string>();
  for (const key of table.foreignKeys) {
    key.columns.forEach((column, index) => {
      const target = key.references.columns[index];
      references.set(column, `${key.references.table}${target ? `.${target}` : ''}`);
    });
  }
  const limit = detail === 'full' ? table.columns.length : 30;
  const columns = table.columns.slice(0, limit).map((column) => {
    const marks = [
      table.primaryKey.includes(column.name) ? 'PK' : '',
      references.has(column.name) ? `→${references.get(column.name)}` : '',
    ].filter(Boolean);
    const note = detail === 'full' ? describeOf(column.comment ?? column.dbtDescription, 80) : null;
    return `${column.name} ${column.type}${marks.length ? ` ${marks.join(' ')}` : ''}${note ? ` "${note}"` : ''}`;
  });
  if (table.columns.length > limit) columns.push(`…+${table.columns.length - limit} more`);
  const description = describeOf(tableDescription(table), detail === 'full' ? 200 : 80);
  return `- ${entry.name}${rows(entry)}${description ? ` — ${description}` : ''}: ${columns.join(', ')}`;
}

/**
 * The schema as the analyst first sees it, within a token budget however large the database is.
 * It is shown whole when it fits, else with fewer details, else the best-ranked tables only, and
 * says how many were left out so the analyst knows to search for them.
 */
export function summarizeSchema(
  schema: SchemaInfo,
  options: { focus: ReadonlySet<string>; budgetTokens: number },
): SchemaSummary {
  return summarizeTables(listSchemaTables(schema), options);
}

/** The summary of tables already flattened (a schema snapshot keeps them). */
export function summarizeTables(
  tables: readonly SchemaTable[],
  options: { focus: ReadonlySet<string>; budgetTokens: number },
): SchemaSummary {
  const ranked = rankTables(tables, options.focus);
  if (ranked.length === 0) return { text: '(no tables found)', shown: 0, omitted: 0 };
  for (const detail of ['full', 'columns'] as const) {
    // Rendered line by line and given up at the first line past the budget: a schema of
    // thousands of tables is not written out whole only to be found too long.
    const lines: string[] = [];
    let used = 0;
    for (const entry of ranked) {
      const line = renderTable(entry, detail);
      used += estimateTokens(line) + 1;
      if (used > options.budgetTokens) break;
      lines.push(line);
    }
    if (lines.length === ranked.length) return { text: lines.join('\n'), shown: ranked.length, omitted: 0 };
  }
  // Too big even with fewer details: the head of the ranking with its columns, then names only.
  const lines: string[] = [];
  let used = 0;
  let index = 0;
  for (const [detail, share] of [
    ['columns', 0.75],
    ['name', 0.95],
  ] as const) {
    for (; index < ranked.length; index += 1) {
      const entry = ranked[index];
      if (!entry) break;
      const line = renderTable(entry, detail);
      const cost = estimateTokens(line) + 1;
      if (used + cost > options.budgetTokens * share) break;
      lines.push(line);
      used += cost;
    }
  }
  const omitted = ranked.length - lines.length;
  lines.push(
    `(${omitted} more table${omitted === 1 ? '' : 's'} not listed: use search_schema to find them by name, column or description.)`,
  );
  return { text: lines.join('\n'), shown: ranked.length - omitted, omitted };
}
