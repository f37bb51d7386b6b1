import { expect } from 'vitest';
import { insertEntity } from '../../src/modules/business-entities/business-entities.repo.ts';
import { insertDatabase } from '../../src/modules/databases/databases.repo.ts';
import { insertMemory } from '../../src/modules/memories/memories.repo.ts';
import { insertCheck } from '../../src/modules/quality/checks/checks.repo.ts';
import {
  findSemanticModel,
  storeNextVersion,
  storeProposal,
} from '../../src/modules/semantic-models/semantic-models.repo.ts';
import type { SemanticModel } from '@querent/contracts';
import { semanticModelSchema } from '@querent/contracts';
import type { StoreDb } from '../../src/store/connect.ts';
import { newId, nowIso } from '../../src/store/values.ts';
import { insertIssue } from '../helpers/seed-quality.ts';
import type { AppBrowser } from '../oidc/app-browser.ts';
import type { TestUser } from '../oidc/test-users.ts';

/*
 * The people and objects of the authorization matrix. Everything is owned by `owner`, in three
 * situations: private (a database not shared with the organisation, as an upload starts, with
 * private conversations, queries and charts), shared with the organisation, and public (a public
 * database, whose conversations, queries and charts are shared with the organisation).
 */

export const actors = ['owner', 'colleague', 'outsider', 'admin', 'visitor', 'signedOut'] as const;
export type ActorName = (typeof actors)[number];
export type SignedInActor = Exclude<ActorName, 'signedOut'>;
export const scenarios = ['private', 'shared', 'public'] as const;
export type Scenario = (typeof scenarios)[number];

/** Who signs in through the provider (the visitor never does: the sandbox gives them their identity). */
export type PersonActor = Exclude<SignedInActor, 'visitor'>;

/** The provider's users: the organisation claim puts owner, colleague and admin together. */
export const matrixUsers: Record<PersonActor, TestUser> = {
  admin: { sub: 'matrix-admin', email: 'admin@wonderland.test', email_verified: true, org: 'Wonderland' },
  owner: { sub: 'matrix-owner', email: 'owner@wonderland.test', email_verified: true, org: 'Wonderland' },
  colleague: {
    sub: 'matrix-colleague',
    email: 'colleague@wonderland.test',
    email_verified: true,
    org: 'Wonderland',
  },
  outsider: { sub: 'matrix-outsider', email: 'outsider@oz.test', email_verified: true, org: 'Oz' },
};

/** Someone who signed in and out again: the signed-out caller, since their browser keeps the ended session. */
export const formerUser: TestUser = {
  sub: 'matrix-former',
  email: 'former@nowhere.test',
  email_verified: true,
};

export interface ScenarioObjects {
  database: string;
  project: string;
  conversation: string;
  query: string;
  chart: string;
  entity: string;
  issue: string;
  check: string;
  memory: string;
  /** Private, shared with the organisation, or public, as the situation; with one tile, the query. */
  dashboard: string;
  dashboardTile: string;
  /** A public link of the dashboard, and the name of its one filter (on the tile's `name`). */
  dashboardLink: string;
  dashboardFilter: string;
  /** The dashboard's version once seeded, which a change must name. */
  dashboardVersion: number;
  contextId: string;
  /** The database's file, as its owner would type it again. */
  filename: string;
}

export type Browsers = Record<SignedInActor, AppBrowser>;

