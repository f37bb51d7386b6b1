import { z } from 'zod';

export const engines = ['postgres', 'mysql', 'snowflake', 'sqlite', 'bigquery', 'motherduck'] as const;
export const engineSchema = z.enum(engines);
export type Engine = z.infer<typeof engineSchema>;

/** Display names and detail fields with their defaults, as SPEC.md §3's table. */
export const engineCatalog: Record<
  Engine,
  { displayName: string; fields: readonly string[]; defaults: Readonly<Record<string, string | number>> }
> = {
  postgres: {
    displayName: 'PostgreSQL',
    fields: ['host', 'port', 'user', 'password', 'database'],
    defaults: { port: 5432 },
  },
  mysql: {
    displayName: 'MySQL',
    fields: ['host', 'port', 'user', 'password', 'database'],
    defaults: { port: 3306 },
  },
  snowflake: {
    displayName: 'Snowflake',
    fields: ['account', 'user', 'password', 'database', 'schema', 'role', 'warehouse'],
    defaults: {},
  },
  sqlite: { displayName: 'SQLite', fields: ['filename'], defaults: {} },
  bigquery: { displayName: 'BigQuery', fields: ['project_id', 'service_account_json'], defaults: {} },
  motherduck: { displayName: 'MotherDuck', fields: ['token', 'database'], defaults: {} },
};

export function isEngine(name: string): name is Engine {
  return (engines as readonly string[]).includes(name);
}

/** Blank connection details for a new database of this engine (SPEC.md §5). */
export function blankDetails(engine: string): Record<string, string | number | null> {
  if (!isEngine(engine)) throw new Error('Unsupported engine');
  const { fields, defaults } = engineCatalog[engine];
  return Object.fromEntries(fields.map((field) => [field, defaults[field] ?? null]));
}
