import { columnNameRead } from '../../text/column-prefix.ts';
import type { NameReading } from './name-reading.ts';
import { readName } from './name-reading.ts';

/*
 * A column's name read as the proposer reads names, past its table's shared prefix
 * (`text/column-prefix.ts`): "o_orderdate" reads as order, date.
 */

export function readColumn(table: { columns: readonly { name: string }[] }, name: string): NameReading {
  return readName(columnNameRead(table, name));
}
