import type { IdentifierRules, SqlDialectDescriptor } from './sql-dialect-descriptor.ts';

/*
 * The one place names and strings are quoted for SQL, for the editor's completions, the agent's
 * tools and the offline analyst alike. Only how eagerly a name is quoted differs between them.
 */

// Words that cannot stand as a bare name in the common engines: a column called `order` or `user`.
const keywords = new Set(
  `all and any as asc between by case cast check column constraint create cross current_date current_time
current_timestamp current_user default delete desc distinct drop else end except exists false fetch for
foreign from full grant group having in inner insert intersect into is join key left like limit natural
not null offset on or order outer primary references right select set table then to true union unique
update user using values when where window with`.split(/\s+/),
);

// Words some engine reads as a function, a type or a unit when they stand bare (date, year, rank…).
const ambiguousWords = new Set(
  'current date day index interval month of range rank row rows some time timestamp year'.split(' '),
);

// Lower-case snake_case reads the same unquoted on every engine, except one that raises names to
// upper case, where upper case does.
const sameWhenLowered = /^[a-z_][a-z0-9_]*$/;
const sameWhenRaised = /^[A-Z_][A-Z0-9_$]*$/;

/**
 * How eagerly a name is quoted: `needed` leaves bare every name the engine keeps as typed (what a
 * person would write in the editor); `cautious` leaves bare only names no engine could read
 * another way (SQL the offline analyst writes); `always` quotes every name (a table taken from
 * the schema, whatever it looks like).
 */
export type QuoteWhen = 'needed' | 'cautious' | 'always';

function standsBare(name: string, rules: IdentifierRules, when: QuoteWhen): boolean {
  const word = name.toLowerCase();
  if (when === 'always' || keywords.has(word)) return false;
  if (when === 'needed') return rules.plain.test(name);
  if (ambiguousWords.has(word)) return false;
  return (rules.folding === 'upper' ? sameWhenRaised : sameWhenLowered).test(name);
}

/** A name as it must be written in the dialect's SQL: bare when it may be, quoted otherwise. */
export function quoteIdentifier(
  name: string,
  dialect: Pick<SqlDialectDescriptor, 'identifiers'>,
  when: QuoteWhen = 'needed',
): string {
  const rules = dialect.identifiers;
  if (standsBare(name, rules, when)) return name;
  return `${rules.quote}${name.split(rules.quote).join(rules.quote + rules.quote)}${rules.quote}`;
}

/**
 * A string literal in the dialect's SQL that reads the same whatever the server's backslash
 * setting (MySQL's NO_BACKSLASH_ESCAPES, PostgreSQL's standard_conforming_strings): quotes are
 * doubled, which both readings take, and a backslash is written where its meaning cannot depend
 * on the setting. Engines whose reading is fixed get their own escapes (BigQuery's \', Snowflake's
 * doubled backslash).
 */
export function quoteLiteral(
  value: string,
  dialect: Pick<SqlDialectDescriptor, 'literalEscape' | 'lexical'>,
): string {
  const { backslashEscapes, escapeStrings } = dialect.lexical;
  if (!backslashEscapes.switchable) {
    const quote = dialect.literalEscape === 'backslash' ? "\\'" : "''";
    const escaped = backslashEscapes.byDefault ? value.replaceAll('\\', '\\\\') : value;
    return `'${escaped.replaceAll("'", quote)}'`;
  }
  if (!value.includes('\\')) return `'${value.replaceAll("'", "''")}'`;
  if (escapeStrings) return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  // The SQL '\\' is one backslash when backslashes escape and two when they do not: its first character is
  // a backslash either way, and text (CHAR(92) would be a binary string, compared case-sensitively).
  const parts = value.split('\\').map((part) => `'${part.replaceAll("'", "''")}'`);
  return `CONCAT(${parts.join(", LEFT('\\\\', 1), ")})`;
}
