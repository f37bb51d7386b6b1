import type { SchemaTable } from './schema-tables.ts';
import { isFocused, tableDescription } from './schema-tables.ts';

// Names that usually mean a copy or scratch table, not where the answer lives.
const scratchName = /(^|_)(tmp|temp|bak|backup|old|archive|test|copy)(_|\d|$)/i;

/**
 * Orders tables by how likely a question is about them: the project's tables first, then those
 * other tables point to, the documented, the large; scratch copies and views last. The summary
 * keeps the head of this list when the schema is too big to show whole.
 */
export function rankTables(tables: readonly SchemaTable[], focus: ReadonlySet<string>): SchemaTable[] {
  const score = (entry: SchemaTable): number => {
    let value = 0;
    if (isFocused(entry, focus)) value += 1000;
    value += Math.min(entry.referencedBy.length, 5) * 2;
    if (tableDescription(entry.table)) value += 2;
    if (entry.table.rowEstimate !== null && entry.table.rowEstimate > 0) {
      value += Math.min(Math.log10(entry.table.rowEstimate), 7) / 2;
    }
    if (entry.table.kind === 'view') value -= 0.5;
    if (scratchName.test(entry.table.name)) value -= 4;
    return value;
  };
  return tables
    .map((entry) => ({ entry, score: score(entry) }))
    .sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
    .map(({ entry }) => entry);
}
