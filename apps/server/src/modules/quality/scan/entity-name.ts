import { singular, splitWords } from '../../../text/words.ts';

/*
 * A business entity's name from its table's: its words in lower case, the last one singular,
 * capitalised ("order_lines" → "Order line", "InvoiceLine" → "Invoice line").
 */

export function entityNameOf(table: string): string {
  const words = splitWords(table).map((word) => word.toLowerCase());
  const last = words.pop();
  if (last === undefined) return table;
  const text = [...words, singular(last)].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
