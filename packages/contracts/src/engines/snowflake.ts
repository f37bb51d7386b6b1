import { grainSteps } from './date-periods.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';
import { lexicalRules, type SqlDialectDescriptor, statementRules } from './sql-dialect-descriptor.ts';

export const snowflakeSql: SqlDialectDescriptor = {
  name: 'snowflake',
  title: 'Snowflake',
  analystNotes:
    'Snowflake: unquoted identifiers are upper-case, quote names that are not; DATE_TRUNC(), ILIKE, QUALIFY; fully qualify tables as database.schema.table when unsure.',
  // Unquoted names are raised to upper case.
  identifiers: { quote: '"', plain: /^[A-Z_][A-Z0-9_$]*$/, folding: 'upper' },
  literalEscape: 'doubled',
  lexical: lexicalRules({ backslashEscapes: { byDefault: true, switchable: false }, dollarQuotes: true }),
  defaultSchemas: [],
  dates: {
    year: (expression) => `YEAR(${expression})`,
    month: (expression) => `TO_CHAR(${expression}, 'YYYY-MM')`,
    // DATE_TRUNC('WEEK') follows the session's WEEK_START; DAYOFWEEKISO is Monday = 1 whatever it says.
    truncate: (expression, grain) =>
      grain === 'week'
        ? `DATEADD(day, 1 - DAYOFWEEKISO(${expression}), CAST(${expression} AS DATE))`
        : `CAST(DATE_TRUNC('${grain.toUpperCase()}', ${expression}) AS DATE)`,
    shift: (expression, count, grain) => {
      const { unit, amount } = grainSteps(count, grain);
      return `DATEADD(${unit}, ${amount}, ${expression})`;
    },
  },
  fractional: (expression) => `CAST(${expression} AS DOUBLE)`,
  textLength: (expression) => `LENGTH(${expression})`,
  editor: { codemirror: 'StandardSQL', formatter: 'snowflake' },
  safeMode: statementRules({ grammars: ['Snowflake', 'PostgresQL'] }),
};

export const snowflake: EngineDescriptor = {
  name: 'snowflake',
  displayName: 'Snowflake',
  summary: 'Password or key-pair sign-in',
  look: { icon: 'snowflake', tint: 'cyan' },
  dialect: snowflakeSql,
  fields: [
    { name: 'account', label: 'Account', input: 'text', required: true, placeholder: 'myorg-myaccount' },
    { name: 'user', label: 'User', input: 'text', required: true },
    {
      name: 'password',
      label: 'Password',
      input: 'password',
      secret: true,
      help: 'Leave empty when you use key-pair authentication below.',
    },
    // Key-pair authentication instead of a password: a PEM private key, optionally encrypted.
    { name: 'private_key', label: 'Private key (PEM)', input: 'textarea', secret: true, alternative: true },
    {
      name: 'private_key_passphrase',
      label: 'Private key passphrase',
      input: 'password',
      secret: true,
      alternative: true,
      help: 'Only for an encrypted key.',
    },
    { name: 'database', label: 'Database', input: 'text', required: true },
    { name: 'schema', label: 'Schema', input: 'text' },
    { name: 'role', label: 'Role', input: 'text' },
    { name: 'warehouse', label: 'Warehouse', input: 'text' },
  ],
  signIn: [{ oneOf: [['password'], ['private_key']], message: 'is required (or a private key)' }],
  alternativesTitle: 'Key-pair authentication instead of a password',
  readOnlyGuard: 'none of its own: the statement classifier refuses every write before it is sent',
};
