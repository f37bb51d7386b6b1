import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Database, RunQueryResult, SchemaInfo } from '@querent/contracts';
import Database3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../src/auth/local-admin.ts';
import { DEMO_FILE_NAME, ensureDemoDatabase } from '../../src/demo/ensure-demo-database.ts';
import { writeDemoShop } from '../../src/demo/write-demo-shop.ts';
import { apiClient, expectError } from '../helpers/api-client.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const tables = ['categories', 'customers', 'products', 'orders', 'order_lines'] as const;

/** A fingerprint of every row of every table, independent of how SQLite laid out the file. */
function checksums(file: string): Record<string, string> {
  const db = new Database3(file, { readonly: true });
  try {
    const result: Record<string, string> = {};
    for (const table of tables) {
      const hash = createHash('sha256');
      for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1`).raw().iterate())
        hash.update(JSON.stringify(row));
      result[table] = hash.digest('hex');
    }
    return result;
  } finally {
    db.close();
  }
}

function scalar(file: string, sql: string): number {
  const db = new Database3(file, { readonly: true });
  try {
    return Number(db.prepare(sql).pluck().get());
  } finally {
    db.close();
  }
}

describe('the generated demo shop', () => {
  const temp = makeTempDir('querent-demo-');
  const first = path.join(temp.dir, 'a.sqlite');
  const second = path.join(temp.dir, 'b.sqlite');

  beforeAll(() => {
    writeDemoShop(first);
    writeDemoShop(second);
  });
  afterAll(() => temp.remove());

  it('is the same every time', () => {
    expect(checksums(second)).toEqual(checksums(first));
    const other = path.join(temp.dir, 'other-seed.sqlite');
    writeDemoShop(other, 7);
    expect(checksums(other).customers).not.toBe(checksums(first).customers);
  });

  it('holds about 100k rows of a shop, with every foreign key satisfied', () => {
    const count = (table: string) => scalar(first, `SELECT count(*) FROM ${table}`);
    expect(count('customers')).toBe(5000);
    expect(count('products')).toBe(500);
    expect(count('orders')).toBe(30000);
    expect(count('order_lines')).toBeGreaterThan(60000);
    expect(count('order_lines')).toBeLessThan(70000);
    const total = tables.reduce((sum, table) => sum + count(table), 0);
    expect(total).toBeGreaterThan(95000);
    expect(total).toBeLessThan(105000);
    const db = new Database3(first, { readonly: true });
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
    expect(
      scalar(first, 'SELECT count(*) FROM orders WHERE order_id NOT IN (SELECT order_id FROM order_lines)'),
    ).toBe(0);
    // Orders span three years and are never placed before the customer signed up.
    expect(scalar(first, 'SELECT count(DISTINCT substr(ordered_at, 1, 4)) FROM orders')).toBe(3);
    expect(
      scalar(
        first,
        'SELECT count(*) FROM orders o JOIN customers c USING (customer_id) WHERE c.signup_date > substr(o.ordered_at, 1, 10)',
      ),
    ).toBe(0);
    // The order total is the sum of its lines, to the cent.
    expect(
      scalar(
        first,
        'SELECT count(*) FROM orders o WHERE abs(o.total_amount - (SELECT sum(quantity * unit_price) FROM order_lines l WHERE l.order_id = o.order_id)) > 0.005',
      ),
    ).toBe(0);
    expect(scalar(first, 'SELECT count(DISTINCT status) FROM orders')).toBe(5);
  });

  it('has the data-quality flaws a user can discover', () => {
    const missingEmails = scalar(first, 'SELECT count(*) FROM customers WHERE email IS NULL');
    expect(missingEmails).toBeGreaterThan(100);
    expect(missingEmails).toBeLessThan(300);
    const duplicates = scalar(
      first,
      'SELECT count(*) FROM (SELECT 1 FROM customers WHERE email IS NOT NULL GROUP BY first_name, last_name, email HAVING count(*) > 1)',
    );
    expect(duplicates).toBe(40);
    const badCountries = scalar(
      first,
      "SELECT count(*) FROM customers WHERE country_code NOT IN ('US','GB','FR','DE','ES','IT','NL','BE','CA','JP','IN','BR','AU')",
    );
    expect(badCountries).toBeGreaterThan(10);
    expect(badCountries).toBeLessThanOrEqual(30);
  });
});

describe('the demo database on first start', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp();
  });
  afterAll(async () => {
    await running.stop();
  });

  const ensure = () =>
    ensureDemoDatabase({
      db: running.built.store.db,
      secrets: running.built.databases.secrets,
      dataDir: running.config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
    });

  it('is created once, public and in safe mode, and stays deleted once deleted', async () => {
    const api = apiClient(running.baseUrl);
    const outcome = await ensure();
    expect(outcome.created).toBe(true);
    expect(await ensure()).toEqual({ created: false });

    const list = await api.get<Database[]>('/api/databases');
    const demos = list.body.filter((database) => database.name === 'Demo shop');
    expect(demos).toHaveLength(1);
    const [demo] = demos;
    if (!demo) throw new Error('no demo');
    expect(demo).toMatchObject({
      engine: 'sqlite',
      public: true,
      safe_mode: true,
      details: { filename: path.join(running.config.dataDir, DEMO_FILE_NAME) },
    });

    const schema = await api.get<SchemaInfo>(`/api/databases/${demo.id}/schema`);
    expect(schema.body.schemas[0]?.tables.map((table) => table.name)).toEqual([...tables].sort());
    const count = await api.post<RunQueryResult>('/api/query/_run', {
      databaseId: demo.id,
      query: 'SELECT count(*) AS n FROM orders',
    });
    expect(count.body).toMatchObject({ columns: [{ name: 'n' }], rows: [[30000]] });
    expectError(
      await api.post('/api/query/_run', { databaseId: demo.id, query: 'DELETE FROM customers' }),
      400,
      {
        message: /Safe mode is on/,
      },
    );

    expect((await api.del(`/api/databases/${demo.id}`)).status).toBe(204);
    expect(await ensure()).toEqual({ created: false });
    expect(
      (await api.get<Database[]>('/api/databases')).body.some((database) => database.name === 'Demo shop'),
    ).toBe(false);
  });
});

describe('the demo database from a built copy (the server bundle)', () => {
  let running: RunningApp;
  const temp = makeTempDir('querent-demo-template-');

  beforeAll(async () => {
    running = await startTestApp();
  });
  afterAll(async () => {
    await running.stop();
    temp.remove();
  });

  it('is the copy, not generated again, and leaves no partial file behind', async () => {
    // Another seed than the generator's default: only a copy can hold these rows.
    const template = path.join(temp.dir, 'template.sqlite');
    writeDemoShop(template, 7);
    const outcome = await ensureDemoDatabase({
      db: running.built.store.db,
      secrets: running.built.databases.secrets,
      dataDir: running.config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
      template,
    });
    expect(outcome.created).toBe(true);
    const created = path.join(running.config.dataDir, DEMO_FILE_NAME);
    expect(checksums(created)).toEqual(checksums(template));
    expect(readdirSync(running.config.dataDir).filter((name) => name.includes('.building'))).toEqual([]);
  });
});
