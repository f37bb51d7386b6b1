/*
 * Abbreviations of database names spelled out ("cust_qty" → customer, quantity), shared by the
 * semantic model's proposer and the offline analyst's reading of a schema, so both read a column
 * by the same words.
 */

// Abbreviations common in column and table names, with the words they stand for. Only those that
// read one way in a schema: "inv" (invoice or inventory) and "hr" (hour or human resources) do not.
const abbreviations = new Map<string, readonly string[]>([
  ['qty', ['quantity']],
  ['amt', ['amount']],
  ['amnt', ['amount']],
  ['desc', ['description']],
  ['descr', ['description']],
  ['cust', ['customer']],
  ['num', ['number']],
  ['nbr', ['number']],
  ['dt', ['date']],
  ['addr', ['address']],
  ['prod', ['product']],
  ['cat', ['category']],
  ['dept', ['department']],
  ['emp', ['employee']],
  ['mgr', ['manager']],
  ['acct', ['account']],
  ['txn', ['transaction']],
  ['org', ['organization']],
  ['pct', ['percent']],
  ['avg', ['average']],
  ['ts', ['timestamp']],
  ['tms', ['timestamp']],
  ['tstamp', ['timestamp']],
  ['yr', ['year']],
  ['qtr', ['quarter']],
  ['cnt', ['count']],
  ['val', ['value']],
  ['ref', ['reference']],
  ['seq', ['sequence']],
  ['src', ['source']],
  ['ctry', ['country']],
  ['ccy', ['currency']],
  ['curr', ['currency']],
  ['tel', ['telephone']],
  ['fname', ['first', 'name']],
  ['lname', ['last', 'name']],
  ['dob', ['date', 'of', 'birth']],
  ['uom', ['unit', 'of', 'measure']],
  ['lat', ['latitude']],
  ['lng', ['longitude']],
  ['lon', ['longitude']],
  ['cd', ['code']],
  ['nm', ['name']],
  ['loc', ['location']],
  ['msg', ['message']],
  ['tot', ['total']],
  ['pmt', ['payment']],
  ['prc', ['price']],
  ['disc', ['discount']],
]);

/** The abbreviations of three letters or more, as words a name may be made of ("CUSTNAME"). */
export const abbreviationWords: ReadonlySet<string> = new Set(
  [...abbreviations.keys()].filter((abbreviation) => abbreviation.length >= 3),
);

/** "no" is "number" after a noun ("invoice_no") or before "of" ("no_of_items"), and a word otherwise ("no_show"). */
function meansNumber(written: readonly string[], index: number): boolean {
  return index === written.length - 1 ? index > 0 : written[index + 1] === 'of';
}

/** Words of a name (lower case, as written) with its abbreviations spelled out: "invoice_no" → invoice, number. */
export function spellOut(written: readonly string[]): string[] {
  return written.flatMap((word, index) => {
    if (word === 'no' && meansNumber(written, index)) return ['number'];
    return abbreviations.get(word) ?? [word];
  });
}
