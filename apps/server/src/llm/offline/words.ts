import { nameWords, separateCase, singular } from '../../text/words.ts';

/*
 * Words as the offline analyst compares them: the server's words of names and its singular
 * (text/words.ts), and a question's words kept as written beside that comparable form, so
 * "order lines", "OrderLine" and "order_lines" all read the same.
 */

// Prefixes warehouses put on table names that say nothing about what the table holds.
const tablePrefixes = new Set(['tbl', 'dim', 'fact', 'fct', 'stg', 'raw', 'vw']);

/** The words of a table or column name: "InvoiceLine" → invoice, line; "order_lines" → order, line. */
export function identifierWords(name: string, options: { table?: boolean } = {}): string[] {
  const bare = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
  const words = nameWords(bare);
  if (options.table === true && words.length > 1 && tablePrefixes.has(words[0] ?? '')) return words.slice(1);
  return words;
}

export interface Token {
  /** As the user wrote it (for values: "Germany", "New York"). */
  raw: string;
  /** Lower case and singular, for comparing with names. */
  norm: string;
  /** Position among the words of the phrase it was read from. */
  at?: number;
  /**
   * The grammar words dropped right before it ("There Be" before "Rock" in "Let There Be Rock"),
   * so a value can be spelt back; null when something else was dropped there (a number, "most").
   */
  gap?: string | null;
}

/**
 * The words of a piece of the question, keeping what the user wrote next to the comparable form.
 * A value keeps its inner slashes, ampersands and dots ("AC/DC", "U.S.", "2.99"), so it can be
 * looked up as written.
 */
export function tokenize(text: string): Token[] {
  return separateCase(text)
    .split(/[^A-Za-z0-9\u00c0-\uffff'_&/.-]+/)
    .flatMap((piece) => piece.split(/[_-]+/))
    .map((raw) => raw.replace(/^['./]+|['./]+$/g, ''))
    .filter((raw) => raw !== '')
    .map((raw, at) => ({ raw, norm: singular(raw.toLowerCase()), at }));
}

// Words that carry no name and change no meaning: articles, question words, verbs of asking and of
// storing. What is left of a phrase without them names tables, columns or values. Words that do
// change the meaning (not, no, or, than, without…) are not here: a question keeps them until a
// reading uses them, and one no reading uses is not answered.
const grammarList = `a an the of in on at for to into from with within by and
is are was were be been being am do does did doing done have has had having can could would should
will shall may might must there here it its they them their this that these those what which who
whom whose how where when why i me my we us our you your he she his her
show list display give get see tell find fetch print return view want need like know please let
exist stored kept held contain placed made make makes created registered recorded listed come came
comes live lives based located belong just only also about then so such currently overall
altogether table row record entry item thing database db`;

// The vocabulary of the questions themselves: it says what to compute, never what to compute it on.
const intentList = `many much number count total sum average avg mean all any each every some few
more most distinct unique different value first last`;

const toSet = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).map(singular));

export const grammarWords = toSet(grammarList);
export const stopWords: ReadonlySet<string> = new Set([...grammarWords, ...toSet(intentList)]);

const isNumber = (token: Token) => /^\d+$/.test(token.norm);

/** Tokens that may name a table, a column or a value. */
export function contentTokens(tokens: readonly Token[]): Token[] {
  const kept: Token[] = [];
  let gap: string[] | null = [];
  for (const token of tokens) {
    if (!stopWords.has(token.norm) && !isNumber(token)) {
      kept.push({ ...token, gap: gap === null ? null : gap.join(' ') });
      gap = [];
    } else if (grammarWords.has(token.norm) && gap !== null) gap.push(token.raw);
    else gap = null;
  }
  return kept;
}

/** Tokens of a measure ("total of invoice totals"): "total" may be a column's name there. */
export function measureTokens(tokens: readonly Token[]): Token[] {
  return tokens.filter((token) => !grammarWords.has(token.norm) && !isNumber(token));
}

const numberWords: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
  dozen: 12,
};

/** "five" → "5", so the patterns only need to know digits. */
export function digitsForNumberWords(text: string): string {
  return text.replace(
    /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred|dozen)\b(?!\s*(?:of|'s))/gi,
    (word) => String(numberWords[word.toLowerCase()] ?? word),
  );
}

/**
 * A word of the question and a word of a column's name, the same or a verb's past or -ing form of
 * it: "hired" names `hire_date`, "shipped" `ship_date`, "joined" `join_date`.
 */
export function sameVerb(word: string, known: string): boolean {
  if (word === known) return true;
  if (known.length < 3) return false;
  const forms = [`${known}ed`, `${known}d`, `${known}${known.at(-1) ?? ''}ed`, `${known}ing`];
  return forms.includes(word);
}
