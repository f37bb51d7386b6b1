import type { EngineDescriptor } from './engine-descriptor.ts';
import { lexicalRules, type SqlDialectDescriptor, statementRules } from './sql-dialect-descriptor.ts';
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
  },
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