export async function call(browser: AppBrowser, method: string, path: string, body?: unknown) {
  const response = await browser.request(path, { method, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: { id: string } | null = null;
  try {
    parsed = text === '' ? null : (JSON.parse(text) as { id: string });
  } catch {
    // An HTML page (the sign-in callback's) or a download: the status is what the matrix reads.
  }
  return { status: response.status, text, body: parsed };
}

async function created(browser: AppBrowser, path: string, body: unknown): Promise<string> {
  const response = await call(browser, 'POST', path, body);
  expect(response.status, `${path}: ${response.text}`).toBe(201);
  return response.body?.id ?? '';
}

async function shared(browser: AppBrowser, kind: string, id: string, on: boolean): Promise<void> {
  const response = await call(browser, 'PUT', `/api/sharing/${kind}/${id}`, { shared: on });
  expect(response.status, response.text).toBe(200);
}

/** A database of the owner's, as its situation needs it; written to the store (members cannot connect files). */
export async function seedDatabase(
  db: StoreDb,
  owner: { id: string; organizationId: string | null },
  filename: string,
  scenario: Scenario,
): Promise<string> {
  const record = await insertDatabase(db, {
    id: newId(),
    name: `Chinook ${scenario}`,
    engine: 'sqlite',
    details: { filename },
    safeMode: false,
    isPublic: scenario === 'public',
    dbtManifest: null,
    dbtCatalog: null,
    dbtSummary: { manifest: null, catalog: null },
    statementTimeoutMs: null,
    ownerId: owner.id,
    organizationId: owner.organizationId,
    sharedWithOrganization: scenario !== 'private',
  });
  return record.id;
}

/** The semantic model every matrix database has: Chinook's genres and their count. */
export const genreModel: SemanticModel = semanticModelSchema.parse({
  datasets: [
    {
      name: 'genre',
      source: { table: 'Genre', schema: 'main' },
      primaryKey: ['GenreId'],
      dimensions: [{ name: 'name', expression: { column: 'Name' }, type: 'categorical' }],
      measures: [{ name: 'genre_count', aggregation: 'count' }],
    },
  ],
  metrics: [{ name: 'genre_count', type: 'simple', measure: 'genre.genre_count' }],
});

/** A saved version of genreModel (version 1 on a new database) and a pending proposal of it. */
async function seedSemanticModel(db: StoreDb, database: string, ownerId: string): Promise<void> {
  const from = (await findSemanticModel(db, database))?.version ?? 0;
  await storeNextVersion(db, {
    databaseId: database,
    from,
    model: genreModel,
    summary: 'seeded',
    userId: ownerId,
  });
  await storeProposal(db, { databaseId: database, model: genreModel, source: 'scan', userId: ownerId });
}

/** A dashboard pinning the situation's query: private, shared with the organisation, or public. */
async function seedDashboard(
  owner: AppBrowser,
  query: string,
  scenario: Scenario,
): Promise<
  Pick<
    ScenarioObjects,
    'dashboard' | 'dashboardTile' | 'dashboardLink' | 'dashboardFilter' | 'dashboardVersion'
  >
> {
  const dashboard = await created(owner, '/api/dashboards', { name: `Genres ${scenario}` });
  const pinned = await call(owner, 'POST', `/api/dashboards/${dashboard}/tiles`, { savedQueryId: query });
  expect(pinned.status, pinned.text).toBe(201);
  const tile = (pinned.body as unknown as { tiles: { id: string }[] }).tiles[0]?.id ?? '';
  const filter = 'genre';
  const filtered = await call(owner, 'PUT', `/api/dashboards/${dashboard}`, {
    version: 2,
    filters: [
      { name: filter, label: 'Genre', kind: 'category', bindings: [{ tileId: tile, column: 'name' }] },
    ],
  });
  expect(filtered.status, filtered.text).toBe(200);
  const link = await call(owner, 'POST', `/api/dashboards/${dashboard}/links`, {});
  expect(link.status, link.text).toBe(201);
  let version = 3;
  if (scenario === 'shared') await shared(owner, 'dashboard', dashboard, true);
  if (scenario === 'public') {
    const published = await call(owner, 'PUT', `/api/dashboards/${dashboard}`, { version, public: true });
    expect(published.status, published.text).toBe(200);
    version += 1;
  }
  const linkId = (link.body as unknown as { id: string }).id;
  return {
    dashboard,
    dashboardTile: tile,
    dashboardLink: linkId,
    dashboardFilter: filter,
    dashboardVersion: version,
  };
}

/** What owner makes on one database: through the API where a route makes it, else in the store. */
export async function seedObjects(
  db: StoreDb,
  owner: AppBrowser,
  database: string,
  scenario: Scenario,
  filename: string,
): Promise<ScenarioObjects> {
  const contextId = `database-${database}`;
  const project = await created(owner, '/api/projects', {
    name: `Music ${scenario}`,
    databaseId: database,
    tables: [{ schema: 'main', table: 'Genre' }],
  });
  const conversation = await created(owner, '/api/conversations', { contextId });
  const query = await created(owner, '/api/query', {
    title: `Genres ${scenario}`,
    sql: 'SELECT GenreId AS id, Name AS name FROM Genre',
    databaseId: database,
  });
  const chart = await created(owner, '/api/charts', {
    queryId: query,
    title: 'Genre ids',
    config: { type: 'bar', x: 'name', y: ['id'] },
  });
  if (scenario !== 'private') {
    for (const [kind, id] of [
      ['conversation', conversation],
      ['query', query],
      ['chart', chart],
    ] as const) {
      await shared(owner, kind, id, true);
    }
  }
  const entity = (
    await insertEntity(db, {
      databaseId: database,
      name: 'Genre',
      definition: null,
      table: { schema: 'main', name: 'Genre' },
      tableRef: 'Genre',
      keyColumns: ['GenreId'],
      origin: 'user',
    })
  ).id;
  const check = (
    await insertCheck(db, {
      databaseId: database,
      entityId: entity,
      title: 'Genre has rows',
      table: { schema: 'main', name: 'Genre' },
      definition: { kind: 'volume', columns: [], params: { min_rows: 1 } },
      dimension: 'volume',
      severity: 'medium',
      warnPercent: 50,
      failPercent: 90,
      origin: 'user',
      state: 'active',
    })
  ).id;
  const issue = await insertIssue(db, database, {
    title: 'Odd genres',
    entityId: entity,
    createdAt: nowIso(),
  });
  const memory = await insertMemory(db, {
    databaseId: database,
    content: 'Genres are music styles',
    status: 'approved',
    source: 'person',
    conversationId: null,
  });
  const ownerId = (
    await db.selectFrom('databases').select('owner_id').where('id', '=', database).executeTakeFirstOrThrow()
  ).owner_id;
  await seedSemanticModel(db, database, ownerId);
  const dashboard = await seedDashboard(owner, query, scenario);
  return {
    database,
    project,
    conversation,
    query,
    chart,
    entity,
    issue,
    check,
    memory,
    ...dashboard,
    contextId,
    filename,
  };
}
