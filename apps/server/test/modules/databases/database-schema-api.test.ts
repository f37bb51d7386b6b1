import type { SchemaInfo, TableInfo } from '@querent/contracts';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookMysql, chinookPostgres, chinookSqliteCopy, mysqlServer } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import type { ScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { openScratchPostgres } from '../../helpers/scratch-postgres.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Connection tests, schema introspection through the API on real engines loaded with Chinook,
 * the schema cache, and dbt descriptions merged into what the user browses.
 */
const postgres = await chinookPostgres();
const mariadb = await chinookMysql();

let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  running = await startTestApp();
  api = apiClient(running.baseUrl);
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

async function schemaOf(id: string, query = ''): Promise<SchemaInfo> {
  const response = await api.get<SchemaInfo>(`/api/databases/${id}/schema${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function table(schema: SchemaInfo, name: string): TableInfo {
  const found = schema.schemas.flatMap((entry) => entry.tables).find((entry) => entry.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
}

describe('POST /api/databases/test', () => {
  it('says ok for a reachable SQLite file and names the problem otherwise', async () => {
    expect(
      (await api.post('/api/databases/test', { engine: 'sqlite', details: { filename: sqlite.filename } }))
        .body,
    ).toEqual({ ok: true, credential_warning: null });
    expectError(
      await api.post('/api/databases/test', { engine: 'sqlite', details: { filename: '/nowhere/x.sqlite' } }),
      400,
      {
        message: /\/nowhere\/x\.sqlite does not exist/,
      },
    );
    expectError(await api.post('/api/databases/test', { engine: 'oracle', details: {} }), 400, {
      message: 'Unsupported engine',
      field: 'engine',
    });
    expectError(await api.post('/api/databases/test', { engine: 'postgres', details: { host: 'h' } }), 400, {
      field: 'details.user',
    });
  });

  it.skipIf(!postgres)('reaches PostgreSQL, and names a wrong port or a missing database', async () => {
    const details = { ...postgres, port: String(postgres?.port) };
    // Connected as a superuser: it works, and the answer says that login can do far more than read.
    expect((await api.post('/api/databases/test', { engine: 'postgres', details })).body).toMatchObject({
      ok: true,
      credential_warning: { found: [expect.stringMatching(/is a superuser/) as unknown] },
    });
    expectError(
      await api.post('/api/databases/test', { engine: 'postgres', details: { ...details, port: 1 } }),
      400,
      {
        code: 'BAD_REQUEST',
        message: /Cannot reach 127\.0\.0\.1:1 .*port/,
      },
    );
    expectError(
      await api.post('/api/databases/test', {
        engine: 'postgres',
        details: { ...details, database: 'no_such_db_here' },
      }),
      400,
      {
        message: /Database no_such_db_here does not exist/,
      },
    );
  });

  it.skipIf(!mariadb)('reaches MariaDB with the stored password when the mask is sent back', async () => {
    const admin = await mysql.createConnection({ ...mysqlServer });
    const user = `querent_api_${Date.now() % 100000}`;
    try {
      await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'pw-Secret-42'`);
      await admin.query(`GRANT SELECT ON querent_chinook.* TO '${user}'@'%'`);
      const details = {
        host: mysqlServer.host,
        port: mysqlServer.port,
        user,
        password: 'pw-Secret-42',
        database: 'querent_chinook',
      };
      expectError(
        await api.post('/api/databases/test', {
          engine: 'mysql',
          details: { ...details, password: 'wrong' },
        }),
        400,
        {
          message: new RegExp(`Authentication failed for user ${user}`),
        },
      );
      const saved = await addDatabase(api, { name: 'Maria', engine: 'mysql', details });
      expect(saved.details.password).toBe('********');
      const withMask = await api.post('/api/databases/test', {
        engine: 'mysql',
        details: saved.details,
        databaseId: saved.id,
      });
      // A login that may only read: nothing to warn about.
      expect(withMask.body).toEqual({ ok: true, credential_warning: null });
      // Without the database id the mask stands for nothing.
      expectError(await api.post('/api/databases/test', { engine: 'mysql', details: saved.details }), 400, {
        field: 'details.password',
      });
    } finally {
      await admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
      await admin.end();
    }
  });
});

