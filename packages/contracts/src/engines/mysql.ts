import type { EngineDescriptor } from './engine-descriptor.ts';
import { serverFields } from './server-fields.ts';
import { lexicalRules, type SqlDialectDescriptor, statementRules } from './sql-dialect-descriptor.ts';
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
  },
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
