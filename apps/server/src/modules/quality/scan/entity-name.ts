/*
 * A business entity's name from its table's: words split at underscores and case changes, in the
 * singular, capitalised ("order_lines" → "Order line", "InvoiceLine" → "Invoice line").
 */

function singular(word: string): string {
  const lower = word.toLowerCase();
  if (/(ss|us|is|ics)$/.test(lower) || lower.length <= 3) return word;
  if (/ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(lower)) return word.slice(0, -2);
  if (/s$/.test(lower)) return word.slice(0, -1);
  return word;
}

export function entityNameOf(table: string): string {
  const words = table
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return table;
  const last = words.length - 1;
  const named = words.map((word, index) => (index === last ? singular(word) : word).toLowerCase());
  const text = named.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