describe('GET /api/databases/{id}/schema', () => {
  const expectChinook = (schema: SchemaInfo, names: { album: string; artist: string; artistId: string }) => {
    const tables = schema.schemas.flatMap((entry) => entry.tables);
    expect(tables).toHaveLength(11);
    const album = table(schema, names.album);
    expect(album.kind).toBe('table');
    expect(album.columns.map((column) => column.name)).toContain(names.artistId);
    expect(album.foreignKeys[0]?.references.table).toBe(names.artist);
    expect(album.columns.every((column) => column.dbtDescription === null)).toBe(true);
  };

  it('introspects the Chinook SQLite file', async () => {
    const database = await addDatabase(api, {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    });
    const schema = await schemaOf(database.id);
    expect(schema.schemas.map((entry) => entry.name)).toEqual(['main']);
    expectChinook(schema, { album: 'Album', artist: 'Artist', artistId: 'ArtistId' });
  });

  it.skipIf(!postgres)('introspects the Chinook PostgreSQL database', async () => {
    const database = await addDatabase(api, { name: 'Chinook PG', engine: 'postgres', details: postgres });
    const schema = await schemaOf(database.id);
    expect(schema.schemas.map((entry) => entry.name)).toEqual(['public']);
    expectChinook(schema, { album: 'album', artist: 'artist', artistId: 'artist_id' });
    expect(table(schema, 'track').rowEstimate).toBeGreaterThan(0);
  });

  it.skipIf(!mariadb)('introspects the Chinook MariaDB database', async () => {
    const database = await addDatabase(api, { name: 'Chinook Maria', engine: 'mysql', details: mariadb });
    const schema = await schemaOf(database.id);
    expect(schema.schemas.map((entry) => entry.name)).toEqual(['querent_chinook']);
    expectChinook(schema, { album: 'Album', artist: 'Artist', artistId: 'ArtistId' });
  });

  it('caches the schema until the database changes or a refresh is asked for', async () => {
    const database = await addDatabase(api, {
      name: 'Cached',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    });
    const first = await schemaOf(database.id);
    expect((await schemaOf(database.id)).introspectedAt).toBe(first.introspectedAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await schemaOf(database.id, '?refresh=true');
    expect(refreshed.introspectedAt > first.introspectedAt).toBe(true);
    await api.put(`/api/databases/${database.id}`, { name: 'Cached 2' });
    expect((await schemaOf(database.id)).introspectedAt > refreshed.introspectedAt).toBe(true);
    expectError(await api.get(`/api/databases/${database.id}/schema?refresh=perhaps`), 400, {
      field: 'refresh',
    });
  });

  it('answers 400 with the reason when the database cannot be reached', async () => {
    const database = await addDatabase(api, {
      name: 'Gone',
      engine: 'sqlite',
      details: { filename: '/nowhere/gone.sqlite' },
    });
    expectError(await api.get(`/api/databases/${database.id}/schema`), 400, { message: /does not exist/ });
  });
});

describe('dbt descriptions in the schema', () => {
  it('fills comments of a SQLite database from the manifest and the catalog', async () => {
    const manifest = {
      nodes: {
        'model.music.album': {
          resource_type: 'model',
          name: 'album',
          alias: 'Album',
          schema: 'analytics',
          description: 'One row per album released',
          columns: {
            title: { name: 'title', description: 'Album title as printed' },
            artistid: { name: 'ArtistId', description: '' },
          },
        },
      },
    };
    const catalog = {
      nodes: {
        'model.music.artist': {
          metadata: { name: 'ARTIST', schema: 'ANALYTICS', comment: 'Performers' },
          columns: { NAME: { name: 'NAME', comment: 'Stage name' } },
        },
      },
    };
    const database = await addDatabase(api, {
      name: 'Chinook dbt',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
      dbt_manifest: manifest,
      dbt_catalog: catalog,
    });
    const schema = await schemaOf(database.id);
    const album = table(schema, 'Album');
    expect(album).toMatchObject({
      comment: 'One row per album released',
      dbtDescription: 'One row per album released',
    });
    expect(album.columns.find((column) => column.name === 'Title')).toMatchObject({
      comment: 'Album title as printed',
      dbtDescription: 'Album title as printed',
    });
    expect(album.columns.find((column) => column.name === 'ArtistId')).toMatchObject({
      comment: null,
      dbtDescription: null,
    });
    const artist = table(schema, 'Artist');
    expect(artist).toMatchObject({ comment: 'Performers', dbtDescription: 'Performers' });
    expect(artist.columns.find((column) => column.name === 'Name')?.comment).toBe('Stage name');
    expect(table(schema, 'Track').dbtDescription).toBeNull();

    // Removing the manifest takes its descriptions out of the schema at once.
    await api.put(`/api/databases/${database.id}`, { dbt_manifest: null });
    expect(table(await schemaOf(database.id), 'Album').dbtDescription).toBeNull();
  });

  describe.skipIf(!postgres)('on PostgreSQL, where the database has comments of its own', () => {
    let scratch: ScratchPostgres;
    beforeAll(async () => {
      scratch = await openScratchPostgres(`
        CREATE TABLE orders (id int PRIMARY KEY, total numeric NOT NULL);
        COMMENT ON TABLE orders IS 'Orders as the shop records them';
        COMMENT ON COLUMN orders.id IS 'Shop order number';`);
    });
    afterAll(async () => {
      await scratch.dispose();
    });

    it('keeps the database comment and adds the dbt description beside it', async () => {
      const manifest = {
        nodes: {
          'model.shop.orders': {
            resource_type: 'model',
            name: 'orders',
            schema: 'public',
            description: 'Orders, one row each',
            columns: {
              id: { name: 'id', description: 'dbt: order id' },
              total: { name: 'total', description: 'Amount in EUR' },
            },
          },
        },
      };
      const database = await addDatabase(api, {
        name: 'Scratch',
        engine: 'postgres',
        details: scratch.details,
        dbt_manifest: manifest,
      });
      const orders = table(await schemaOf(database.id), 'orders');
      expect(orders).toMatchObject({
        comment: 'Orders as the shop records them',
        dbtDescription: 'Orders, one row each',
      });
      expect(orders.columns).toEqual([
        {
          name: 'id',
          type: 'integer',
          nullable: false,
          comment: 'Shop order number',
          dbtDescription: 'dbt: order id',
        },
        {
          name: 'total',
          type: 'numeric',
          nullable: false,
          comment: 'Amount in EUR',
          dbtDescription: 'Amount in EUR',
        },
      ]);
    });
  });
});
