import { type Engine, engineCatalog, isSecretDetailField } from '@querent/contracts';

export type DetailInputKind = 'text' | 'number' | 'password' | 'textarea';

/** How the form draws one connection detail of an engine. */
export interface DetailField {
  name: string;
  label: string;
  kind: DetailInputKind;
  /** Shown in the label; the server still decides and names the field when one is missing. */
  required: boolean;
  placeholder?: string;
  help?: string;
  /** Alternatives to the usual sign-in (Snowflake key pair, a local DuckDB file), folded away. */
  alternative?: boolean;
}

const labels: Record<string, string> = {
  host: 'Host',
  port: 'Port',
  user: 'User',
  password: 'Password',
  database: 'Database',
  account: 'Account',
  schema: 'Schema',
  role: 'Role',
  warehouse: 'Warehouse',
  filename: 'File path',
  project_id: 'Project ID',
  service_account_json: 'Service account key (JSON)',
  token: 'Access token',
};

// Fields that may stay empty; every other catalog field is needed to connect.
const optionalFields: Partial<Record<Engine, readonly string[]>> = {
  postgres: ['password', 'port'],
  mysql: ['password', 'port'],
  snowflake: ['password', 'schema', 'role', 'warehouse'],
};

const hints: Partial<Record<Engine, Partial<Record<string, Pick<DetailField, 'placeholder' | 'help'>>>>> = {
  postgres: { host: { placeholder: 'db.example.com' } },
  mysql: { host: { placeholder: 'db.example.com' } },
  snowflake: {
    account: { placeholder: 'myorg-myaccount' },
    password: { help: 'Leave empty when you use key-pair authentication below.' },
  },
  sqlite: {
    filename: {
      placeholder: '/data/chinook.sqlite',
      help: 'A path on the machine where Querent runs.',
    },
  },
  bigquery: {
    service_account_json: { help: 'Paste the whole key file of a service account that may run queries.' },
  },
  motherduck: { token: { help: 'From MotherDuck settings → Access tokens.' } },
};

// Sign-in alternatives the catalog does not list but the server accepts.
const alternatives: Partial<Record<Engine, readonly DetailField[]>> = {
  snowflake: [
    { name: 'private_key', label: 'Private key (PEM)', kind: 'textarea', required: false, alternative: true },
    {
      name: 'private_key_passphrase',
      label: 'Private key passphrase',
      kind: 'password',
      required: false,
      alternative: true,
      help: 'Only for an encrypted key.',
    },
  ],
  motherduck: [
    {
      name: 'path',
      label: 'Local DuckDB file path',
      kind: 'text',
      required: false,
      alternative: true,
      placeholder: '/data/warehouse.duckdb',
      help: 'Opens a DuckDB file on the machine where Querent runs instead of MotherDuck; token and database are then not needed.',
    },
  ],
};

function kindOf(name: string): DetailInputKind {
  if (name === 'service_account_json' || name === 'private_key') return 'textarea';
  if (isSecretDetailField(name)) return 'password';
  if (name === 'port') return 'number';
  return 'text';
}

/** The fields of an engine's form, in the catalog's order (SPEC.md §3), then its alternatives. */
export function detailFieldsOf(engine: Engine): DetailField[] {
  const optional = optionalFields[engine] ?? [];
  const main = engineCatalog[engine].fields.map((name) => ({
    name,
    label: labels[name] ?? name,
    kind: kindOf(name),
    required: !optional.includes(name),
    ...hints[engine]?.[name],
  }));
  return [...main, ...(alternatives[engine] ?? [])];
}
