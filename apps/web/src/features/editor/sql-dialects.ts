import type { Engine } from '@querent/contracts';
import type { ScanOptions } from './sql-scanner.ts';

/**
 * What differs between engines for the editor: how the tokenizer reads quotes and comments, how
 * sql-formatter formats, how identifiers are quoted and which schema unqualified names resolve
 * to. The CodeMirror dialect itself is picked in codemirror-language.ts, inside the lazy chunk.
 */
export interface EngineSyntax {
  scan: ScanOptions;
  /** sql-formatter's dialect name. */
  formatter: 'postgresql' | 'mysql' | 'sqlite' | 'snowflake' | 'bigquery' | 'duckdb' | 'sql';
  identifierQuote: '"' | '`';
  /** Unquoted names the engine keeps as typed; anything else must be quoted. */
  plainIdentifier: RegExp;
  /** Schemas whose tables are reachable without a schema prefix. */
  defaultSchemas: readonly string[];
}

const standard: EngineSyntax = {
  scan: {},
  formatter: 'sql',
  identifierQuote: '"',
  plainIdentifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  defaultSchemas: [],
};

const syntaxByEngine: Record<Engine, EngineSyntax> = {
  // PostgreSQL folds unquoted names to lower case, so a mixed-case name needs its quotes.
  postgres: {
    scan: { dollarQuotes: true },
    formatter: 'postgresql',
    identifierQuote: '"',
    plainIdentifier: /^[a-z_][a-z0-9_$]*$/,
    defaultSchemas: ['public'],
  },
  mysql: {
    scan: { backslashEscapes: true, hashComments: true, backtickIdentifiers: true },
    formatter: 'mysql',
    identifierQuote: '`',
    plainIdentifier: /^[A-Za-z_][A-Za-z0-9_$]*$/,
    defaultSchemas: [],
  },
  sqlite: {
    scan: { backtickIdentifiers: true },
    formatter: 'sqlite',
    identifierQuote: '"',
    plainIdentifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
    defaultSchemas: ['main', ''],
  },
  // Snowflake folds unquoted names to upper case.
  snowflake: {
    scan: {},
    formatter: 'snowflake',
    identifierQuote: '"',
    plainIdentifier: /^[A-Z_][A-Z0-9_$]*$/,
    defaultSchemas: [],
  },
  bigquery: {
    scan: { backslashEscapes: true, backtickIdentifiers: true },
    formatter: 'bigquery',
    identifierQuote: '`',
    plainIdentifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
    defaultSchemas: [],
  },
  motherduck: {
    scan: { dollarQuotes: true },
    formatter: 'duckdb',
    identifierQuote: '"',
    plainIdentifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
    defaultSchemas: ['main'],
  },
};

export function engineSyntax(engine: string | null | undefined): EngineSyntax {
  return (engine && syntaxByEngine[engine as Engine]) || standard;
}

// Words that cannot stand as a bare name in the common engines; a column called `order` or `user`
// is inserted quoted.
const reserved = new Set(
  `all and any as asc between by case cast check column constraint create cross current_date current_time
current_timestamp current_user default delete desc distinct drop else end except exists false fetch for
foreign from full grant group having in inner insert intersect into is join key left like limit natural
not null offset on or order outer primary references right select set table then to true union unique
update user using values when where window with`.split(/\s+/),
);

/** The name as it must be written in SQL for this engine: bare when it can be, quoted otherwise. */
export function quoteIdentifier(name: string, syntax: EngineSyntax): string {
  if (syntax.plainIdentifier.test(name) && !reserved.has(name.toLowerCase())) return name;
  const quote = syntax.identifierQuote;
  return `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}
