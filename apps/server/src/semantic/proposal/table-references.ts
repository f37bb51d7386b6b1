import { columnFamily } from '@querent/contracts';
import { readColumn } from './column-prefix.ts';
import { compactWords, type SchemaTable } from './schema-tables.ts';

/*
 * Which tables point at which: the declared foreign keys, or, when the database declares none at
 * all (SQLite files, warehouses), references read from column names. A column refers to another
 * table when it carries that table's key name ("CustomerId" in Invoice, Customer's key), or when
 * it is that table's name marked as a reference ("customer_id", "CustomerID", "Customer ID",
 * "cust_id", "fk_customer", "billing_customer_id"). A name that fits several tables refers to none.
 */

export interface TableReference {
  from: SchemaTable;
  columns: string[];
  to: SchemaTable;
  toColumns: string[];
  /** Read from the column's name: no foreign key says so. */
  inferred: boolean;
}

const markers = new Set(['id', 'key', 'identifier', 'fk']);

/** The words a column names its target with: "billing_customer_id" → billing, customer; null when unmarked. */
function targetWords(words: readonly string[]): string[] | null {
  const [first, ...rest] = words;
  if (first === 'fk' && rest.length > 0) return markers.has(rest.at(-1) ?? '') ? rest.slice(0, -1) : rest;
  if (words.length > 1 && markers.has(words.at(-1) ?? '')) return words.slice(0, -1);
  // "CUSTOMERID", "customerid": one word ending in its marker.
  if (first !== undefined && rest.length === 0 && /^[a-z]{2,}id$/.test(first)) return [first.slice(0, -2)];
  return null;
}

function endsWithWords(words: readonly string[], tail: string): boolean {
  for (let start = 1; start < words.length; start += 1) {
    if (compactWords(words.slice(start)) === tail) return true;
  }
  return false;
}

function declaredReferences(tables: readonly SchemaTable[]): TableReference[] {
  const byName = new Map(tables.map((table) => [JSON.stringify([table.schema, table.info.name]), table]));
  return tables.flatMap((from) =>
    from.info.foreignKeys.flatMap((foreignKey) => {
      const to = byName.get(JSON.stringify([foreignKey.references.schema, foreignKey.references.table]));
      const targetColumns = new Set(to?.info.columns.map((column) => column.name));
      if (
        !to ||
        foreignKey.columns.length !== foreignKey.references.columns.length ||
        !foreignKey.references.columns.every((name) => targetColumns.has(name))
      ) {
        return [];
      }
      return [
        { from, columns: foreignKey.columns, to, toColumns: foreignKey.references.columns, inferred: false },
      ];
    }),
  );
}

/** One target among candidates: the only one, or the only one in the referring table's schema. */
function single(candidates: readonly SchemaTable[], from: SchemaTable): SchemaTable | null {
  if (candidates.length === 1) return candidates[0] ?? null;
  const near = candidates.filter((table) => table.schema === from.schema);
  return near.length === 1 ? (near[0] ?? null) : null;
}

function sameKind(typeA: string, typeB: string): boolean {
  const [a, b] = [columnFamily(typeA), columnFamily(typeB)];
  return a === b || a === 'other' || b === 'other';
}

function inferredReferences(tables: readonly SchemaTable[]): TableReference[] {
  const targets = tables.filter((table) => table.key.length === 1);
  const keyColumn = (table: SchemaTable) => table.info.columns.find((column) => column.name === table.key[0]);
  const keyNames = new Map(
    targets.map((table) => [table, compactWords(readColumn(table.info, table.key[0] ?? '').words)]),
  );
  return tables.flatMap((from) =>
    from.info.columns.flatMap((column) => {
      const others = targets.filter((table) => {
        const key = keyColumn(table);
        return table !== from && key !== undefined && sameKind(column.type, key.type);
      });
      const words = readColumn(from.info, column.name).words;
      const compact = compactWords(words);
      const marked = targetWords(words);
      // "customer_id" of customers names its own table, whatever other schemas hold.
      if (marked !== null && from.forms.includes(compactWords(marked))) return [];
      // A table's own key shares its name with the key of a table extending it ("customer_id" of
      // customer and of customer_detail): only its name's words may point it elsewhere.
      const ownKey = from.key.length === 1 && from.key[0] === column.name;
      const sameKeyName = ownKey
        ? []
        : others.filter((table) => {
            const keyName = keyNames.get(table);
            return keyName !== 'id' && keyName === compact;
          });
      const named =
        marked === null ? [] : others.filter((table) => table.forms.includes(compactWords(marked)));
      const roleNamed =
        marked === null
          ? []
          : others.filter((table) => table.forms.some((form) => endsWithWords(marked, form)));
      const to = single(sameKeyName, from) ?? single(named, from) ?? single(roleNamed, from);
      if (to === null) return [];
      return [{ from, columns: [column.name], to, toColumns: [...to.key], inferred: true }];
    }),
  );
}

export function tableReferences(tables: readonly SchemaTable[]): TableReference[] {
  const declared = tables.some((table) => table.info.foreignKeys.length > 0);
  return declared ? declaredReferences(tables) : inferredReferences(tables);
}
