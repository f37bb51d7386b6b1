import { flag, integer } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* The user's databases: limits of a query run on them, of the body that creates one, and the demo one. */

export const databaseSettings = defineSettings({
  /** Most rows a query run returns. */
  queryRowCap: integer({
    name: 'QUERY_ROW_CAP',
    min: 1,
    max: 1_000_000,
    default: 10000,
    description:
      'Most rows a query returns to the editor or the agent; longer results are cut and marked truncated.',
  }),
  /** Statement timeout of a query run when its database sets none. */
  queryTimeoutMs: integer({
    name: 'QUERY_TIMEOUT_MS',
    min: 100,
    max: 24 * 60 * 60 * 1000,
    default: 60000,
    description:
      'Statement timeout in milliseconds for databases that set none of their own; the query is cancelled in the database.',
  }),
  /** Largest body of POST/PUT /api/databases, which may carry dbt artifacts. */
  databaseBodyLimitBytes: integer({
    name: 'DATABASE_BODY_LIMIT_BYTES',
    min: 1,
    max: 1024 * 1024 * 1024,
    default: 52428800,
    description:
      'Largest body accepted when creating or updating a database, which may carry dbt manifest.json and catalog.json, and when importing its semantic model (a dbt manifest or a project’s YAML files).',
  }),
  /** Create the generated demo database on first start. */
  demoDatabase: flag({
    name: 'DEMO_DATABASE',
    default: true,
    description:
      'Create the generated "Demo shop" database on first start in local mode (hosted mode has no owner to give it); false skips it. Deleting it keeps it deleted.',
  }),
});
