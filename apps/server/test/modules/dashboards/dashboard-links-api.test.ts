import type {
  CreatedDashboardLink,
  Dashboard,
  DashboardData,
  DashboardLink,
  FilterValues,
  SavedQuery,
} from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicDashboardViewsPerMinute } from '../../../src/modules/dashboards/public-dashboard.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { newId } from '../../../src/store/values.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDemoDatabase, seedAcmePeople } from '../../helpers/factories.ts';
import { insertEntity } from '../../helpers/seed-quality.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Public links of a dashboard over real HTTP: made by its owner only, the token kept only as its
 * hash, opened without signing in, showing that dashboard only, read-only, its tiles run as the
 * creator (a stranger sees the rows Ann sees, filters included); revoked or expired, gone (404);
 * rate-limited per address.
 */

const countriesSql =
  'SELECT country_code, COUNT(*) AS customers FROM customers GROUP BY country_code ORDER BY country_code';

describe('public links of dashboards', () => {
  let running: RunningApp;
  let api: ApiClient;
  let db: StoreDb;
  let demoId: string;
  let dashboard: Dashboard;
  let other: Dashboard;
  const people = { ann: newId(), ben: newId(), eve: newId() };
  const as = (user: string) => ({ user });
  /** A stranger: no session, no header. */
  const anyone = {};
  const tokenOf = (url: string) => url.split('/public/dashboards/')[1] ?? '';

  const makeLink = async (body: unknown = {}, user = people.ann) => {
    const made = await api.post<CreatedDashboardLink>(
      `/api/dashboards/${dashboard.id}/links`,
      body,
      as(user),
    );
    expect(made.status, made.text).toBe(201);
    return made.body;
  };

  beforeAll(async () => {
    running = await startTestApp({}, { beforeListen: actAsHeaderUser });
    api = apiClient(running.baseUrl);
    db = running.built.store.db;
    const acme = await seedAcmePeople(db, people);
    demoId = await addDemoDatabase(running);
    // Ann's database, shared with Acme, not public: a stranger may not read it themselves.
    await db
      .updateTable('databases')
      .set({ owner_id: people.ann, organization_id: acme, public: false })
      .where('id', '=', demoId)
      .execute();
    const query = (
      await api.post<SavedQuery>(
        '/api/query',
        { title: 'Countries', sql: countriesSql, databaseId: demoId },
        as(people.ann),
      )
    ).body;
    dashboard = (await api.post<Dashboard>('/api/dashboards', { name: 'Customers' }, as(people.ann))).body;
    dashboard = (
      await api.post<Dashboard>(
        `/api/dashboards/${dashboard.id}/tiles`,
        { savedQueryId: query.id },
        as(people.ann),
      )
    ).body;
    const tileId = dashboard.tiles[0]?.id ?? '';
    dashboard = (
      await api.put<Dashboard>(
        `/api/dashboards/${dashboard.id}`,
        {
          version: dashboard.version,
          filters: [
            {
              name: 'country',
              label: 'Country',
              kind: 'category',
              bindings: [{ tileId, column: 'country_code' }],
            },
          ],
        },
        as(people.ann),
      )
    ).body;
    other = (await api.post<Dashboard>('/api/dashboards', { name: 'Private plans' }, as(people.ann))).body;
  });

  afterAll(async () => {
    await running.stop();
  });

  it('is made by the owner only, its token kept as a hash and shown once', async () => {
    const link = await makeLink();
    expect(link.url).toMatch(new RegExp(`^http://[^/]+/public/dashboards/[A-Za-z0-9_-]{43}$`));
    expect(link.expiresAt).toBeNull();
    const stored = await db
      .selectFrom('dashboard_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirst();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link.url));
    const listed = await api.get<DashboardLink[]>(`/api/dashboards/${dashboard.id}/links`, as(people.ann));
    expect(listed.body).toEqual([
      expect.objectContaining({ id: link.id, createdBy: people.ann, expiresAt: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(link.url));

    // A colleague may not make, list or revoke links; a stranger does not even see the dashboard.
    expectError(await api.post(`/api/dashboards/${dashboard.id}/links`, {}, as(people.ben)), 404);
    expectError(await api.get(`/api/dashboards/${dashboard.id}/links`, as(people.eve)), 404);
    expectError(await api.del(`/api/dashboards/${dashboard.id}/links/${link.id}`, as(people.eve)), 404);
    expectError(
      await api.post(`/api/dashboards/${dashboard.id}/links`, { expiresAt: 'soon' }, as(people.ann)),
      400,
      {
        field: 'expiresAt',
      },
    );
    expectError(
      await api.post(
        `/api/dashboards/${dashboard.id}/links`,
        { expiresAt: '2001-01-01T00:00:00Z' },
        as(people.ann),
      ),
      400,
      { field: 'expiresAt' },
    );
  });

  it('shows a stranger that dashboard only, read-only, its tiles run as the creator', async () => {
    const token = tokenOf((await makeLink()).url);
    const seen = await api.get<Dashboard>(`/api/public/dashboards/${token}`, anyone);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({
      id: dashboard.id,
      name: 'Customers',
      tiles: dashboard.tiles,
      filters: dashboard.filters,
    });
    expect(Object.values(seen.body.abilities).every((allowed) => !allowed)).toBe(true);

    // The link shows the rows, not what Acme knows of their quality.
    await insertEntity(db, demoId, { name: 'Customer', tableRef: 'customers', qualityScore: 70 });
    const data = await api.get<DashboardData>(`/api/public/dashboards/${token}/data`, anyone);
    const owners = await api.get<DashboardData>(`/api/dashboards/${dashboard.id}/data`, as(people.ann));
    expect(data.body.tiles[0]?.error).toBeNull();
    expect(data.body.tiles[0]?.rows).toEqual(owners.body.tiles[0]?.rows);
    expect(data.body.tiles[0]?.rows.length).toBeGreaterThan(2);
    expect(owners.body.tiles[0]?.entities.map((entity) => entity.name)).toEqual(['Customer']);
    expect(data.body.tiles[0]?.entities).toEqual([]);

    // Filters follow the address there too, bound like anywhere else.
    const filtered = await api.get<DashboardData>(
      `/api/public/dashboards/${token}/data?f.country=FR&f.country=DE`,
      anyone,
    );
    expect(filtered.body.tiles[0]?.rows.map((row) => row[0])).toEqual(['DE', 'FR']);
    const offered = await api.get<FilterValues>(
      `/api/public/dashboards/${token}/filters/country/values`,
      anyone,
    );
    expect(offered.body.values).toContain('FR');

    // The token opens that dashboard only: the signed-in routes still refuse the stranger.
    expectError(await api.get(`/api/dashboards/${dashboard.id}`, as(people.eve)), 404);
    expectError(await api.get(`/api/dashboards/${other.id}`, as(people.eve)), 404);
  });

  it('is gone once revoked or expired, and for an unknown token', async () => {
    const link = await makeLink();
    const token = tokenOf(link.url);
    expect((await api.get(`/api/public/dashboards/${token}`, anyone)).status).toBe(200);
    const revoked = await api.del(`/api/dashboards/${dashboard.id}/links/${link.id}`, as(people.ann));
    expect(revoked.status, revoked.text).toBe(204);
    expectError(await api.get(`/api/public/dashboards/${token}`, anyone), 404);
    expectError(await api.get(`/api/public/dashboards/${token}/data`, anyone), 404);
    expectError(await api.del(`/api/dashboards/${dashboard.id}/links/${link.id}`, as(people.ann)), 404);

    const expiring = await makeLink({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const expiringToken = tokenOf(expiring.url);
    expect((await api.get(`/api/public/dashboards/${expiringToken}`, anyone)).status).toBe(200);
    // Its time passes (written in the store rather than waited for).
    await db
      .updateTable('dashboard_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expectError(await api.get(`/api/public/dashboards/${expiringToken}`, anyone), 404);
    expectError(await api.get(`/api/public/dashboards/${'x'.repeat(43)}`, anyone), 404);
    expectError(await api.get('/api/public/dashboards/short', anyone), 400, { field: 'token' });
  });

  it('goes with its dashboard', async () => {
    const doomed = (await api.post<Dashboard>('/api/dashboards', { name: 'Doomed' }, as(people.ann))).body;
    const made = await api.post<CreatedDashboardLink>(
      `/api/dashboards/${doomed.id}/links`,
      {},
      as(people.ann),
    );
    expect((await api.del(`/api/dashboards/${doomed.id}`, as(people.ann))).status).toBe(204);
    expectError(await api.get(`/api/public/dashboards/${tokenOf(made.body.url)}`, anyone), 404);
  });

  it('limits how often one address opens public links', async () => {
    const token = 'y'.repeat(43);
    const statuses: number[] = [];
    // Twice the allowance and one: however the minutes fall, one of them holds more than it allows.
    for (let n = 0; n <= 2 * publicDashboardViewsPerMinute; n += 1) {
      statuses.push((await api.get(`/api/public/dashboards/${token}`, anyone)).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
  });
});
