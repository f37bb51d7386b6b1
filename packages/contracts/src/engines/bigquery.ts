import { grainSteps } from './date-periods.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';
import { lexicalRules, type SqlDialectDescriptor, statementRules } from './sql-dialect-descriptor.ts';

export const bigquerySql: SqlDialectDescriptor = {
  name: 'bigquery',
  title: 'BigQuery',
  analystNotes:
    'BigQuery GoogleSQL: backtick-quote `dataset.table`; no ILIKE (use LOWER() … LIKE); DATE_TRUNC(date, MONTH); SAFE_DIVIDE() to avoid division errors.',
  identifiers: { quote: '`', plain: /^[A-Za-z_][A-Za-z0-9_]*$/, folding: 'none' },
  literalEscape: 'backslash',
  lexical: lexicalRules({
    backslashEscapes: { byDefault: true, switchable: false },
    hashComments: true,
    backticks: true,
  }),
  defaultSchemas: [],
  dates: {
    year: (expression) => `EXTRACT(YEAR FROM ${expression})`,
    month: (expression) => `FORMAT_DATE('%Y-%m', DATE(${expression}))`,
    // ISOWEEK starts on Monday; WEEK would start on Sunday.
    truncate: (expression, grain) =>
      `DATE_TRUNC(DATE(${expression}), ${grain === 'week' ? 'ISOWEEK' : grain.toUpperCase()})`,
    shift: (expression, count, grain) => {
      const { unit, amount } = grainSteps(count, grain);
      return `DATE_ADD(${expression}, INTERVAL ${amount} ${unit.toUpperCase()})`;
    },
  },
  fractional: (expression) => `CAST(${expression} AS FLOAT64)`,
  // CodeMirror has no BigQuery dialect; standard SQL with its backtick quoting reads it well enough.
  textLength: (expression) => `LENGTH(${expression})`,
  editor: { codemirror: 'StandardSQL', formatter: 'bigquery' },
  safeMode: statementRules({ grammars: ['BigQuery'] }),
};

/** A service account's key file: the JSON object Google issues, with the two fields signing in needs. */
function isServiceAccountKey(document: unknown): boolean {
  if (typeof document !== 'object' || document === null) return false;
  const key = document as Record<string, unknown>;
  return typeof key.client_email === 'string' && typeof key.private_key === 'string';
}

export const bigquery: EngineDescriptor = {
  name: 'bigquery',
  displayName: 'BigQuery',
  summary: 'Google Cloud, with a service account',
  look: { icon: 'cloud', tint: 'indigo' },
  dialect: bigquerySql,
  fields: [
    { name: 'project_id', label: 'Project ID', input: 'text', required: true },
    {
      name: 'service_account_json',
      label: 'Service account key (JSON)',
      input: 'textarea',
      secret: true,
      required: true,
      help: 'Paste the whole key file of a service account that may run queries.',
      json: {
        accepts: isServiceAccountKey,
        message: 'must be the JSON key file of a service account (with client_email and private_key)',
      },
    },
  ],
  signIn: [],
  readOnlyGuard: 'safe mode runs a statement only when a dry run plans it as a SELECT',
};
