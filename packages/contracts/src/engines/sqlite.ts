import { grainSteps } from './date-periods.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';
import {
  type DateGrain,
  lexicalRules,
  type SqlDialectDescriptor,
  statementRules,
} from './sql-dialect-descriptor.ts';
import { sqliteServerFiles } from './server-file-rules.ts';

export const sqliteSql: SqlDialectDescriptor = {
  name: 'sqlite',
  title: 'SQLite',
  analystNotes:
    'SQLite: dates are usually text, use strftime() and date(); no ILIKE (use LOWER() … LIKE); || concatenates; integer division truncates, multiply by 1.0.',
  identifiers: { quote: '"', plain: /^[A-Za-z_][A-Za-z0-9_]*$/, folding: 'none' },
  literalEscape: 'doubled',
  lexical: lexicalRules({ backticks: true, brackets: true }),
  defaultSchemas: ['main', ''],
  dates: {
    year: (expression) => `CAST(strftime('%Y', ${expression}) AS INTEGER)`,
    month: (expression) => `strftime('%Y-%m', ${expression})`,
    truncate: (expression, grain) => sqliteTruncate(expression, grain),
    shift: (expression, count, grain) => {
      const { unit, amount } = grainSteps(count, grain);
      return `date(${expression}, '${amount < 0 ? '-' : '+'}${Math.abs(amount)} ${unit}s')`;
    },
  },
  fractional: (expression) => `CAST(${expression} AS REAL)`,
  textLength: (expression) => `LENGTH(${expression})`,
  editor: { codemirror: 'SQLite', formatter: 'sqlite' },
  // SQLite-only syntax the grammar lacks is often plain PostgreSQL.
  safeMode: statementRules({ grammars: ['Sqlite', 'PostgresQL'], serverFiles: sqliteServerFiles }),
};

export const sqlite: EngineDescriptor = {
  name: 'sqlite',
  displayName: 'SQLite',
  summary: 'A database file on this machine',
  look: { icon: 'feather', tint: 'blue' },
  dialect: sqliteSql,
  fields: [
    {
      name: 'filename',
      label: 'File path',
      input: 'text',
      required: true,
      placeholder: '/data/chinook.sqlite',
      help: 'A path on the machine where Querent runs.',
      localPath: true,
    },
  ],
  signIn: [],
  readOnlyGuard: 'safe mode opens the file through a read-only handle with PRAGMA query_only',
};

/** The period start as 'YYYY-MM-DD' text, which sorts in time order. */
function sqliteTruncate(expression: string, grain: DateGrain): string {
  switch (grain) {
    case 'day':
      return `date(${expression})`;
    case 'week':
      // 'weekday 0' moves on to the next Sunday (or stays on one); six days back is that week's Monday.
      return `date(${expression}, 'weekday 0', '-6 days')`;
    case 'month':
      return `date(${expression}, 'start of month')`;
    case 'quarter':
      return `date(${expression}, 'start of month', '-' || ((CAST(strftime('%m', ${expression}) AS INTEGER) - 1) % 3) || ' months')`;
    case 'year':
      return `date(${expression}, 'start of year')`;
  }
}
