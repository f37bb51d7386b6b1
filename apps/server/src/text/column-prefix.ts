/*
 * Tables whose every column carries the table's letter ("c_custkey", "c_name", "o_orderdate"):
 * the letter says which table the column is in, nothing about the column, and the rest is often
 * written run together. Read past the letter, and split a run-together name before the word it
 * ends with ("orderdate" → order date, "custkey" → cust key), so the column reads as people say it.
 */

// Words a run-together column name commonly ends with; the part before must be 3 letters or more.
const tailWords = [
  'key',
  'id',
  'date',
  'time',
  'name',
  'price',
  'cost',
  'status',
  'type',
  'mode',
  'comment',
  'priority',
  'quantity',
  'qty',
  'amount',
  'total',
  'count',
  'number',
  'code',
  'discount',
  'tax',
];

const prefixes = new WeakMap<object, string | null>();

/** The one- or two-letter prefix every column shares ("c_"), or null; two columns at least. */
export function sharedColumnPrefix(table: { columns: readonly { name: string }[] }): string | null {
  const known = prefixes.get(table);
  if (known !== undefined) return known;
  const names = table.columns.map((column) => column.name);
  const first = /^([A-Za-z]{1,2})_[A-Za-z]/.exec(names[0] ?? '')?.[1];
  const prefix =
    first !== undefined &&
    names.length >= 2 &&
    names.every(
      (name) => name.toLowerCase().startsWith(`${first.toLowerCase()}_`) && name.length > first.length + 1,
    )
      ? `${first}_`
      : null;
  prefixes.set(table, prefix);
  return prefix;
}

/** "orderdate" → "order_date"; a name with separators or capitals, or no known ending, as it is. */
function splitRunTogether(name: string): string {
  if (!/^[a-z]+$/.test(name)) return name;
  for (const tail of tailWords) {
    if (name.endsWith(tail) && name.length - tail.length >= 3)
      return `${name.slice(0, -tail.length)}_${tail}`;
  }
  return name;
}

/** A column's name as people read it: without its table's shared prefix, run-together words split. */
export function columnNameRead(table: { columns: readonly { name: string }[] }, name: string): string {
  const prefix = sharedColumnPrefix(table);
  if (prefix === null || !name.toLowerCase().startsWith(prefix.toLowerCase())) return name;
  return splitRunTogether(name.slice(prefix.length));
}
