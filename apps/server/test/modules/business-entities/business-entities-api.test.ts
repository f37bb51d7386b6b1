import type { BusinessEntity, Issue } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../../src/auth/local-admin.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { newId } from '../../../src/store/values.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { seedAcmePeople } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { insertConversation, insertDatabase, insertEntity, insertIssue } from '../../helpers/seed-quality.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * The control page's routes over real HTTP: business entities
 * and issues of a context's database, who may read and change them, and what a database's
 * deletion takes with it. Fixture rows go straight into the store; nothing connects to a database.
 */

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

for (const dialect of await storeDialects('Business entities and issues')) {
  describe.skipIf(!dialect.run)(`business entities and issues on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let db: StoreDb;
    const users = { ann: newId(), ben: newId(), eve: newId() };
    const ids = {
      main: '',
      other: '',
      evePrivate: '',
      shared: '',
      org: '',
      project: newId(),
      review: '',
      customer: '',
      invoice: '',
      artist: '',
      track: '',
      orgEntity: '',
      annReview: '',
      missingEmails: '',
      duplicates: '',
      badPhones: '',
      oldTypo: '',
      unlinked: '',
      otherIssue: '',
      eveIssue: '',
      sharedIssue: '',
      orgIssue: '',
    };

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
      db = running.built.store.db;
      const org = await seedAcmePeople(db, users);

      ids.main = await insertDatabase(db, { name: 'Main', ownerId: LOCAL_ADMIN_ID });
      ids.other = await insertDatabase(db, { name: 'Other', ownerId: LOCAL_ADMIN_ID });
      ids.evePrivate = await insertDatabase(db, { name: 'Eve’s', ownerId: users.eve });
      ids.shared = await insertDatabase(db, { name: 'Shared', ownerId: LOCAL_ADMIN_ID, isPublic: true });
      ids.org = await insertDatabase(db, { name: 'Acme data', ownerId: users.ann, organizationId: org });
      await db
        .insertInto('projects')
        .values({
          id: ids.project,
          name: 'Sales',
          description: null,
          database_id: ids.main,
          owner_id: LOCAL_ADMIN_ID,
        })
        .execute();

      ids.review = await insertConversation(db, LOCAL_ADMIN_ID, ids.main);
      ids.customer = await insertEntity(db, ids.main, {
        name: 'Customer',
        definition: 'A person who bought something',
        tableRef: 'main.customers',
        reviewDate: at(0),
        reviewConversationId: ids.review,
        completeness: 95,
        qualityScore: 72,
      });
      ids.invoice = await insertEntity(db, ids.main, { name: 'Invoice' });
      ids.artist = await insertEntity(db, ids.main, { name: 'artist', tableRef: 'main.artists' });
      ids.missingEmails = await insertIssue(db, ids.main, {
        title: 'Missing emails',
        entityId: ids.customer,
        severity: 'high',
        description: '3 customers have no email',
        createdAt: at(1),
      });
      ids.duplicates = await insertIssue(db, ids.main, {
        title: 'Duplicate rows',
        entityId: ids.customer,
        severity: 'critical',
        createdAt: at(2),
      });
      ids.badPhones = await insertIssue(db, ids.main, {
        title: 'Bad phones',
        entityId: ids.customer,
        severity: 'low',
        status: 'in_progress',
        createdAt: at(3),
      });
      ids.oldTypo = await insertIssue(db, ids.main, {
        title: 'Old typo',
        entityId: ids.customer,
        severity: 'critical',
        status: 'resolved',
        createdAt: at(4),
      });
      ids.unlinked = await insertIssue(db, ids.main, { title: 'Orphan invoices', createdAt: at(5) });

      ids.track = await insertEntity(db, ids.other, { name: 'Track' });
      ids.otherIssue = await insertIssue(db, ids.other, {
        title: 'Tracks without album',
        entityId: ids.track,
        createdAt: at(6),
      });
      const eveEntity = await insertEntity(db, ids.evePrivate, { name: 'Secret' });
      ids.eveIssue = await insertIssue(db, ids.evePrivate, {
        title: 'Secret issue',
        entityId: eveEntity,
        createdAt: at(7),
      });
      await insertEntity(db, ids.shared, { name: 'Album' });
      ids.sharedIssue = await insertIssue(db, ids.shared, {
        title: 'Albums without artist',
        createdAt: at(8),
      });
      ids.annReview = await insertConversation(db, users.ann, ids.org);
      ids.orgEntity = await insertEntity(db, ids.org, {
        name: 'Order',
        reviewDate: at(9),
        reviewConversationId: ids.annReview,
        completeness: 100,
        qualityScore: 88,
      });
      ids.orgIssue = await insertIssue(db, ids.org, {
        title: 'Late orders',
        entityId: ids.orgEntity,
        createdAt: at(10),
      });
    });

    afterAll(async () => {
      await running.stop();
      await appStore.dispose();
    });

    const entities = (contextId: string, user?: string) =>
      api.get<BusinessEntity[]>(`/api/business-entities?contextId=${contextId}`, user ? { user } : {});
    const issues = (contextId: string, user?: string) =>
      api.get<Issue[]>(`/api/issues?contextId=${contextId}`, user ? { user } : {});

    it("lists a database's business entities by name with scores and their top unresolved issues", async () => {
      const listed = await entities(`database-${ids.main}`);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body).toEqual([
        {
          id: ids.artist,
          name: 'artist',
          definition: null,
          table_ref: 'main.artists',
          review_date: null,
          review_conversation_id: null,
          completeness: null,
          quality_score: null,
          issues: [],
        },
        {
          id: ids.customer,
          name: 'Customer',
          definition: 'A person who bought something',
          table_ref: 'main.customers',
          review_date: at(0),
          review_conversation_id: ids.review,
          completeness: 95,
          quality_score: 72,
          // Most severe first; the resolved one is left out.
          issues: [{ title: 'Duplicate rows' }, { title: 'Missing emails' }, { title: 'Bad phones' }],
        },
        expect.objectContaining({ id: ids.invoice, name: 'Invoice', review_date: null, issues: [] }),
      ]);

      // A project context lists its database's entities; another database has its own.
      const viaProject = await entities(`project-${ids.project}`);
      expect(viaProject.status, viaProject.text).toBe(200);
      expect(viaProject.body).toEqual(listed.body);
      const other = await entities(`database-${ids.other}`);
      expect(other.body.map((entity) => [entity.name, entity.issues])).toEqual([
        ['Track', [{ title: 'Tracks without album' }]],
      ]);
    });

    it("lists a context's issues, unresolved and most severe first, then newest", async () => {
      const listed = await issues(`database-${ids.main}`);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.map((issue) => issue.id)).toEqual([
        ids.duplicates,
        ids.missingEmails,
        ids.unlinked,
        ids.badPhones,
        ids.oldTypo,
      ]);
      expect(listed.body[1]).toEqual({
        id: ids.missingEmails,
        databaseId: ids.main,
        business_entity_id: ids.customer,
        title: 'Missing emails',
        description: '3 customers have no email',
        severity: 'high',
        status: 'open',
        query_id: null,
        createdAt: at(1),
        updatedAt: at(1),
        editable: true,
        abilities: {
          run: false,
          write_data: false,
          edit: true,
          delete: false,
          share: false,
          publish: false,
          confirm_credentials: false,
        },
        // Issues written by a person carry no check and no evidence.
        check_id: null,
        origin: 'user',
        occurrences: 1,
        last_seen_at: null,
        observed: null,
        evidence: null,
        dismissed_reason: null,
      });
      // Store defaults: medium and open.
      expect(listed.body[2]).toMatchObject({ title: 'Orphan invoices', severity: 'medium', status: 'open' });
      expect((await issues(`project-${ids.project}`)).body).toEqual(listed.body);
      expect((await issues(`database-${ids.other}`)).body.map((issue) => issue.id)).toEqual([ids.otherIssue]);
    });

    it('refuses a malformed context and one that does not exist', async () => {
      for (const path of ['/api/business-entities', '/api/issues']) {
        expectError(await api.get(`${path}?contextId=table-1`), 400, {
          code: 'BAD_REQUEST',
          field: 'contextId',
        });
        expectError(await api.get(path), 400, { field: 'contextId' });
        expectError(await api.get(`${path}?contextId=database-${newId()}`), 404, {
          message: 'Database not found',
        });
        expectError(await api.get(`${path}?contextId=project-${newId()}`), 404, {
          message: 'Project not found',
        });
      }
    });

    it("hides another user's private database: its entities and issues are not found", async () => {
      for (const path of ['/api/business-entities', '/api/issues']) {
        expectError(await api.get(`${path}?contextId=database-${ids.evePrivate}`), 404);
        expectError(await api.get(`${path}?contextId=database-${ids.main}`, { user: users.eve }), 404);
        expectError(await api.get(`${path}?contextId=project-${ids.project}`, { user: users.eve }), 404);
      }
      expectError(await api.put(`/api/issues/${ids.eveIssue}`, { status: 'resolved' }), 404, {
        message: 'Issue not found',
      });
      expectError(
        await api.put(`/api/issues/${ids.missingEmails}`, { status: 'resolved' }, { user: users.eve }),
        404,
      );
      const untouched = await db
        .selectFrom('issues')
        .select('status')
        .where('id', '=', ids.eveIssue)
        .executeTakeFirst();
      expect(untouched?.status).toBe('open');
      // Eve still sees her own.
      expect((await issues(`database-${ids.evePrivate}`, users.eve)).body.map((issue) => issue.id)).toEqual([
        ids.eveIssue,
      ]);
    });

    it("shows a public database's issues read-only to everyone else", async () => {
      const seen = await issues(`database-${ids.shared}`, users.eve);
      expect(seen.status, seen.text).toBe(200);
      expect(seen.body).toEqual([expect.objectContaining({ id: ids.sharedIssue, editable: false })]);
      expect((await entities(`database-${ids.shared}`, users.eve)).body.map((entity) => entity.name)).toEqual(
        ['Album'],
      );
      expectError(
        await api.put(`/api/issues/${ids.sharedIssue}`, { status: 'dismissed' }, { user: users.eve }),
        403,
        {
          code: 'FORBIDDEN',
        },
      );
      expect((await issues(`database-${ids.shared}`)).body[0]).toMatchObject({
        status: 'open',
        editable: true,
      });
    });

    it("shares an organization's entities and issues with its members, but a review chat only with its owner", async () => {
      const byAnn = await entities(`database-${ids.org}`, users.ann);
      expect(byAnn.body).toEqual([
        expect.objectContaining({ name: 'Order', review_conversation_id: ids.annReview, quality_score: 88 }),
      ]);
      const byBen = await entities(`database-${ids.org}`, users.ben);
      expect(byBen.body).toEqual([
        expect.objectContaining({ name: 'Order', review_date: at(9), review_conversation_id: null }),
      ]);
      const changed = await api.put<Issue>(
        `/api/issues/${ids.orgIssue}`,
        { status: 'resolved' },
        { user: users.ben },
      );
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body).toMatchObject({ status: 'resolved', editable: true });
      expect((await entities(`database-${ids.org}`, users.ann)).body[0]?.issues).toEqual([]);
    });

    it('changes an issue from the whole issue sent back, and answers the stored one', async () => {
      const listed = await issues(`database-${ids.main}`);
      const before = listed.body.find((issue) => issue.id === ids.unlinked);
      if (!before) throw new Error('fixture issue missing');

      // The client sends the whole issue; read-only fields it altered are ignored.
      const sent = {
        ...before,
        title: '  Invoices without customer  ',
        description: '12 invoices point at no customer',
        severity: 'critical',
        status: 'in_progress',
        business_entity_id: ids.invoice,
        databaseId: ids.other,
        query_id: 'not-a-query',
        createdAt: '2000-01-01T00:00:00.000Z',
        editable: false,
      };
      const changed = await api.put<Issue>(`/api/issues/${ids.unlinked}`, sent);
      expect(changed.status, changed.text).toBe(200);
      const { updatedAt, ...rest } = changed.body;
      expect(rest).toEqual({
        id: before.id,
        databaseId: ids.main,
        business_entity_id: ids.invoice,
        title: 'Invoices without customer',
        description: '12 invoices point at no customer',
        severity: 'critical',
        status: 'in_progress',
        query_id: null,
        createdAt: before.createdAt,
        editable: true,
        abilities: {
          run: false,
          write_data: false,
          edit: true,
          delete: false,
          share: false,
          publish: false,
          confirm_credentials: false,
        },
        check_id: null,
        origin: 'user',
        occurrences: 1,
        last_seen_at: null,
        observed: null,
        evidence: null,
        dismissed_reason: null,
      });
      expect(updatedAt > before.updatedAt).toBe(true);

      const reread = (await issues(`database-${ids.main}`)).body.find((issue) => issue.id === ids.unlinked);
      expect(reread).toEqual(changed.body);
      const invoice = (await entities(`database-${ids.main}`)).body.find(
        (entity) => entity.id === ids.invoice,
      );
      expect(invoice?.issues).toEqual([{ title: 'Invoices without customer' }]);

      // Absent fields stay; null clears the nullable ones.
      const cleared = await api.put<Issue>(`/api/issues/${ids.unlinked}`, {
        description: null,
        business_entity_id: null,
      });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.body).toMatchObject({
        title: 'Invoices without customer',
        description: null,
        severity: 'critical',
        business_entity_id: null,
        databaseId: ids.main,
      });
    });

    it('refuses a bad issue body naming the field, and an unknown issue', async () => {
      const path = `/api/issues/${ids.missingEmails}`;
      expectError(await api.put(path, { severity: 'urgent' }), 400, {
        code: 'BAD_REQUEST',
        field: 'severity',
      });
      expectError(await api.put(path, { status: 'closed' }), 400, { field: 'status' });
      expectError(await api.put(path, { title: '   ' }), 400, { field: 'title' });
      expectError(await api.put(path, { title: 42 }), 400, { field: 'title' });
      expectError(await api.put(path, { description: 'x'.repeat(20_001) }), 400, { field: 'description' });
      expectError(await api.put(path, { id: ids.duplicates, title: 'Hijack' }), 400, { field: 'id' });
      expectError(await api.put(path, { business_entity_id: ids.track }), 400, {
        field: 'business_entity_id',
      });
      expectError(await api.put(path, { business_entity_id: newId() }), 400, { field: 'business_entity_id' });
      expectError(await api.put(path, [1, 2]), 400);
      expectError(await api.put(`/api/issues/${newId()}`, { status: 'resolved' }), 404, {
        code: 'NOT_FOUND',
        message: 'Issue not found',
      });

      const unchanged = (await issues(`database-${ids.main}`)).body.find(
        (issue) => issue.id === ids.missingEmails,
      );
      expect(unchanged).toMatchObject({
        title: 'Missing emails',
        severity: 'high',
        business_entity_id: ids.customer,
      });
    });

    it("deleting a database removes its business entities and issues, and nobody else's", async () => {
      const count = async (table: 'business_entities' | 'issues', databaseId: string) =>
        (await db.selectFrom(table).select('id').where('database_id', '=', databaseId).execute()).length;
      expect(await count('business_entities', ids.other)).toBe(1);
      expect(await count('issues', ids.other)).toBe(1);

      const deleted = await api.del(`/api/databases/${ids.other}`);
      expect(deleted.status, deleted.text).toBe(204);
      expect(await count('business_entities', ids.other)).toBe(0);
      expect(await count('issues', ids.other)).toBe(0);
      expectError(await api.get(`/api/issues?contextId=database-${ids.other}`), 404);
      expectError(await api.put(`/api/issues/${ids.otherIssue}`, { status: 'resolved' }), 404);
      expect(await count('business_entities', ids.main)).toBe(3);
      expect(await count('issues', ids.main)).toBe(5);
    });
  });
}

describe('business entities and issues without a known user', () => {
  let anonymous: RunningApp;

  beforeAll(async () => {
    anonymous = await startTestApp({}, { prepareAuth: false });
  });

  afterAll(async () => {
    await anonymous.stop();
  });

  it('answers 401 on every route', async () => {
    const client = apiClient(anonymous.baseUrl);
    expectError(await client.get(`/api/business-entities?contextId=database-${newId()}`), 401);
    expectError(await client.get(`/api/issues?contextId=database-${newId()}`), 401);
    expectError(await client.put(`/api/issues/${newId()}`, { status: 'resolved' }), 401);
  });
});
