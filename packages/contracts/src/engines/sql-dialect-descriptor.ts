/*
 * What Querent knows about one SQL dialect: how names and strings are quoted, how its text is
 * tokenized, which date functions it has, how the editor and the formatter read it, what the
 * analyst is told about it and which statements safe mode may let through. Plain values only, no
 * zod: the web app reads these at run time.
 */

/** A period dates are grouped by; weeks start on Monday everywhere (ISO 8601). */
export type DateGrain = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The dialects the engines speak; an engine names one (MotherDuck speaks DuckDB). */
export type SqlDialect = 'postgres' | 'mysql' | 'sqlite' | 'duckdb' | 'snowflake' | 'bigquery';

export interface IdentifierRules {
  /** The character around a quoted name; doubled inside it. */
  quote: '"' | '`';
  /** Unquoted names the engine keeps exactly as typed; any other name must be quoted. */
  plain: RegExp;
  /** What the engine does to an unquoted name: PostgreSQL lowers it, Snowflake raises it, others keep it. */
  folding: 'lower' | 'upper' | 'none';
}

/** Where code ends and strings, quoted names and comments begin; both SQL tokenizers read these. */
export interface LexicalRules {
  /**
   * Whether `\` escapes the next character inside '…' out of the box, and whether a server
   * setting can turn that the other way (PostgreSQL's standard_conforming_strings, MySQL's
   * NO_BACKSLASH_ESCAPES), so that safe mode must read the text both ways.
   */
  backslashEscapes: { byDefault: boolean; switchable: boolean };
  /** `# …` is a line comment. */
  hashComments: boolean;
  /** `--` only starts a comment when whitespace follows (MySQL). */
  dashCommentNeedsSpace: boolean;
  /** `/* /* … *\/ *\/` nests. */
  nestedBlockComments: boolean;
  /** The text of `/*! … *\/` runs as SQL (MySQL), so it is code, not a comment. */
  executableComments: boolean;
  /** `` `name` `` is a quoted name. */
  backticks: boolean;
  /** `[name]` is a quoted name (SQLite). */
  brackets: boolean;
  /** `$$…$$` and `$tag$…$tag$` are strings. */
  dollarQuotes: boolean;
  /** E'…' strings take backslash escapes whatever the setting (PostgreSQL). */
  escapeStrings: boolean;
  /** "…" may be a string that takes backslash escapes, unless the server says ANSI_QUOTES (MySQL). */
  doubleQuotedStrings: boolean;
}

/** sql-formatter's language names for the dialects we format. */
export type FormatterLanguage =
  | 'postgresql'
  | 'mysql'
  | 'sqlite'
  | 'snowflake'
  | 'bigquery'
  | 'duckdb'
  | 'sql';

/** The CodeMirror dialect whose keywords and types the editor highlights and completes. */
export type CodeMirrorDialect = 'PostgreSQL' | 'MySQL' | 'SQLite' | 'StandardSQL';

/** What safe mode's statement classifier needs to know beyond the lexical rules. */
export interface StatementRules {
  /** node-sql-parser grammars tried in order until one parses the statement. */
  grammars: readonly string[];
  /** Statement openers, besides SELECT, WITH, VALUES and TABLE, that start a plain read. */
  readOpeners: readonly string[];
  /** Statement openers, besides SHOW and DESCRIBE, that only inspect. */
  inspectOpeners: readonly string[];
  /** Functions refused in safe mode on top of the side effects every dialect refuses (lower case). */
  refusedFunctions: readonly string[];
  /** What safe mode refuses because it reaches the database server's own files, whatever the credentials allow. */
  serverFiles: ServerFileRules;
}

/**
 * Ways a statement that only reads the database can still read, list or write files of the
 * machine the database runs on (or run SQL text the classifier never sees, which could do so).
 * A superuser or a user with file privileges may do all of these inside a read-only transaction.
 */
export interface ServerFileRules {
  /** Function names, lower case; a trailing `*` stands for any ending (`pg_ls_*`). */
  functions: readonly string[];
  /** Views and tables whose rows are read from server files (lower case). */
  relations: readonly string[];
  /** SHOW statements that read server files, as the words after SHOW (upper case). */
  shows: readonly string[];
  /** A string (or a quoted name that looks like a path) where a table belongs reads that file (DuckDB). */
  pathsAsTables: boolean;
}

/** No server-file rules: the engine has no files of its own to reach, or its SQL cannot name them. */
export const noServerFileRules: ServerFileRules = {
  functions: [],
  relations: [],
  shows: [],
  pathsAsTables: false,
};

export interface SqlDialectDescriptor {
  name: SqlDialect;
  /**
   * The dialect's name as the analyst's instructions write it ("Write SQL for PostgreSQL: …");
   * the offline analyst finds the dialect again by it, so each title is unique.
   */
  title: string;
  /** What the analyst is told about writing SQL here; starts with the title. */
  analystNotes: string;
  identifiers: IdentifierRules;
  /** How a quote is written inside a string literal: doubled ('it''s'), or after a backslash with backslashes doubled too. */
  literalEscape: 'doubled' | 'backslash';
  lexical: LexicalRules;
  /** Schemas whose tables are reachable without a schema prefix ('' for SQLite's unnamed one). */
  defaultSchemas: readonly string[];
  /** The date parts the offline analyst groups and filters by. */
  dates: {
    /** The year of a date as a number. */
    year: (expression: string) => string;
    /** The month of a date as text, 'YYYY-MM'. */
    month: (expression: string) => string;
    /**
     * The first day of the grain's period holding a date or timestamp (a Monday for weeks), as a
     * value that sorts in time order: a DATE, or 'YYYY-MM-DD' text where dates are text (SQLite).
     */
    truncate: (expression: string, grain: DateGrain) => string;
    /**
     * A period start (what `truncate` gives) moved by a whole number of grains, later when `count`
     * is positive, earlier when negative, in the same type.
     */
    shift: (expression: string, count: number, grain: DateGrain) => string;
  };
  /** A number as a type that divides without truncating (integer division would), for ratios. */
  fractional: (expression: string) => string;
  /** Characters in a text value (MySQL's LENGTH counts bytes); data-quality profiles measure with it. */
  textLength: (expression: string) => string;
  editor: { codemirror: CodeMirrorDialect; formatter: FormatterLanguage };
  safeMode: StatementRules;
}

const noLexicalExtras: LexicalRules = {
  backslashEscapes: { byDefault: false, switchable: false },
  hashComments: false,
  dashCommentNeedsSpace: false,
  nestedBlockComments: false,
  executableComments: false,
  backticks: false,
  brackets: false,
  dollarQuotes: false,
  escapeStrings: false,
  doubleQuotedStrings: false,
};

/** Standard SQL's lexical rules (no backslash escapes, `--` and `/* *\/` comments) with a dialect's additions. */
export function lexicalRules(additions: Partial<LexicalRules>): LexicalRules {
  return { ...noLexicalExtras, ...additions };
}

/** Statement rules with nothing beyond the classifier's own lists. */
export function statementRules(
  rules: Pick<StatementRules, 'grammars'> & Partial<StatementRules>,
): StatementRules {
  return {
    readOpeners: [],
    inspectOpeners: [],
    refusedFunctions: [],
    serverFiles: noServerFileRules,
    ...rules,
  };
}
