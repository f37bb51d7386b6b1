import type {
  Project,
  SemanticModel,
  SemanticModelState,
  SemanticTerm,
  SemanticTerms,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase, addDemoDatabase, seedAcmePeople } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * What the chat input suggests as one types, over real HTTP on the SQLite and the PostgreSQL
 * store: the terms of the Demo shop's and Chinook's semantic models that match the words before
 * the caret. Without a model they come from a proposal of the cached schema (no values); with one,
 * from it, values and synonyms included. Ann owns both databases in Acme; Ben is her colleague,
 * Eve of no organisation, Vic an anonymous visitor.
 */

/** What a term reads as in a list: its kind and what it shows. */
const shown = (term: SemanticTerm) => `${term.kind}:${term.kind === 'value' ? term.value : term.name}`;

for (const dialect of await storeDialects('Semantic terms')) {
  describe.skipIf(!dialect.run)(`suggested terms on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let db: StoreDb;
    let chinook: { filename: string; remove: () => Promise<void> };
    let demoId: string;
    let chinookId: string;
    const people = { ann: newId(), ben: newId(), eve: newId() };
    const vic = newId();
    const as = (user: string) => ({ user });
    const lookup = (databaseId: string, query: string, user = people.ben) =>
      api.get<SemanticTerms>(`/api/databases/${databaseId}/semantic-model/terms?${query}`, as(user));
    const terms = async (databaseId: string, q: string, limit?: number) => {
      const query = new URLSearchParams({ q, ...(limit === undefined ? {} : { limit: String(limit) }) });
      const answered = await lookup(databaseId, query.toString());
      expect(answered.status, answered.text).toBe(200);
      return answered.body;
    };
    const modelPath = () => `/api/databases/${demoId}/semantic-model`;

    beforeAll(async () => {
      appStore = await dialect.open();
      chinook = await chinookSqliteCopy();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
      db = running.built.store.db;
      const acme = await seedAcmePeople(db, people);
      await insertUser(db, { id: vic, role: 'anonymous' });
      demoId = await addDemoDatabase(running);
      chinookId = (
        await addDatabase(api, { name: 'Chinook', engine: 'sqlite', details: { filename: chinook.filename } })
      ).id;
      // Ann's, shared with Acme; not public.
      await db
        .updateTable('databases')
        .set({ owner_id: people.ann, organization_id: acme, public: false })
        .where('id', 'in', [demoId, chinookId])
        .execute();
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
      await chinook.remove();
    });

    it('answers from a proposal of the cached schema when the database has no model, without values or storing it', async () => {
      const typed = await terms(demoId, 'cust');
      expect(typed.source).toBe('schema');
      expect(typed.terms[0]).toEqual({
        kind: 'dataset',
        name: 'customer',
        label: 'Customer',
        singular: 'customer',
        plural: 'customers',
        insert: 'customer',
        words: 1,
        match: 'prefix',
        matched: 'customer',
      });
      expect(typed.terms.map(shown)).toContain('metric:customer_count');
      expect(typed.terms.map(shown)).toContain('dimension:customer.city');
      // No profiles were measured, so no values: "deliv" finds nothing yet.
      expect(await terms(demoId, 'deliv')).toEqual({ terms: [], source: 'schema' });
      // Nothing was stored: the database still has neither a model nor a proposal.
      const state = (await api.get<SemanticModelState>(modelPath(), as(people.ann))).body;
      expect([state.model, state.proposal]).toEqual([null, null]);
    });

    it('matches words, prefixes, values, synonyms and near spellings, whatever the case and accents', async () => {
      expect((await api.post(`${modelPath()}/proposal`, undefined, as(people.ann))).status).toBe(200);
      const accepted = await api.post<SemanticModelState>(
        `${modelPath()}/proposal/accept`,
        { version: 0 },
        as(people.ann),
      );
      expect(accepted.status, accepted.text).toBe(200);
      const model = accepted.body.model as SemanticModel;
      // A person says "revenue" for the orders' total amount.
      const withSynonym: SemanticModel = {
        ...model,
        metrics: model.metrics.map((metric) =>
          metric.name === 'order_total_amount' ? { ...metric, synonyms: ['revenue'] } : metric,
        ),
      };
      const saved = await api.put(modelPath(), { model: withSynonym, version: 1 }, as(people.ann));
      expect(saved.status, saved.text).toBe(200);

      // A value of a categorical dimension, from the profiles the proposal measured.
      const delivered = await terms(demoId, 'which were deliv');
      expect(delivered.source).toBe('saved');
      expect(delivered.terms).toEqual([
        {
          kind: 'value',
          value: 'delivered',
          dimension: { name: 'order.status', label: 'Status' },
          dataset: { name: 'order', label: 'Order' },
          insert: 'delivered',
          words: 1,
          match: 'prefix',
          matched: 'delivered',
        },
      ]);
      expect((await terms(demoId, 'DÉLIVERED')).terms.map((term) => [shown(term), term.match])).toEqual([
        ['value:delivered', 'exact'],
      ]);

      // Two words typed: the dimension with its dataset's label, replacing both.
      const status = (await terms(demoId, 'by order st')).terms[0];
      expect(status).toMatchObject({
        kind: 'dimension',
        name: 'order.status',
        words: 2,
        insert: 'order status',
      });
      const amount = (await terms(demoId, 'total amo')).terms[0];
      expect(amount).toMatchObject({
        kind: 'metric',
        name: 'order_total_amount',
        words: 2,
        certified: false,
      });

      // A synonym finds its metric, which is inserted by its label.
      const revenue = (await terms(demoId, 'show me the reve')).terms;
      expect(revenue.map(shown)).toEqual(['metric:order_total_amount']);
      expect(revenue[0]).toMatchObject({ matched: 'revenue', insert: 'order total amount', match: 'prefix' });

      // A time dimension says its grains.
      const ordered = (await terms(demoId, 'ordered')).terms[0];
      expect(ordered).toMatchObject({ kind: 'dimension', name: 'order.ordered_at', type: 'time' });
      expect(ordered?.kind === 'dimension' ? ordered.timeGrains : []).toEqual(
        expect.arrayContaining(['day', 'month', 'year']),
      );

      // The plural as typed: exact, and inserted in the plural.
      expect((await terms(demoId, 'Orders')).terms[0]).toMatchObject({
        kind: 'dataset',
        name: 'order',
        match: 'exact',
        insert: 'orders',
      });

      // A misspelling finds its term only as a near spelling.
      const misspelt = await terms(demoId, 'custmer');
      expect(misspelt.terms[0]).toMatchObject({ kind: 'dataset', name: 'customer', match: 'fuzzy' });
      expect(new Set(misspelt.terms.map((term) => term.match))).toEqual(new Set(['fuzzy']));
      expect((await terms(demoId, 'zzzz')).terms).toEqual([]);
    });

    it('ranks a certified metric first, then exact matches before prefixes', async () => {
      const before = (await terms(demoId, 'customer')).terms;
      expect(before.slice(0, 2).map((term) => [shown(term), term.match])).toEqual([
        ['dataset:customer', 'exact'],
        ['metric:customer_count', 'prefix'],
      ]);
      const certified = await api.post(
        `${modelPath()}/metrics/customer_count/certification`,
        undefined,
        as(people.ann),
      );
      expect(certified.status, certified.text).toBe(200);
      const after = (await terms(demoId, 'customer')).terms;
      expect(after[0]).toMatchObject({ kind: 'metric', name: 'customer_count', certified: true });
      expect(after.slice(1).map(shown)).toEqual(
        before.filter((term) => shown(term) !== 'metric:customer_count').map(shown),
      );
    });

    it('answers at most the limit asked (8 unless said, 20 at most), and names a bad q or limit', async () => {
      expect((await terms(demoId, 'or')).terms).toHaveLength(8);
      expect((await terms(demoId, 'or', 3)).terms.map(shown)).toEqual(
        (await terms(demoId, 'or', 20)).terms.slice(0, 3).map(shown),
      );
      expect((await terms(demoId, 'or', 20)).terms.length).toBeGreaterThan(8);
      expect(await terms(demoId, '   ')).toEqual({ terms: [], source: 'none' });
      expect((await terms(demoId, `${'x '.repeat(98)}cust`)).terms.length).toBeGreaterThan(0);
      for (const limit of ['0', '21', 'many', '2.5']) {
        expectError(await lookup(demoId, `q=cust&limit=${limit}`), 400, {
          code: 'BAD_REQUEST',
          field: 'limit',
        });
      }
      expectError(await lookup(demoId, `q=${'a'.repeat(201)}`), 400, { code: 'BAD_REQUEST', field: 'q' });
    });

    it('is read by whoever may read the database, and through a project', async () => {
      for (const outsider of [people.eve, vic]) {
        expectError(await lookup(demoId, 'q=cust', outsider), 404, { code: 'NOT_FOUND' });
      }
      expectError(await lookup('no-such-database', 'q=cust', people.ann), 404);
      const project = await api.post<Project>(
        '/api/projects',
        { name: 'Sales', databaseId: demoId, tables: [] },
        as(people.ann),
      );
      expect(project.status, project.text).toBe(201);
      const projectPath = `/api/projects/${project.body.id}/semantic-model/terms?q=deliv`;
      const throughProject = await api.get<SemanticTerms>(projectPath, as(people.ben));
      expect(throughProject.status, throughProject.text).toBe(200);
      expect(throughProject.body).toEqual(await terms(demoId, 'deliv'));
      expectError(await api.get(projectPath, as(people.eve)), 404);
      expectError(await api.get(`${projectPath}&limit=99`, as(people.ben)), 400, { field: 'limit' });
    });

    it('reads Chinook’s PascalCase names as words, and its values once a proposal measured them', async () => {
      const artist = await terms(chinookId, 'how many art');
      expect(artist.source).toBe('schema');
      expect(artist.terms.slice(0, 2).map(shown)).toEqual(['dataset:artist', 'metric:artist_count']);
      expect(artist.terms[0]).toMatchObject({ singular: 'artist', plural: 'artists' });
      expect((await terms(chinookId, 'invoice li')).terms[0]).toMatchObject({
        kind: 'dataset',
        name: 'invoice_line',
        words: 2,
        insert: 'invoice line',
      });
      // Both words matched rank above "cou" alone (Customer's country, every count).
      const billing = (await terms(chinookId, 'billing cou')).terms;
      expect(billing.map((term) => [shown(term), term.words])).toContainEqual([
        'dimension:customer.country',
        1,
      ]);
      expect(billing[0]).toMatchObject({
        name: 'invoice.billing_country',
        words: 2,
        insert: 'billing country',
      });
      expect((await terms(chinookId, 'roc')).terms.filter((term) => term.kind === 'value')).toEqual([]);

      const proposed = await api.post(
        `/api/databases/${chinookId}/semantic-model/proposal`,
        undefined,
        as(people.ann),
      );
      expect(proposed.status, proposed.text).toBe(200);
      const rock = await terms(chinookId, 'rock');
      expect(rock.source).toBe('proposal');
      expect(
        rock.terms.filter((term) => term.kind === 'value').map((term) => [shown(term), term.match]),
      ).toContainEqual(['value:Rock', 'exact']);
      const value = rock.terms.find((term) => term.kind === 'value' && term.value === 'Rock');
      expect(value).toMatchObject({ dimension: { name: 'genre.name' }, insert: 'Rock' });
    });
  });
}
