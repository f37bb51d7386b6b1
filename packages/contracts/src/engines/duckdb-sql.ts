import { grainSteps } from './date-periods.ts';
import { lexicalRules, type SqlDialectDescriptor, statementRules } from './sql-dialect-descriptor.ts';
import { duckdbServerFiles } from './server-file-rules.ts';

/** DuckDB's SQL, spoken by MotherDuck, local DuckDB files and uploads. */
export const duckdbSql: SqlDialectDescriptor = {
  name: 'duckdb',
  title: 'DuckDB',
  analystNotes:
    'DuckDB: PostgreSQL-like SQL; date_trunc(), ILIKE, QUALIFY and GROUP BY ALL are available; double-quote identifiers with capitals.',
  identifiers: { quote: '"', plain: /^[A-Za-z_][A-Za-z0-9_]*$/, folding: 'none' },
  literalEscape: 'doubled',
  lexical: lexicalRules({ nestedBlockComments: true, dollarQuotes: true, escapeStrings: true }),
  defaultSchemas: ['main'],
  dates: {
    year: (expression) => `CAST(EXTRACT(YEAR FROM ${expression}) AS INTEGER)`,
    month: (expression) => `strftime(${expression}, '%Y-%m')`,
    // date_trunc's weeks are ISO weeks, starting on Monday.
    truncate: (expression, grain) => `CAST(date_trunc('${grain}', ${expression}) AS DATE)`,
    shift: (expression, count, grain) => {
      const { unit, amount } = grainSteps(count, grain);
      return `CAST(${expression} + INTERVAL (${amount}) ${unit.toUpperCase()} AS DATE)`;
    },
  },
  fractional: (expression) => `CAST(${expression} AS DOUBLE)`,
  // Close enough to PostgreSQL for highlighting and completion.
  textLength: (expression) => `LENGTH(${expression})`,
  editor: { codemirror: 'PostgreSQL', formatter: 'duckdb' },
  safeMode: statementRules({
    // DuckDB has no grammar of its own and speaks mostly PostgreSQL.
    grammars: ['PostgresQL', 'Noql'],
    // FROM-first queries (`FROM t SELECT a`) read; SUMMARIZE only describes a table.
    readOpeners: ['FROM'],
    inspectOpeners: ['SUMMARIZE'],
    serverFiles: duckdbServerFiles,
  }),
};
