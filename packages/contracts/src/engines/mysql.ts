import { grainSteps } from './date-periods.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';
import { serverFields } from './server-fields.ts';
import {
  type DateGrain,
  lexicalRules,
  type SqlDialectDescriptor,
  statementRules,
} from './sql-dialect-descriptor.ts';
import { mysqlServerFiles } from './server-file-rules.ts';

export const mysqlSql: SqlDialectDescriptor = {
  name: 'mysql',
  title: 'MySQL',
  analystNotes:
    'MySQL/MariaDB: backticks for identifiers; LIKE is case-insensitive on most collations; DATE_FORMAT() and YEAR() for dates; LIMIT n.',
  identifiers: { quote: '`', plain: /^[A-Za-z_][A-Za-z0-9_$]*$/, folding: 'none' },
  literalEscape: 'backslash',
  lexical: lexicalRules({
    // Backslashes escape unless the server runs with NO_BACKSLASH_ESCAPES.
    backslashEscapes: { byDefault: true, switchable: true },
    hashComments: true,
    dashCommentNeedsSpace: true,
    executableComments: true,
    backticks: true,
    doubleQuotedStrings: true,
  }),
  defaultSchemas: [],
  dates: {
    year: (expression) => `YEAR(${expression})`,
    month: (expression) => `DATE_FORMAT(${expression}, '%Y-%m')`,
    truncate: (expression, grain) => mysqlTruncate(expression, grain),
    shift: (expression, count, grain) => {
      const { unit, amount } = grainSteps(count, grain);
      return `DATE_ADD(${expression}, INTERVAL (${amount}) ${unit.toUpperCase()})`;
    },
  },
  // MariaDB only casts to DOUBLE from 10.4 on; a wide DECIMAL divides exactly on every version.
  fractional: (expression) => `CAST(${expression} AS DECIMAL(65, 10))`,
  textLength: (expression) => `CHAR_LENGTH(${expression})`,
  editor: { codemirror: 'MySQL', formatter: 'mysql' },
  safeMode: statementRules({ grammars: ['MariaDB', 'MySQL'], serverFiles: mysqlServerFiles }),
};

export const mysql: EngineDescriptor = {
  name: 'mysql',
  displayName: 'MySQL',
  summary: 'MySQL and MariaDB',
  look: { icon: 'fish', tint: 'orange' },
  dialect: mysqlSql,
  fields: serverFields(3306),
  signIn: [],
  readOnlyGuard: 'safe-mode sessions are READ ONLY and each statement runs in START TRANSACTION READ ONLY',
};

/** The period start as a DATE; WEEKDAY() counts from Monday = 0. */
function mysqlTruncate(expression: string, grain: DateGrain): string {
  switch (grain) {
    case 'day':
      return `DATE(${expression})`;
    case 'week':
      return `DATE_SUB(DATE(${expression}), INTERVAL WEEKDAY(${expression}) DAY)`;
    case 'month':
      return `CAST(DATE_FORMAT(${expression}, '%Y-%m-01') AS DATE)`;
    case 'quarter':
      return `DATE_ADD(MAKEDATE(YEAR(${expression}), 1), INTERVAL (QUARTER(${expression}) - 1) QUARTER)`;
    case 'year':
      return `MAKEDATE(YEAR(${expression}), 1)`;
  }
}
