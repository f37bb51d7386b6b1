import type { SchemaInfo } from '@querent/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/*
 * The names of the schema's key columns, for grids below to read as identifiers: a primary key
 * named `isbn` or `invoice` shows 9780306406157, not 9,780,306,406,157. Grids outside a provider
 * (a favourite card, with no schema at hand) go by the columns' names alone.
 */

const noKeys: ReadonlySet<string> = new Set();
const KeyColumnsContext = createContext<ReadonlySet<string>>(noKeys);

/** Lower-case names of every primary-key and foreign-key column of the schema. */
export function keyColumnNames(schema: SchemaInfo | null | undefined): ReadonlySet<string> {
  if (!schema) return noKeys;
  const names = new Set<string>();
  for (const table of schema.schemas.flatMap((item) => item.tables)) {
    for (const name of table.primaryKey) names.add(name.toLowerCase());
    for (const key of table.foreignKeys) for (const name of key.columns) names.add(name.toLowerCase());
  }
  return names;
}

export function KeyColumnsProvider({
  schema,
  children,
}: {
  schema: SchemaInfo | null | undefined;
  children: ReactNode;
}) {
  const names = useMemo(() => keyColumnNames(schema), [schema]);
  return <KeyColumnsContext value={names}>{children}</KeyColumnsContext>;
}

export function useKeyColumnNames(): ReadonlySet<string> {
  return useContext(KeyColumnsContext);
}
