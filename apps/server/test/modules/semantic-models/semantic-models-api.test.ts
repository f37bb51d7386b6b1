import type {
  MetricQueryResult,
  Project,
  QueryResults,
  SemanticModel,
  SemanticModelHistory,
  SemanticModelState,
  SemanticModelVersion,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDb } from '../../../src/store/connect.ts';
import { newId } from '../../../src/store/values.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { expectError } from '../../helpers/api-client.ts';
import { keyedRows } from '../../helpers/result-rows.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import { type AcmeDemoApp, startAcmeDemoApp } from '../../helpers/acme-demo-app.ts';

/*
 * A database's semantic model over real HTTP, on the SQLite and the PostgreSQL store, on the
 * generated Demo shop: proposed from its schema and profiles, accepted in part then whole, edited
 * with versions (a stale one refused), checked (400 naming the part), certified and withdrawn,
 * kept in history, read through a project, and answered by metric queries whose rows are those
 * of hand-written SQL. Ann owns the database in Acme; Ben is her colleague, Eve of no
 * organisation, Vic an anonymous visitor.
 */

/** Rows as plain values, numbers rounded: the engine sums floats in its own order. */
function rounded(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value,
      ]),
    ),
  );
}

for (const dialect of await storeDialects('Semantic models')) {
  describe.skipIf(!dialect.run)(`the semantic model of a database on the ${dialect.name}`, () => {
    let api: ApiClient;
    let db: StoreDb;
    let demoId: string;
    const people = { ann: newId(), ben: newId(), eve: newId() };
    const vic = newId();
    const as = (user: string) => ({ user });
    const path = () => `/api/databases/${demoId}/semantic-model`;
    const state = async (user = people.ann) => (await api.get<SemanticModelState>(path(), as(user))).body;

    let app: AcmeDemoApp;
    beforeAll(async () => {
      app = await startAcmeDemoApp(dialect, people, vic);
      ({ api, db, demoId } = app);
    });

    afterAll(() => app.stop());

    it('has no model at first, and tells each caller what they may do', async () => {
      expect(await state()).toEqual({
        databaseId: demoId,
        model: null,
        version: 0,
        updatedAt: null,
        updatedBy: null,
        proposal: null,
        abilities: { edit: true, certify: true },
      });
      expect((await state(people.ben)).abilities).toEqual({ edit: false, certify: false });
      expectError(await api.get(path(), as(people.eve)), 404, { code: 'NOT_FOUND' });
      expectError(await api.get(path(), as(vic)), 404, { code: 'NOT_FOUND' });
      expect((await api.get<SemanticModelHistory>(`${path()}/history`, as(people.ann))).body).toEqual({
        changes: [],
      });
    });

    it('proposes from the schema and profiles, accepts the picked items, then the rest', async () => {
      expectError(await api.post(`${path()}/proposal`, undefined, as(people.ben)), 403, {
        code: 'FORBIDDEN',
      });
      expectError(await api.post(`${path()}/proposal`, undefined, as(people.eve)), 404);
      const proposed = await api.post<SemanticModelState>(`${path()}/proposal`, undefined, as(people.ann));
      expect(proposed.status, proposed.text).toBe(200);
      expect(proposed.body.model).toBeNull();
      expect(proposed.body.proposal).toMatchObject({ source: 'person', proposedBy: 'Ann Lee' });
      const proposal = proposed.body.proposal?.model as SemanticModel;
      expect(proposal.datasets.map((dataset) => dataset.name)).toEqual([
        'category',
        'customer',
        'order_line',
        'order',
        'product',
      ]);
      // Profiles made the few-valued text a category with its values.
      const status = proposal.datasets
        .find((dataset) => dataset.name === 'order')
        ?.dimensions.find((dimension) => dimension.name === 'status');
      expect([...(status?.sampleValues ?? [])].sort()).toEqual([
        'cancelled',
        'delivered',
        'processing',
        'returned',
        'shipped',
      ]);

      // A pick naming what the proposal lacks is refused, naming the item.
      expectError(
        await api.post(
          `${path()}/proposal/accept`,
          { version: 0, items: { metrics: ['revenue'] } },
          as(people.ann),
        ),
        400,
        { field: 'items.metrics[0]', message: 'The proposal has no metric called revenue' },
      );
      // A metric without its dataset leaves a broken reference: refused, naming it.
      expectError(
        await api.post(
          `${path()}/proposal/accept`,
          { version: 0, items: { metrics: ['order_count'] } },
          as(people.ann),
        ),
        400,
        { field: 'items.metrics[0].measure' },
      );
      expectError(await api.post(`${path()}/proposal/accept`, { version: 0 }, as(people.ben)), 403);
      const picked = await api.post<SemanticModelState>(
        `${path()}/proposal/accept`,
        {
          version: 0,
          items: {
            datasets: ['customer', 'order'],
            relationships: ['order_customer'],
            metrics: ['order_count'],
          },
        },
        as(people.ann),
      );
      expect(picked.status, picked.text).toBe(200);
      expect(picked.body).toMatchObject({ version: 1, updatedBy: 'Ann Lee', proposal: null });
      expect(picked.body.model?.datasets.map((dataset) => dataset.name)).toEqual(['customer', 'order']);
      expect(picked.body.model?.metrics.map((metric) => metric.name)).toEqual(['order_count']);
      expectError(await api.post(`${path()}/proposal/accept`, { version: 1 }, as(people.ann)), 409, {
        message: 'There is no pending proposal to accept',
      });

      // Ann relabels the customers; a new proposal's own "customer" does not undo it.
      const model = picked.body.model as SemanticModel;
      const relabelled: SemanticModel = {
        ...model,
        datasets: model.datasets.map((dataset) =>
          dataset.name === 'customer' ? { ...dataset, label: 'Shopper' } : dataset,
        ),
      };
      const saved = await api.put<SemanticModelState>(
        path(),
        { model: relabelled, version: 1 },
        as(people.ann),
      );
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.version).toBe(2);
      await api.post(`${path()}/proposal`, undefined, as(people.ann));
      const all = await api.post<SemanticModelState>(
        `${path()}/proposal/accept`,
        { version: 2 },
        as(people.ann),
      );
      expect(all.status, all.text).toBe(200);
      expect(all.body.version).toBe(3);
      expect(all.body.model?.datasets.map((dataset) => [dataset.name, dataset.label])).toEqual([
        ['customer', 'Shopper'],
        ['order', 'Order'],
        ['category', 'Category'],
        ['order_line', 'Order line'],
        ['product', 'Product'],
      ]);
      expect(all.body.model?.metrics).toHaveLength(proposal.metrics.length);

      // A rejected proposal leaves the model as it was.
      await api.post(`${path()}/proposal`, undefined, as(people.ann));
      expectError(await api.del(`${path()}/proposal`, as(people.ben)), 403);
      const rejected = await api.del<SemanticModelState>(`${path()}/proposal`, as(people.ann));
      expect(rejected.body).toMatchObject({ version: 3, proposal: null });
      expect(rejected.body.model).toEqual(all.body.model);
    });

    it('refuses a stale version with 409 and bad input with a 400 naming the field', async () => {
      const current = await state();
      const model = current.model as SemanticModel;
      expectError(await api.put(path(), { model, version: current.version - 1 }, as(people.ann)), 409, {
        code: 'CONFLICT',
        field: 'version',
      });
      const badName = { ...model, metrics: [{ ...model.metrics[0], name: 'Order Count' }] };
      expectError(await api.put(path(), { model: badName, version: current.version }, as(people.ann)), 400, {
        field: 'model.metrics.0.name',
      });
      const brokenMetrics = [...model.metrics];
      brokenMetrics[2] = {
        name: 'broken',
        type: 'simple',
        measure: 'order.no_such_measure',
      } as SemanticModel['metrics'][number];
      const broken = await api.put(
        path(),
        { model: { ...model, metrics: brokenMetrics }, version: current.version },
        as(people.ann),
      );
      expectError(broken, 400, { code: 'BAD_REQUEST', field: 'model.metrics[2].measure' });
      expectError(await api.put(path(), { model, version: current.version }, as(people.ben)), 403);
      expectError(await api.put(path(), { model, version: current.version }, as(people.eve)), 404);
      expectError(await api.put(path(), { model, version: current.version }, as(vic)), 404);
      expect((await state()).version).toBe(current.version);
    });

    it('certifies by the caller, keeps it over unchanged saves, drops it on a change, and cannot be forged', async () => {
      expectError(
        await api.post(`${path()}/metrics/order_count/certification`, undefined, as(people.ben)),
        403,
      );
      expectError(
        await api.post(`${path()}/metrics/order_cuont/certification`, undefined, as(people.ann)),
        404,
        {
          message: /did you mean order_count/,
        },
      );
      const certified = await api.post<SemanticModelState>(
        `${path()}/metrics/order_count/certification`,
        undefined,
        as(people.ann),
      );
      expect(certified.status, certified.text).toBe(200);
      const stamp = certified.body.model?.metrics.find((metric) => metric.name === 'order_count')?.certified;
      expect(stamp?.by).toBe('Ann Lee');
      expect(Date.parse(stamp?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);

      // A save that sends no certification keeps the stored one; one claiming another is ignored.
      const model = certified.body.model as SemanticModel;
      const forged: SemanticModel = {
        ...model,
        metrics: model.metrics.map((metric) =>
          metric.name === 'order_count'
            ? { ...metric, certified: null }
            : metric.name === 'customer_count'
              ? { ...metric, certified: { by: 'Mallory', at: '2026-01-01T00:00:00.000Z' } }
              : metric,
        ),
      };
      const kept = await api.put<SemanticModelState>(
        path(),
        { model: forged, version: certified.body.version },
        as(people.ann),
      );
      expect(kept.status, kept.text).toBe(200);
      const certifications = (state: SemanticModelState) =>
        Object.fromEntries(
          (state.model?.metrics ?? [])
            .filter((metric) => metric.certified !== null)
            .map((metric) => [metric.name, metric.certified?.by]),
        );
      expect(certifications(kept.body)).toEqual({ order_count: 'Ann Lee' });

      // Changing what the certified metric computes drops its certification.
      const changed: SemanticModel = {
        ...model,
        metrics: model.metrics.map((metric) =>
          metric.name === 'order_count'
            ? { ...metric, filters: [{ dimension: 'order.status', operator: '!=', values: ['cancelled'] }] }
            : metric,
        ),
      };
      const dropped = await api.put<SemanticModelState>(
        path(),
        { model: changed, version: kept.body.version },
        as(people.ann),
      );
      expect(dropped.status, dropped.text).toBe(200);
      expect(certifications(dropped.body)).toEqual({});

      await api.post(`${path()}/metrics/order_count/certification`, undefined, as(people.ann));
      const withdrawn = await api.del<SemanticModelState>(
        `${path()}/metrics/order_count/certification`,
        as(people.ann),
      );
      expect(certifications(withdrawn.body)).toEqual({});
      // Withdrawing again changes nothing and adds no version.
      const again = await api.del<SemanticModelState>(
        `${path()}/metrics/order_count/certification`,
        as(people.ann),
      );
      expect(again.body.version).toBe(withdrawn.body.version);
    });

    it('keeps every change in history, newest first, each version readable as it was', async () => {
      const history = (await api.get<SemanticModelHistory>(`${path()}/history`, as(people.ben))).body.changes;
      expect(history.map((change) => [change.version, change.changedBy])).toEqual(
        [8, 7, 6, 5, 4, 3, 2, 1].map((version) => [version, 'Ann Lee']),
      );
      const summaries = history.map((change) => change.summary);
      expect(summaries.at(-1)).toBe(
        'added dataset customer; added dataset order; added relationship order_customer; added metric order_count',
      );
      expect(summaries).toEqual([
        'withdrew the certification of metric order_count',
        'certified metric order_count',
        'changed metric order_count; certification of metric order_count dropped by the change',
        'no change',
        'certified metric order_count',
        expect.stringMatching(/^added dataset category; added dataset order_line; added dataset product; /),
        'changed dataset customer',
        summaries.at(-1),
      ]);
      const first = await api.get<SemanticModelVersion>(`${path()}/history/1`, as(people.ben));
      expect(first.body.model.datasets.map((dataset) => dataset.name)).toEqual(['customer', 'order']);
      expectError(await api.get(`${path()}/history/99`, as(people.ann)), 404, { field: 'version' });
      expectError(await api.get(`${path()}/history/1`, as(people.eve)), 404);
    });

    it('answers a metric query with the rows of hand-written SQL, aggregated before joining', async () => {
      const ask = (body: unknown, user = people.ben) =>
        api.post<MetricQueryResult>(`/api/databases/${demoId}/metrics/query`, body, as(user));
      const sql = async (query: string) =>
        keyedRows(
          (await api.post<QueryResults>('/api/query/_run', { databaseId: demoId, query }, as(people.ann)))
            .body,
        );

      // Order totals and line quantities by the customer's country: lines are many per order, so
      // a naive join would count each order once per line.
      const answered = await ask({
        metrics: ['order_total_amount', 'order_count', 'order_line_quantity'],
        dimensions: [{ dimension: 'country_code' }],
        orderBy: [{ field: 'country_code' }],
      });
      expect(answered.status, answered.text).toBe(200);
      expect(answered.body.fields.map((field) => [field.name, field.kind])).toEqual([
        ['country_code', 'dimension'],
        ['order_total_amount', 'metric'],
        ['order_count', 'metric'],
        ['order_line_quantity', 'metric'],
      ]);
      const byHand = await sql(`
        SELECT c.country_code,
               SUM(o.total_amount) AS order_total_amount,
               SUM(CASE WHEN o.status <> 'cancelled' THEN 1 ELSE 0 END) AS order_count,
               (SELECT SUM(l.quantity) FROM order_lines l JOIN orders o2 ON o2.order_id = l.order_id
                  JOIN customers c2 ON c2.customer_id = o2.customer_id
                 WHERE c2.country_code = c.country_code) AS order_line_quantity
          FROM orders o JOIN customers c ON c.customer_id = o.customer_id
         GROUP BY c.country_code ORDER BY c.country_code`);
      expect(byHand.length).toBeGreaterThan(5);
      expect(rounded(keyedRows(answered.body))).toEqual(rounded(byHand));
      expect(answered.body.sql).toContain('WITH');
      // It ran through the one SQL path: in the caller's history.
      const history = (await api.get<{ sql: string }[]>('/api/query-history', as(people.ben))).body;
      expect(history.map((entry) => entry.sql)).toContain(answered.body.sql);

      const monthly = await ask({
        metrics: ['order_count'],
        dimensions: [{ dimension: 'ordered_at', grain: 'year' }],
        filters: [{ dimension: 'status', operator: 'in', values: ['delivered', 'shipped'] }],
        orderBy: [{ field: 'ordered_at__year', direction: 'desc' }],
      });
      expect(monthly.status, monthly.text).toBe(200);
      const byYear = await sql(`
        SELECT substr(ordered_at, 1, 4) AS year, COUNT(*) AS n FROM orders
         WHERE status IN ('delivered', 'shipped') GROUP BY 1 ORDER BY 1 DESC`);
      expect(keyedRows(monthly.body).map((row) => Number(row.order_count))).toEqual(
        byYear.map((row) => row.n),
      );

      expectError(await ask({ metrics: ['order_cuont'] }), 400, {
        code: 'BAD_REQUEST',
        field: 'metrics[0]',
        message: /did you mean order_count/,
      });
      expectError(await ask({ metrics: [] }), 400, { field: 'metrics' });
      expectError(await ask({ metrics: ['order_count'], ties: true }), 400, { field: 'ties' });
      expectError(await ask({ metrics: ['order_count'] }, people.eve), 404);
    });

    it('answers a project with its database’s model, read-only', async () => {
      const project = await api.post<Project>(
        '/api/projects',
        { name: 'Sales', databaseId: demoId, tables: [] },
        as(people.ann),
      );
      expect(project.status, project.text).toBe(201);
      const read = await api.get<SemanticModelState>(
        `/api/projects/${project.body.id}/semantic-model`,
        as(people.ben),
      );
      expect(read.status, read.text).toBe(200);
      expect(read.body.model).toEqual((await state()).model);
      expect(read.body.abilities).toEqual({ edit: false, certify: false });
      expectError(await api.get(`/api/projects/${project.body.id}/semantic-model`, as(people.eve)), 404);
    });

    it('lets anyone read a public database’s model and nobody but its owner change it', async () => {
      await db.updateTable('databases').set({ public: true }).where('id', '=', demoId).execute();
      for (const visitor of [people.eve, vic]) {
        const read = await api.get<SemanticModelState>(path(), as(visitor));
        expect(read.status, read.text).toBe(200);
        expect(read.body.abilities).toEqual({ edit: false, certify: false });
        const { version, model } = read.body;
        expectError(await api.put(path(), { model, version }, as(visitor)), 403);
        expectError(await api.post(`${path()}/proposal`, undefined, as(visitor)), 403);
        expectError(
          await api.post(`${path()}/metrics/order_count/certification`, undefined, as(visitor)),
          403,
        );
        const answered = await api.post<MetricQueryResult>(
          `/api/databases/${demoId}/metrics/query`,
          { metrics: ['customer_count'] },
          as(visitor),
        );
        expect(answered.status, answered.text).toBe(200);
      }
      await db.updateTable('databases').set({ public: false }).where('id', '=', demoId).execute();
    });
  });
}
