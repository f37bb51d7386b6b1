import type {
  MetricQueryResult,
  QueryResults,
  SemanticImportResult,
  SemanticModel,
  SemanticModelState,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { TEST_USER_HEADER, actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase, seedAcmePeople } from '../../helpers/factories.ts';
import { keyedRows } from '../../helpers/result-rows.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import { writeJaffleDuckdbFile } from '../../semantic/interchange/jaffle-marts.ts';
import { jaffleMetricTotals, rounded } from '../../semantic/interchange/jaffle-metric-totals.ts';
import { readFixture } from '../../semantic/interchange/jaffle-model.ts';
import { newId } from '../../../src/store/values.ts';

/*
 * Issue #19's done-when through the API, on the SQLite and the PostgreSQL store: dbt's semantic
 * layer imported (the jaffle-sl-template YAML, then a semantic_manifest.json) into a DuckDB file
 * connected as a user connects one, accepted, and each imported metric answered by
 * POST …/metrics/query with the number hand-written SQL gives on the same database. Then OSI
 * export and import round trip, bad files named, who may import, accept with and without
 * `replace`, and a dbt manifest upload that leaves its semantic layer as a proposal. Ann owns the
 * database in Acme; Ben is her colleague (reads, may not edit), Eve of no organisation.
 */

/**
 * The table the semantic_manifest.json fixture describes (`public.foto_orders`, one row per
 * order), with a few rows written by hand beside the jaffle marts.
 */
const fotoOrdersSql = [
  'CREATE SCHEMA public',
  `CREATE TABLE public.foto_orders (id INTEGER PRIMARY KEY, created DATE NOT NULL, type VARCHAR, currency VARCHAR,
     payment_status VARCHAR, sum_total_eur DECIMAL(10, 2), sum_total DECIMAL(10, 2), agent_id INTEGER,
     coupon_id INTEGER, photographer_id INTEGER, gallery_id INTEGER, rate_id INTEGER)`,
  `INSERT INTO public.foto_orders VALUES
     (1, '2024-01-02', 'print', 'EUR', 'paid', 40.00, 40.00, 1, NULL, 7, 1, 1),
     (2, '2024-01-09', 'digital', 'USD', 'paid', 18.40, 20.00, 2, 3, 7, 2, 1),
     (3, '2024-02-14', 'print', 'GBP', 'refunded', 58.10, 50.00, 1, 3, 8, 3, 2),
     (4, '2024-03-01', 'digital', 'EUR', 'paid', 9.99, 9.99, NULL, NULL, 9, 1, 2)`,
];

const fotoTotals: { metric: string; sql: string }[] = [
  { metric: 'sum_total_eur', sql: 'SELECT SUM(sum_total_eur) AS v FROM public.foto_orders' },
  { metric: 'sum_total', sql: 'SELECT SUM(sum_total) AS v FROM public.foto_orders' },
  { metric: 'count_orders', sql: 'SELECT COUNT(*) AS v FROM public.foto_orders' },
  { metric: 'aov_eur', sql: 'SELECT SUM(sum_total_eur) / COUNT(*) AS v FROM public.foto_orders' },
];

const jaffleFiles = ['orders.yml', 'order_items.yml', 'customers.yml'].map((name) => ({
  name,
  content: readFixture(`jaffle-sl-template/${name}`),
}));

const semanticManifestText = readFixture('semantic_manifest.json');

/** The semantic_manifest.json's lists keyed by unique id, as dbt's manifest.json holds them. */
function manifestJsonOf(text: string): Record<string, unknown> {
  const lists = JSON.parse(text) as { semantic_models: { name: string }[]; metrics: { name: string }[] };
  return {
    metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' },
    nodes: {},
    sources: {},
    semantic_models: Object.fromEntries(
      lists.semantic_models.map((model) => [`semantic_model.jaffle.${model.name}`, model]),
    ),
    metrics: Object.fromEntries(lists.metrics.map((metric) => [`metric.jaffle.${metric.name}`, metric])),
  };
}

for (const dialect of await storeDialects('Semantic model import and export')) {
  describe.skipIf(!dialect.run)(`importing and exporting a semantic model on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let removeFiles: () => Promise<void>;
    let databaseId: string;
    const people = { ann: newId(), ben: newId(), eve: newId() };
    const as = (user: string) => ({ user });
    const path = () => `/api/databases/${databaseId}/semantic-model`;
    const state = async () => (await api.get<SemanticModelState>(path(), as(people.ann))).body;
    const importFile = (body: unknown, user = people.ann) =>
      api.post<SemanticImportResult>(`${path()}/import`, body, as(user));
    const accept = (body: unknown) =>
      api.post<SemanticModelState>(`${path()}/proposal/accept`, body, as(people.ann));
    const exportFile = (query: string, user = people.ann) =>
      fetch(`${running.baseUrl}${path()}/export${query}`, { headers: { [TEST_USER_HEADER]: user } });

    /** One value: the metric's answer, or the hand-written SQL's, rounded alike. */
    async function metricValue(metric: string): Promise<unknown> {
      const answered = await api.post<MetricQueryResult>(
        `/api/databases/${databaseId}/metrics/query`,
        { metrics: [metric] },
        as(people.ann),
      );
      expect(answered.status, answered.text).toBe(200);
      return rounded(keyedRows(answered.body)[0]?.[metric]);
    }
    async function sqlValue(query: string): Promise<unknown> {
      const ran = await api.post<QueryResults>('/api/query/_run', { databaseId, query }, as(people.ann));
      expect(ran.status, ran.text).toBe(200);
      return rounded(keyedRows(ran.body)[0]?.v);
    }

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
      await seedAcmePeople(running.built.store.db, people);
      const files = await temporaryDirectory('querent-jaffle-api-');
      removeFiles = files.remove;
      const filename = `${files.dir}/jaffle.duckdb`;
      await writeJaffleDuckdbFile(filename, fotoOrdersSql);
      databaseId = (
        await addDatabase(
          api,
          { name: 'Jaffle shop', engine: 'motherduck', details: { path: filename } },
          as(people.ann),
        )
      ).id;
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await removeFiles();
    });

    it('has nothing to export before a model or a proposal exists', async () => {
      expect((await exportFile('?format=osi')).status).toBe(404);
      expect((await exportFile('?format=osi&proposal=true')).status).toBe(404);
      expect((await exportFile('?format=yaml')).status).toBe(400);
    });

    it('imports the jaffle-sl-template YAML files as a proposal that answers its own metrics once accepted', async () => {
      const imported = await importFile({ format: 'dbt', files: jaffleFiles });
      expect(imported.status, imported.text).toBe(200);
      expect(imported.body.model).toBeNull();
      expect(imported.body.proposal).toMatchObject({ source: 'import' });
      expect(imported.body.proposal?.model.datasets.map((dataset) => dataset.name)).toEqual([
        'orders',
        'order_item',
        'customers',
      ]);
      // What dbt has and Querent has not is said, item by item.
      expect(imported.body.warnings.length).toBeGreaterThan(0);
      for (const warning of imported.body.warnings) expect(warning.item).not.toBe('');

      const accepted = await accept({ version: 0 });
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.body).toMatchObject({ version: 1, proposal: null });
      for (const { metric, sql } of jaffleMetricTotals) {
        const expected = await sqlValue(sql);
        expect(expected, metric).not.toBeNull();
        expect(await metricValue(metric), metric).toEqual(expected);
      }
    });

    it('exports the saved model as OSI YAML named after the database, which imports back as the same model', async () => {
      const saved = (await state()).model as SemanticModel;
      const exported = await exportFile('?format=osi', people.ben);
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toMatch(/^application\/yaml/);
      expect(exported.headers.get('content-disposition')).toContain(
        'filename="Jaffle-shop-semantic-model.osi.yaml"',
      );
      const content = await exported.text();
      expect(content).toMatch(/^semantic_model:/m);

      const back = await importFile({ format: 'osi', content });
      expect(back.status, back.text).toBe(200);
      expect(back.body.warnings).toEqual([]);
      expect(back.body.proposal?.model).toEqual(saved);
      // The pending proposal exports too.
      const proposal = await exportFile('?format=osi&proposal=true');
      expect(proposal.status).toBe(200);
      expect(proposal.headers.get('content-disposition')).toContain(
        'Jaffle-shop-semantic-model-proposal.osi.yaml',
      );
      expect(await proposal.text()).toBe(content);
      expect((await api.del<SemanticModelState>(`${path()}/proposal`, as(people.ann))).status).toBe(200);
    });

    it('refuses unreadable files with a 400 naming where, and callers without the edit ability', async () => {
      expectError(
        await importFile({ format: 'osi', content: 'semantic_model:\n  - name: x\n    datasets: [\n' }),
        400,
        {
          code: 'BAD_REQUEST',
          field: 'content: line 4, column 1',
        },
      );
      expectError(await importFile({ format: 'osi', content: 'name: m' }), 400, {
        field: 'content: semantic_model',
      });
      const badIndent = expectError(
        await importFile({ format: 'dbt', content: 'semantic_models:\n  - name: a\n   bad: [' }),
        400,
      );
      expect(badIndent.field).toMatch(/^content: line 3, column \d+$/);
      const badSecond = [jaffleFiles[0], { name: 'broken.yml', content: 'metrics:\n  - name: [' }];
      const error = expectError(await importFile({ format: 'dbt', files: badSecond }), 400);
      expect(error.field).toMatch(/^files\[1\]: line 2, column \d+$/);
      expect(error.message).toContain('broken.yml');
      expectError(await importFile({ format: 'dbt', content: 'models:\n  - name: plain\n' }), 400, {
        field: 'content',
        message: /Nothing to import/,
      });
      expectError(await importFile({ format: 'osi', files: jaffleFiles }), 400, { field: 'files' });
      expectError(await importFile({ format: 'dbt' }), 400, { field: 'content' });
      expectError(await importFile({ format: 'lookml', content: 'x' }), 400, { field: 'format' });

      const yaml = await exportFile('?format=osi');
      const content = await yaml.text();
      expectError(await importFile({ format: 'osi', content }, people.ben), 403, { code: 'FORBIDDEN' });
      expectError(await importFile({ format: 'osi', content }, people.eve), 404);
      expect((await exportFile('?format=osi', people.eve)).status).toBe(404);
      expect((await state()).proposal).toBeNull();
    });

    it('keeps the person’s same-named items on a plain accept, and replaces them with replace: true', async () => {
      const before = await state();
      const model = before.model as SemanticModel;
      // Ann rewords revenue and certifies it and orders.
      const reworded: SemanticModel = {
        ...model,
        metrics: model.metrics.map((metric) =>
          metric.name === 'revenue' ? { ...metric, description: 'Ann’s revenue' } : metric,
        ),
      };
      const saved = await api.put<SemanticModelState>(
        path(),
        { model: reworded, version: before.version },
        as(people.ann),
      );
      expect(saved.status, saved.text).toBe(200);
      for (const metric of ['revenue', 'orders']) {
        const certified = await api.post(
          `${path()}/metrics/${metric}/certification`,
          undefined,
          as(people.ann),
        );
        expect(certified.status, certified.text).toBe(200);
      }
      const metricOf = (current: SemanticModelState, name: string) =>
        current.model?.metrics.find((metric) => metric.name === name);

      // The same files again, accepted plainly: Ann's revenue stays, certified.
      expect((await importFile({ format: 'dbt', files: jaffleFiles })).status).toBe(200);
      const kept = await accept({ version: (await state()).version });
      expect(kept.status, kept.text).toBe(200);
      expect(metricOf(kept.body, 'revenue')).toMatchObject({ description: 'Ann’s revenue' });
      expect(metricOf(kept.body, 'revenue')?.certified).not.toBeNull();
      expect(metricOf(kept.body, 'orders')?.certified).not.toBeNull();

      // Accepted with replace: dbt's revenue replaces Ann's and, changed, loses its certification;
      // orders, unchanged, keeps its own.
      expect((await importFile({ format: 'dbt', files: jaffleFiles })).status).toBe(200);
      const replaced = await accept({ version: kept.body.version, replace: true });
      expect(replaced.status, replaced.text).toBe(200);
      expect(metricOf(replaced.body, 'revenue')?.description).not.toBe('Ann’s revenue');
      expect(metricOf(replaced.body, 'revenue')?.certified).toBeNull();
      expect(metricOf(replaced.body, 'orders')?.certified).toEqual(metricOf(kept.body, 'orders')?.certified);
      expect(replaced.body.model?.metrics.map((metric) => metric.name)).toEqual(
        model.metrics.map((metric) => metric.name),
      );
    });

    it('imports a semantic_manifest.json whose metrics answer as hand-written SQL does', async () => {
      const imported = await importFile({ format: 'dbt', content: semanticManifestText });
      expect(imported.status, imported.text).toBe(200);
      expect(imported.body.proposal?.model.metrics.map((metric) => metric.name)).toEqual(
        fotoTotals.map((total) => total.metric),
      );
      const accepted = await accept({ version: (await state()).version });
      expect(accepted.status, accepted.text).toBe(200);
      for (const { metric, sql } of fotoTotals) {
        const expected = await sqlValue(sql);
        expect(expected, metric).not.toBeNull();
        expect(await metricValue(metric), metric).toEqual(expected);
      }
    });

    it('leaves a dbt manifest’s semantic layer as a pending proposal on upload, never over the saved model', async () => {
      const before = await state();
      const updated = await api.put(
        `/api/databases/${databaseId}`,
        { dbt_manifest: manifestJsonOf(semanticManifestText) },
        as(people.ann),
      );
      expect(updated.status, updated.text).toBe(200);
      const after = await state();
      expect(after.version).toBe(before.version);
      expect(after.model).toEqual(before.model);
      expect(after.proposal).toMatchObject({ source: 'import' });
      expect(after.proposal?.model.metrics.map((metric) => metric.name)).toEqual(
        fotoTotals.map((total) => total.metric),
      );
      // A manifest without a semantic layer proposes nothing.
      await api.del(`${path()}/proposal`, as(people.ann));
      const plain = await api.put(
        `/api/databases/${databaseId}`,
        { dbt_manifest: { nodes: {}, sources: {} } },
        as(people.ann),
      );
      expect(plain.status, plain.text).toBe(200);
      expect((await state()).proposal).toBeNull();
    });
  });
}
