import type { Database } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/** Uploaded dbt manifest.json and catalog.json: validation, summaries, and their own body limit. */
const postgresDetails = { host: 'db.example.com', user: 'analyst', password: 'pw', database: 'sales' };

for (const dialect of await storeDialects('dbt uploads')) {
  describe.skipIf(!dialect.run)(`dbt files of a database on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(
        { ...appStore.env, BODY_LIMIT_BYTES: '10000', DATABASE_BODY_LIMIT_BYTES: '200000' },
        appStore.store ? { store: appStore.store } : {},
      );
      api = apiClient(running.baseUrl);
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    it('validates dbt files, returns summaries, keeps them when the summary is sent back', async () => {
      const manifest = {
        nodes: {
          'model.shop.orders': {
            resource_type: 'model',
            name: 'orders',
            schema: 'analytics',
            description: 'One row per order',
            columns: {
              id: { name: 'id', description: 'Order id' },
              total: { name: 'total', description: '' },
            },
          },
          'test.shop.not_null': { resource_type: 'test', name: 'not_null' },
        },
        sources: {
          'source.shop.raw.customers': {
            resource_type: 'source',
            name: 'customers',
            schema: 'raw',
            columns: {},
          },
        },
      };
      const catalog = {
        nodes: {
          'model.shop.orders': {
            metadata: { name: 'orders', schema: 'analytics' },
            columns: { ID: { name: 'ID' } },
          },
        },
      };
      expectError(
        await api.post('/api/databases', {
          name: 'x',
          engine: 'postgres',
          details: postgresDetails,
          dbt_manifest: { models: [] },
        }),
        400,
        {
          field: 'dbt_manifest',
          message: /not a valid dbt manifest.json \(nodes:/,
        },
      );
      expectError(
        await api.post('/api/databases', {
          name: 'x',
          engine: 'postgres',
          details: postgresDetails,
          dbt_catalog: { nodes: { 'model.a.b': { metadata: { name: 'b' } } } },
        }),
        400,
        { field: 'dbt_catalog', message: /nodes\.model\.a\.b\.columns/ },
      );
      expectError(
        await api.post('/api/databases', {
          name: 'x',
          engine: 'postgres',
          details: postgresDetails,
          dbt_manifest: '{oops',
        }),
        400,
        {
          field: 'dbt_manifest',
          message: /not valid JSON/,
        },
      );

      const created = await addDatabase(api, {
        name: 'dbt',
        engine: 'postgres',
        details: postgresDetails,
        dbt_manifest: manifest,
        dbt_catalog: catalog,
      });
      expect(created.dbt_manifest).toEqual({ models: 2, columns: 2 });
      expect(created.dbt_catalog).toEqual({ models: 1, columns: 1 });
      const resent = await api.put<Database>(`/api/databases/${created.id}`, { ...created, name: 'dbt 2' });
      expect(resent.body).toMatchObject({
        name: 'dbt 2',
        dbt_manifest: { models: 2, columns: 2 },
        dbt_catalog: { models: 1, columns: 1 },
      });
      const removed = await api.put<Database>(`/api/databases/${created.id}`, { dbt_catalog: null });
      expect(removed.body).toMatchObject({ dbt_manifest: { models: 2, columns: 2 }, dbt_catalog: null });
    });

    it('takes dbt files larger than the general body limit, up to DATABASE_BODY_LIMIT_BYTES', async () => {
      const nodes = (count: number) =>
        Object.fromEntries(
          Array.from({ length: count }, (_, i) => [
            `model.p.m${i}`,
            { resource_type: 'model', name: `m${i}`, description: 'x'.repeat(80) },
          ]),
        );
      const fits = await api.post<Database>('/api/databases', {
        name: 'big',
        engine: 'postgres',
        details: postgresDetails,
        dbt_manifest: { nodes: nodes(500) },
      });
      expect(fits.status, fits.text).toBe(201);
      expect(fits.body.dbt_manifest).toEqual({ models: 500, columns: 0 });
      expectError(
        await api.post('/api/databases', {
          name: 'too big',
          engine: 'postgres',
          details: postgresDetails,
          dbt_manifest: { nodes: nodes(2000) },
        }),
        413,
        {
          code: 'PAYLOAD_TOO_LARGE',
        },
      );
      // Other routes keep the general limit.
      expectError(await api.post('/api/query/_run', { databaseId: 'x', query: 'x'.repeat(20000) }), 413);
    });
  });
}
