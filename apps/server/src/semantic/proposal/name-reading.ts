import { spellOut } from '../../text/abbreviations.ts';
import { splitRunTogether } from '../../text/run-together-words.ts';
import { foldWord, plural, singular, splitWords } from '../../text/words.ts';

/*
 * How a table or column name reads to a person: its words as written (for the model's snake_case
 * names, which stay recognisable to whoever wrote the SQL) and its words spelled out (for labels,
 * synonyms and matching), with the abbreviations of database names expanded.
 */

/** Shared by every reader of the same name: never changed once read. */
export interface NameReading {
  /** The words as written, lower case without accents: "InvoiceLines", "INVOICELINES" → invoice, lines. */
  readonly written: readonly string[];
  /** The words spelled out: "cust_qty" → customer, quantity; "invoice_no" → invoice, number. */
  readonly words: readonly string[];
}

// No engine allows names near this long (PostgreSQL 63 bytes, Snowflake 255 characters): reading
// further would only slow a proposal down over a name nobody can type.
const MAX_NAME_READ = 1000;
// A proposal reads the same names many times (each column against each table's name and key): a
// cache spares splitting them again. Emptied when full, so a long-running server keeps it small.
const MAX_CACHED = 5000;
const readings = new Map<string, NameReading>();

export function readName(name: string): NameReading {
  const read = name.slice(0, MAX_NAME_READ);
  const cached = readings.get(read);
  if (cached !== undefined) return cached;
  const reading = readWords(read);
  if (readings.size >= MAX_CACHED) readings.clear();
  readings.set(read, reading);
  return reading;
}

function readWords(name: string): NameReading {
  const parts = splitWords(name);
  // One word in one case may be several run together (INVOICEDATE); a case change would have
  // parted them already.
  const [only] = parts;
  const written =
    parts.length === 1 && only !== undefined && (only === only.toUpperCase() || only === only.toLowerCase())
      ? splitRunTogether(foldWord(only))
      : parts.map(foldWord);
  return { written, words: spellOut(written) };
}

// Words warehouses and dbt projects put around a table's subject ("dim_customer", "fct_orders",
// "orders_fact", "tbl_users", "vw_sales"): they say what kind of table it is, not what it holds.
// Not "view": a "page_view" holds views of pages.
const tableKindWords = new Set(['dim', 'dimension', 'fct', 'fact', 'tbl', 'stg', 'staging', 'vw']);

/** What a table holds, without the kind of table around it: "fct_orders" → orders; the words themselves otherwise. */
export function subjectWords(words: readonly string[]): readonly string[] {
  if (words.length < 2) return words;
  if (tableKindWords.has(words[0] ?? '')) return words.slice(1);
  if (tableKindWords.has(words.at(-1) ?? '')) return words.slice(0, -1);
  return words;
}

/** The words with the last one made singular: "invoice lines" → invoice, line. */
export function singularPhrase(words: readonly string[]): string[] {
  const last = words.at(-1);
  return last === undefined ? [] : [...words.slice(0, -1), singular(last)];
}

/** The words with the last one made plural: "order line" → order, lines. */
export function pluralPhrase(words: readonly string[]): string[] {
  const last = words.at(-1);
  return last === undefined ? [] : [...words.slice(0, -1), plural(last)];
}

// Words a label writes in capitals.
const acronyms = new Set([
  'id',
  'url',
  'uri',
  'sku',
  'vat',
  'iso',
  'ip',
  'uuid',
  'guid',
  'api',
  'ean',
  'upc',
  'isbn',
]);

/** Words as a person writes them in a label: "unit price" → "Unit price", "customer id" → "Customer ID". */
export function labelOf(words: readonly string[]): string {
  const label = words
    .map((word, index) => {
      if (acronyms.has(word)) return word.toUpperCase();
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
  return fitLabel(label);
}

/** A label as the model keeps it: at most 200 characters. */
export function fitLabel(text: string): string {
  return text.slice(0, 200);
}

/** Synonyms as the model keeps them: distinct, 1 to 100 characters, never the label, at most 50. */
export function fitSynonyms(candidates: readonly string[], label: string): string[] {
  const seen = new Set<string>([label.toLowerCase()]);
  const synonyms: string[] = [];
  for (const candidate of candidates) {
    if (candidate === '' || candidate.length > 100 || seen.has(candidate)) continue;
    seen.add(candidate);
    synonyms.push(candidate);
  }
  return synonyms.slice(0, 50);
}

/**
 * Other ways people say a name: as written when it was abbreviated ("qty"), and the singular and
 * plural of the spelled-out words; never the label itself.
 */
export function synonymsOf(reading: NameReading, label: string): string[] {
  const phrases = [
    reading.written,
    reading.words,
    singularPhrase(reading.words),
    pluralPhrase(singularPhrase(reading.words)),
    ...kindredPhrases(reading.words),
    ...withoutUnit(reading.words),
  ].map((words) => words.join(' '));
  return fitSynonyms(phrases, label);
}

// Units a name ends with that people leave out when they ask ("weight" for `WEIGHT_KG`).
const unitWords = new Set([
  'kg',
  'kgs',
  'lb',
  'lbs',
  'km',
  'mi',
  'cm',
  'mm',
  'usd',
  'eur',
  'gbp',
  'pct',
  'secs',
  'mins',
  'hrs',
  'ms',
]);

/** The name without the unit it ends with, when words are left: "weight kg" → "weight". */
function withoutUnit(words: readonly string[]): string[][] {
  const last = words.at(-1);
  return words.length > 1 && last !== undefined && unitWords.has(last) ? [words.slice(0, -1)] : [];
}

// Words people use for one another in a question: what an employee earns is their salary, pay or
// wage, whichever word the column uses.
const kindredWords: readonly (readonly string[])[] = [['salary', 'pay', 'wage', 'compensation', 'earnings']];

/** The name said with a kindred word ("annual pay" → "annual salary", "salary", "pay"): alone and in place. */
function kindredPhrases(words: readonly string[]): string[][] {
  const phrases: string[][] = [];
  for (const family of kindredWords) {
    const at = words.findIndex((word) => family.includes(word));
    const word = words[at];
    if (word === undefined) continue;
    if (words.length > 1) phrases.push([word]);
    for (const other of family) {
      if (other === word) continue;
      phrases.push([other], [...words.slice(0, at), other, ...words.slice(at + 1)]);
    }
  }
  return phrases;
}
