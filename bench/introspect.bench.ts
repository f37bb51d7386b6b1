// Introspection of a PostgreSQL schema of 5,000 tables × 20 columns through
// GET /api/databases/:id/schema?refresh=true, against one raw information_schema.columns query.
import pg from 'pg';
import { connectInQuerent, ensurePostgresDatabase, postgresServer, skipped } from './query-run.bench.ts';
import { median, startQuerent } from './server-process.ts';

const benchDatabase = 'querent_bench_schema';
const tableCount = 5_000;
const columnsPerTable = 20;
// Small enough per transaction that the locks of the new tables, indexes and keys fit the lock table.
const tablesPerBatch = 200;
const runs = 5;
const targetMs = 5_000;

const rawColumnsQuery = `SELECT table_schema, table_name, column_name, data_type, is_nullable
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`;

// 20 columns: a primary key, a foreign key to the previous table, and 18 of the usual types.
const columnTypes = ['text', 'integer', 'numeric(12,2)', 'timestamptz', 'boolean', 'varchar(64)'];
const tableBody = [
  'id integer PRIMARY KEY',
  'parent_id integer REFERENCES %I (id)',
  ...Array.from(
    { length: columnsPerTable - 2 },
    (_, index) =>
      `c${String(index + 1).padStart(2, '0')} ${columnTypes[index % columnTypes.length] ?? 'text'}`,
  ),
].join(', ');

/** Tables first..last, one transaction; IF NOT EXISTS makes an interrupted build resume where it stopped. */
function batchSql(first: number, last: number): string {
  return `DO $$
    BEGIN
      FOR i IN ${first}..${last} LOOP
        IF i = 1 THEN
          EXECUTE format('CREATE TABLE IF NOT EXISTS %I (${tableBody.replace(' REFERENCES %I (id)', '')})', 't0001');
        ELSE
          EXECUTE format('CREATE TABLE IF NOT EXISTS %I (${tableBody})',
                         't' || lpad(i::text, 4, '0'), 't' || lpad((i - 1)::text, 4, '0'));
        END IF;
        IF i % 10 = 0 THEN
          EXECUTE format('COMMENT ON TABLE %I IS %L', 't' || lpad(i::text, 4, '0'), 'Benchmark table ' || i);
        END IF;
      END LOOP;
    END $$`;
}

async function ensureWideSchema(client: pg.Client): Promise<void> {
  const counted = await client.query<{ tables: string; columns: string }>(
    `SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = 'public') AS tables,
            (SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public') AS columns`,
  );
  const row = counted.rows[0];
  if (Number(row?.tables) === tableCount && Number(row?.columns) === tableCount * columnsPerTable) return;
  console.error(`Creating ${tableCount} tables in ${benchDatabase} (once)…`);
  for (let first = 1; first <= tableCount; first += tablesPerBatch) {
    await client.query(batchSql(first, Math.min(first + tablesPerBatch - 1, tableCount)));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

interface SchemaBody {
  schemas: { name: string; tables: { columns: unknown[] }[] }[];
}

export async function benchIntrospect() {
  const title = `schema?refresh=true, ${tableCount.toLocaleString('en')} tables × ${columnsPerTable} columns (median of ${runs})`;
  if (!(await ensurePostgresDatabase(benchDatabase))) return skipped(title);
  const client = new pg.Client({ ...postgresServer, database: benchDatabase });
  await client.connect();
  const server = await startQuerent(3302);
  const base = 'http://127.0.0.1:3302';
  try {
    await ensureWideSchema(client);
    const databaseId = await connectInQuerent(base, benchDatabase);

    const querentOnce = async () => {
      const response = await fetch(`${base}/api/databases/${databaseId}/schema?refresh=true`);
      if (!response.ok) throw new Error(`schema failed (${response.status}): ${await response.text()}`);
      const body = (await response.json()) as SchemaBody;
      const tables = body.schemas.flatMap((schema) => schema.tables);
      const columns = tables.reduce((sum, table) => sum + table.columns.length, 0);
      if (tables.length !== tableCount || columns !== tableCount * columnsPerTable) {
        throw new Error(`the schema has ${tables.length} tables and ${columns} columns`);
      }
    };
    const rawOnce = async () => {
      const result = await client.query(rawColumnsQuery);
      if (result.rows.length !== tableCount * columnsPerTable) throw new Error('information_schema differs');
    };

    await querentOnce();
    await rawOnce();
    const querent: number[] = [];
    const raw: number[] = [];
    for (let run = 0; run < runs; run++) {
      querent.push((await timed(querentOnce)).ms);
      raw.push((await timed(rawOnce)).ms);
    }
    const q = median(querent);
    const r = median(raw);
    return [
      {
        benchmark: title,
        querent: `${(q / 1000).toFixed(2)} s`,
        baseline: `${(r / 1000).toFixed(2)} s (one information_schema.columns query)`,
        ratio: (q / r).toFixed(2),
        target: `< ${targetMs / 1000} s: ${q < targetMs ? 'met' : 'NOT met'}`,
      },
    ];
  } finally {
    await server.stop();
    await client.end();
  }
}
