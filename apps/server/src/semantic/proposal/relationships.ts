import type { Relationship } from '@querent/contracts';
import { readColumn } from './column-prefix.ts';
import { readName } from './name-reading.ts';
import type { SchemaTable } from './schema-tables.ts';
import { compactWords } from './schema-tables.ts';
import { NameScope, snakeName } from './semantic-names.ts';
import type { TableReference } from './table-references.ts';

/*
 * Relationships from the references between datasets, always from the referring side: many rows
 * point at one (many_to_one), or one at one when the referring columns are the referring
 * dataset's own key (a table extending another). Named after the referring dataset and the role
 * its columns give the target: invoice_customer, customer_support_rep, employee_reports_to.
 */

const markers = new Set(['id', 'key', 'identifier', 'fk']);

/**
 * The words of a reference's role: its column's name without the marker ("support_rep_id" →
 * support, rep), as written and spelled out; none for a reference of several columns.
 */
function namingOf(
  table: { columns: readonly { name: string }[] },
  columns: readonly string[],
): { written: string[]; words: string[] } {
  if (columns.length !== 1) return { written: [], words: [] };
  const reading = readColumn(table, columns[0] ?? '');
  const strip = (words: readonly string[]) => {
    const kept = words.filter(
      (word, index) => !(markers.has(word) && (index === 0 || index === words.length - 1)),
    );
    return kept.length > 0 ? kept : [...words];
  };
  return { written: strip(reading.written), words: strip(reading.words) };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

export function proposeRelationships(input: {
  references: readonly TableReference[];
  /** The dataset each included table became, with its key. */
  datasets: ReadonlyMap<SchemaTable, { name: string; key: readonly string[] }>;
}): Relationship[] {
  const scope = new NameScope();
  const relationships: Relationship[] = [];
  for (const reference of input.references) {
    const from = input.datasets.get(reference.from);
    const to = input.datasets.get(reference.to);
    if (!from || !to) continue;
    const naming = namingOf(reference.from.info, reference.columns);
    // "customer_id", "cust_id", "CUSTOMERID" only name the target: the relationship takes its name.
    const target = compactWords(readName(to.name).words);
    const compactNaming = compactWords(naming.words);
    const namesTarget =
      naming.words.length === 0 || compactNaming === target || compactNaming === `${target}id`;
    const name = scope.claim(
      snakeName([from.name, ...(namesTarget ? [to.name] : naming.written)], 'relationship'),
    );
    relationships.push({
      name,
      from: { dataset: from.name, columns: [...reference.columns] },
      to: { dataset: to.name, columns: [...reference.toColumns] },
      cardinality: sameSet(reference.columns, from.key) ? 'one_to_one' : 'many_to_one',
      description: reference.inferred
        ? `Inferred from the column name ${reference.columns.join(', ')}: the database declares no foreign key.`
        : null,
    });
  }
  return relationships.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
