import { grainSteps } from './date-periods.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';
import { serverFields } from './server-fields.ts';
import { lexicalRules, type SqlDialectDescriptor, statementRules } from './sql-dialect-descriptor.ts';
import { postgresServerFiles } from './server-file-rules.ts';

export const postgresSql: SqlDialectDescriptor = {
  name: 'postgres',
  title: 'PostgreSQL',
  analystNotes:
    'PostgreSQL: double-quote identifiers that have capitals or spaces; ILIKE for case-insensitive matching; date_trunc() and EXTRACT() for dates; integer division truncates, cast to numeric.',
  // Unquoted names are lowered, so a mixed-case name keeps its quotes.
  identifiers: { quote: '"', plain: /^[a-z_][a-z0-9_$]*$/, folding: 'lower' },
  literalEscape: 'doubled',
  lexical: lexicalRules({
    // standard_conforming_strings is on by default, but a server may turn it off.
    backslashEscapes: { byDefault: false, switchable: true },
    nestedBlockComments: true,
    dollarQuotes: true,
    escapeStrings: true,
  }),
  defaultSchemas: ['public'],
  dates: {
    year: (expression) => `CAST(EXTRACT(YEAR FROM ${expression}) AS INTEGER)`,
    month: (expression) => `to_char(${expression}, 'YYYY-MM')`,
    // date_trunc's weeks are ISO weeks, starting on Monday.
    truncate: (expression, grain) => `CAST(date_trunc('${grain}', ${expression}) AS DATE)`,
    shift: (expression, count, grain) => {
      const { unit, amount } = grainSteps(count, grain);
      return `CAST(${expression} + (${amount}) * INTERVAL '1 ${unit}' AS DATE)`;
    },
  },
  fractional: (expression) => `CAST(${expression} AS NUMERIC)`,
  textLength: (expression) => `LENGTH(${expression})`,
  editor: { codemirror: 'PostgreSQL', formatter: 'postgresql' },
  safeMode: statementRules({ grammars: ['PostgresQL'], serverFiles: postgresServerFiles }),
};

export const postgres: EngineDescriptor = {
  name: 'postgres',
  displayName: 'PostgreSQL',
  summary: 'PostgreSQL and compatible servers',
  look: { icon: 'database', tint: 'sky' },
  dialect: postgresSql,
  fields: serverFields(5432),
  signIn: [],
  readOnlyGuard: 'each statement runs in a BEGIN READ ONLY transaction',
};
