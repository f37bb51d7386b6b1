import type { Scenario, ScenarioObjects, SignedInActor } from './matrix-world.ts';
import { exportOsiYaml } from '../../src/semantic/interchange/export-osi-yaml.ts';
import { genreModel } from './matrix-world.ts';

/*
 * What each REST route is, for the matrix: written by hand from the access rules people read in
 * docs/ACCESS.md, not computed from the policy, so the matrix checks the policy rather than
 * repeating it. Every route the app serves needs an entry here, or the suite fails.
 */

/** Which of the objects of a situation a route touches, and so who sees them. */
export type Group = 'data' | 'owned' | 'dashboard';

const everyone: SignedInActor[] = ['owner', 'colleague', 'outsider', 'admin', 'visitor'];
const team: SignedInActor[] = ['owner', 'colleague', 'admin'];
const ownerAndAdmin: SignedInActor[] = ['owner', 'admin'];
const ownerOnly: SignedInActor[] = ['owner'];
const signedUp: SignedInActor[] = ['owner', 'colleague', 'outsider', 'admin'];

/**
 * Who sees the objects of each situation. Data (a database and what follows it: projects,
 * entities, checks, issues) is private to its owner, shared with the organisation, or public.
 * Owned things (conversations, queries, charts) are private, or shared with the organisation;
 * never public. Dashboards are private, shared with the organisation, or public.
 */
export const sees: Record<Group, Record<Scenario, SignedInActor[]>> = {
  data: { private: ownerOnly, shared: team, public: everyone },
  owned: { private: ownerOnly, shared: team, public: team },
  dashboard: { private: ownerOnly, shared: team, public: everyone },
};

/** A route about one object (or a context): 404 to whoever does not see it, 403 to whoever may not do it. */
export interface ObjectRoute {
  type: 'object';
  group: Group;
  allowed: SignedInActor[];
  path: (objects: ScenarioObjects) => string;
  body?: (objects: ScenarioObjects, scenario: Scenario) => unknown;
  /** It removes its object (or adds what can exist once): allowed callers get fresh ones of their own situation. */
  destroys?: 'database' | 'objects';
  /** Visitors are refused before anything is looked up (they may make nothing of this kind). */
  refusesVisitorsFirst?: boolean;
}

/** A route about the caller themselves (their account, their lists, making something new). */
export interface UserRoute {
  type: 'user';
  allowed: SignedInActor[];
  path: string;
  body?: unknown;
  /** The answer of an allowed caller when it is not the route's success (a session that is not theirs). */
  status?: number;
  upload?: boolean;
}

/** Open to anyone: the signed-out caller gets an answer, never 401. */
export interface PublicRoute {
  type: 'public';
  path: string;
}

export type MatrixRoute = ObjectRoute | UserRoute | PublicRoute;

const data = (
  allowed: SignedInActor[],
  entry: Omit<ObjectRoute, 'type' | 'group' | 'allowed'>,
): ObjectRoute => ({
  type: 'object',
  group: 'data',
  allowed,
  ...entry,
});
const owned = (
  allowed: SignedInActor[],
  entry: Omit<ObjectRoute, 'type' | 'group' | 'allowed'>,
): ObjectRoute => ({
  type: 'object',
  group: 'owned',
  allowed,
  ...entry,
});
const dashboard = (
  allowed: SignedInActor[],
  entry: Omit<ObjectRoute, 'type' | 'group' | 'allowed'>,
): ObjectRoute => ({
  type: 'object',
  group: 'dashboard',
  allowed,
  ...entry,
});
const user = (path: string, entry: Partial<UserRoute> = {}): UserRoute => ({
  type: 'user',
  allowed: everyone,
  path,
  ...entry,
});
const context = (o: ScenarioObjects) => `contextId=${o.contextId}`;
const wasShared = (scenario: Scenario) => ({ shared: scenario !== 'private' });

export const matrixRoutes: Record<string, MatrixRoute> = {
  'GET /api/health': { type: 'public', path: '/api/health' },
  'GET /api/health/live': { type: 'public', path: '/api/health/live' },
  'GET /api/health/ready': { type: 'public', path: '/api/health/ready' },
  'GET /api/version': { type: 'public', path: '/api/version' },
  'GET /api/auth': { type: 'public', path: '/api/auth' },
  'GET /api/auth/callback': { type: 'public', path: '/api/auth/callback' },
  'POST /api/auth/logout': { type: 'public', path: '/api/auth/logout' },

  'GET /api/user': user('/api/user'),
  'GET /api/user/credits': user('/api/user/credits'),
  'GET /api/user/sessions': user('/api/user/sessions'),
  'DELETE /api/user/sessions': user('/api/user/sessions'),
  'DELETE /api/user/sessions/:id': user('/api/user/sessions/someone-elses', { status: 404 }),
  // API keys: everyone signed in makes their own (visitors make none); someone else's is not found.
  'GET /api/api-keys': user('/api/api-keys'),
  'POST /api/api-keys': user('/api/api-keys', {
    allowed: signedUp,
    body: { name: 'Matrix key', scopes: ['metadata:read'], expires_at: null },
  }),
  'DELETE /api/api-keys/:id': user('/api/api-keys/someone-elses', { status: 404 }),
  // Apps connected through OAuth: each person lists their own; someone else's is not found.
  'GET /api/connected-apps': user('/api/connected-apps'),
  'DELETE /api/connected-apps/:id': user('/api/connected-apps/someone-elses', { status: 404 }),

  // People and organisations are administrators' to manage; the check comes before any lookup,
  // so an unknown id is 404 to an administrator and 403 to everyone else. Organisations come from
  // the sign-in service's claim here, so an administrator creating one is refused (409).
  'GET /api/users': user('/api/users', { allowed: ['admin'] }),
  'PUT /api/users/:id': user('/api/users/nobody', {
    allowed: ['admin'],
    body: { role: 'member' },
    status: 404,
  }),
  'GET /api/organizations': user('/api/organizations', { allowed: ['admin'] }),
  'POST /api/organizations': user('/api/organizations', {
    allowed: ['admin'],
    body: { name: 'Matrix organisation' },
    status: 409,
  }),
  'PUT /api/organizations/:id': user('/api/organizations/nowhere', {
    allowed: ['admin'],
    body: { name: 'Renamed' },
    status: 404,
  }),
  'DELETE /api/organizations/:id': user('/api/organizations/nowhere', { allowed: ['admin'], status: 404 }),
  // Credits: everyone reads their own; administrators change anyone's (an unknown id is 404 to
  // them, 403 to others). Without Stripe a checkout or the billing portal is 409 and the webhook 404.
  'GET /api/user/credits/history': user('/api/user/credits/history'),
  'GET /api/credits/plans': user('/api/credits/plans'),
  'POST /api/credits/checkout': user('/api/credits/checkout', { body: { credits: 10 }, status: 409 }),
  'POST /api/credits/portal': user('/api/credits/portal', { status: 409 }),
  'POST /api/credits/stripe/webhook': { type: 'public', path: '/api/credits/stripe/webhook' },
  'POST /api/credits/grants': user('/api/credits/grants', {
    allowed: ['admin'],
    body: { user_id: 'nobody', amount: 5, reason: 'matrix' },
    status: 404,
  }),
  'PUT /api/credits/subscriptions': user('/api/credits/subscriptions', {
    allowed: ['admin'],
    body: { user_id: 'nobody', plan_id: null },
    status: 404,
  }),
  'PUT /api/credits/member-caps': user('/api/credits/member-caps', {
    allowed: ['admin'],
    body: { user_id: 'nobody', monthly_cap: 1 },
    status: 404,
  }),
  'GET /api/credits/usage': user('/api/credits/usage', { allowed: ['admin'] }),
  'GET /api/credits/usage.csv': user('/api/credits/usage.csv', { allowed: ['admin'] }),
  'GET /api/databases': user('/api/databases'),
  'GET /api/projects': user('/api/projects'),
  'GET /api/queries': user('/api/queries'),
  'GET /api/query-history': user('/api/query-history'),
  'GET /api/uploads': user('/api/uploads'),
  'POST /api/databases': user('/api/databases', {
    allowed: signedUp,
    body: {
      name: 'Warehouse',
      engine: 'postgres',
      details: { host: 'db.example.test', user: 'x', database: 'x' },
    },
  }),
  'POST /api/uploads': user('/api/uploads', { allowed: signedUp, upload: true }),

  'GET /api/databases/:id': data(everyone, { path: (o) => `/api/databases/${o.database}` }),
  'PUT /api/databases/:id': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}`,
    body: () => ({ name: 'Renamed' }),
  }),
  'DELETE /api/databases/:id': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}`,
    destroys: 'database',
  }),
  'GET /api/databases/:id/schema': data(everyone, { path: (o) => `/api/databases/${o.database}/schema` }),
  // Testing a stored connection re-opens its file on Querent's host: administrators only when hosted.
  'POST /api/databases/test': data(['admin'], {
    path: () => '/api/databases/test',
    body: (o) => ({ engine: 'sqlite', details: { filename: o.filename }, databaseId: o.database }),
    refusesVisitorsFirst: true,
  }),
  'POST /api/query/_run': data(everyone, {
    path: () => '/api/query/_run',
    body: (o) => ({ databaseId: o.database, query: 'SELECT count(*) AS n FROM Genre' }),
  }),
  'POST /api/query/_export': data(everyone, {
    path: () => '/api/query/_export',
    body: (o) => ({ databaseId: o.database, query: 'SELECT Name FROM Genre', format: 'csv' }),
  }),
  'POST /api/query': data(everyone, {
    path: () => '/api/query',
    body: (o) => ({ title: 'Mine', sql: 'SELECT 1 AS one', databaseId: o.database }),
  }),
  'POST /api/projects': data(signedUp, {
    path: () => '/api/projects',
    body: (o) => ({ name: 'Mine', databaseId: o.database, tables: [] }),
    refusesVisitorsFirst: true,
  }),
  'POST /api/conversations': data(everyone, {
    path: () => '/api/conversations',
    body: (o) => ({ contextId: o.contextId }),
  }),
  'GET /api/conversations': data(everyone, { path: (o) => `/api/conversations?${context(o)}` }),
  'GET /api/business-entities': data(everyone, { path: (o) => `/api/business-entities?${context(o)}` }),
  'GET /api/issues': data(everyone, { path: (o) => `/api/issues?${context(o)}` }),
  'GET /api/favorites': data(everyone, { path: (o) => `/api/favorites?${context(o)}` }),
  'POST /api/quality/runs': data(team, {
    path: () => '/api/quality/runs',
    body: (o) => ({ contextId: o.contextId }),
  }),
  'GET /api/quality/schedule': data(everyone, { path: (o) => `/api/quality/schedule?${context(o)}` }),
  'PUT /api/quality/schedule': data(team, {
    path: () => '/api/quality/schedule',
    body: (o) => ({ contextId: o.contextId, every_minutes: null }),
  }),

  'GET /api/databases/:id/memories': data(everyone, { path: (o) => `/api/databases/${o.database}/memories` }),
  'POST /api/databases/:id/memories': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/memories`,
    body: () => ({ content: 'Revenue is in euros' }),
  }),
  'PUT /api/memories/:id': data(ownerAndAdmin, {
    path: (o) => `/api/memories/${o.memory}`,
    body: () => ({ content: 'Revenue is in US dollars' }),
  }),
  'DELETE /api/memories/:id': data(ownerAndAdmin, {
    path: (o) => `/api/memories/${o.memory}`,
    destroys: 'objects',
  }),

  // The semantic model follows its database: read (and metric queries) by whoever sees it;
  // changed, proposed and certified by its owner and administrators. Saving and accepting name
  // version 1, so each allowed caller gets a fresh database (seeded at version 1, with a proposal).
  'GET /api/databases/:id/semantic-model': data(everyone, {
    path: (o) => `/api/databases/${o.database}/semantic-model`,
  }),
  'PUT /api/databases/:id/semantic-model': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model`,
    body: () => ({ model: genreModel, version: 1 }),
    destroys: 'database',
  }),
  'POST /api/databases/:id/semantic-model/proposal': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model/proposal`,
  }),
  'POST /api/databases/:id/semantic-model/proposal/accept': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model/proposal/accept`,
    body: () => ({ version: 1 }),
    destroys: 'database',
  }),
  // Importing replaces the pending proposal (with the same genre model, from its OSI YAML), never the saved model.
  'POST /api/databases/:id/semantic-model/import': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model/import`,
    body: () => ({ format: 'osi', content: exportOsiYaml(genreModel) }),
  }),
  'GET /api/databases/:id/semantic-model/export': data(everyone, {
    path: (o) => `/api/databases/${o.database}/semantic-model/export?format=osi`,
  }),
  'DELETE /api/databases/:id/semantic-model/proposal': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model/proposal`,
  }),
  'POST /api/databases/:id/semantic-model/metrics/:name/certification': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model/metrics/genre_count/certification`,
  }),
  'DELETE /api/databases/:id/semantic-model/metrics/:name/certification': data(ownerAndAdmin, {
    path: (o) => `/api/databases/${o.database}/semantic-model/metrics/genre_count/certification`,
  }),
  'GET /api/databases/:id/semantic-model/history': data(everyone, {
    path: (o) => `/api/databases/${o.database}/semantic-model/history`,
  }),
  'GET /api/databases/:id/semantic-model/history/:version': data(everyone, {
    path: (o) => `/api/databases/${o.database}/semantic-model/history/1`,
  }),
  'GET /api/databases/:id/semantic-model/terms': data(everyone, {
    path: (o) => `/api/databases/${o.database}/semantic-model/terms?q=genre`,
  }),
  'POST /api/databases/:id/metrics/query': data(everyone, {
    path: (o) => `/api/databases/${o.database}/metrics/query`,
    body: () => ({ metrics: ['genre_count'], dimensions: [{ dimension: 'name' }], limit: 3 }),
  }),
  'GET /api/projects/:id/semantic-model': data(everyone, {
    path: (o) => `/api/projects/${o.project}/semantic-model`,
  }),
  'GET /api/projects/:id/semantic-model/terms': data(everyone, {
    path: (o) => `/api/projects/${o.project}/semantic-model/terms?q=genre`,
  }),

  'GET /api/projects/:id': data(everyone, { path: (o) => `/api/projects/${o.project}` }),
  'PUT /api/projects/:id': data(ownerAndAdmin, {
    path: (o) => `/api/projects/${o.project}`,
    body: () => ({ name: 'Renamed' }),
  }),
  'DELETE /api/projects/:id': data(ownerAndAdmin, {
    path: (o) => `/api/projects/${o.project}`,
    destroys: 'objects',
  }),
  'GET /api/projects/:id/schema': data(everyone, { path: (o) => `/api/projects/${o.project}/schema` }),

  'GET /api/business-entities/:id': data(everyone, { path: (o) => `/api/business-entities/${o.entity}` }),
  'POST /api/business-entities/:id/checks': data(team, {
    path: (o) => `/api/business-entities/${o.entity}/checks`,
    body: () => ({ definition: { kind: 'completeness', columns: ['Name'] } }),
    destroys: 'objects',
  }),
  'POST /api/business-entities/:id/runs': data(team, {
    path: (o) => `/api/business-entities/${o.entity}/runs`,
    body: () => ({}),
  }),
  'PUT /api/checks/:id': data(team, {
    path: (o) => `/api/checks/${o.check}`,
    body: () => ({ severity: 'high' }),
  }),
  'DELETE /api/checks/:id': data(team, { path: (o) => `/api/checks/${o.check}`, destroys: 'objects' }),
  'PUT /api/issues/:id': data(team, {
    path: (o) => `/api/issues/${o.issue}`,
    body: () => ({ severity: 'low' }),
  }),

  'GET /api/conversations/:id': owned(team, { path: (o) => `/api/conversations/${o.conversation}` }),
  'PUT /api/conversations/:id': owned(ownerOnly, {
    path: (o) => `/api/conversations/${o.conversation}`,
    body: () => ({ name: 'Renamed' }),
  }),
  'DELETE /api/conversations/:id': owned(ownerOnly, {
    path: (o) => `/api/conversations/${o.conversation}`,
    destroys: 'objects',
  }),

  'GET /api/query/:id': owned(team, { path: (o) => `/api/query/${o.query}` }),
  'PUT /api/query/:id': owned(ownerOnly, {
    path: (o) => `/api/query/${o.query}`,
    body: () => ({ title: 'Renamed' }),
  }),
  'DELETE /api/query/:id': owned(ownerOnly, { path: (o) => `/api/query/${o.query}`, destroys: 'objects' }),
  'GET /api/query/:id/results': owned(team, { path: (o) => `/api/query/${o.query}/results` }),
  'POST /api/query/:id/run': owned(team, { path: (o) => `/api/query/${o.query}/run`, body: () => ({}) }),
  'GET /api/query/:id/export': owned(team, { path: (o) => `/api/query/${o.query}/export?format=csv` }),
  'PUT /api/query/:id/favorite': owned(team, {
    path: (o) => `/api/query/${o.query}/favorite`,
    body: () => ({ is_favorite: true }),
  }),

  'POST /api/charts': owned(team, {
    path: () => '/api/charts',
    body: (o) => ({ queryId: o.query, title: 'Mine', config: { type: 'bar', x: 'name', y: ['id'] } }),
  }),
  'GET /api/charts/:id': owned(team, { path: (o) => `/api/charts/${o.chart}` }),
  'PUT /api/charts/:id': owned(ownerOnly, {
    path: (o) => `/api/charts/${o.chart}`,
    body: () => ({ title: 'Renamed' }),
  }),
  'DELETE /api/charts/:id': owned(ownerOnly, { path: (o) => `/api/charts/${o.chart}`, destroys: 'objects' }),
  'PUT /api/charts/:id/favorite': owned(team, {
    path: (o) => `/api/charts/${o.chart}/favorite`,
    body: () => ({ is_favorite: true }),
  }),

  // Dashboards: anyone makes their own; whoever sees one reads it and its data (each tile with
  // their own access); only its owner changes it. A change names the version it was made from,
  // so the owner's PUT is given a fresh dashboard at the version its seeding left.
  'GET /api/dashboards': user('/api/dashboards'),
  'POST /api/dashboards': user('/api/dashboards', { body: { name: 'Mine' } }),
  'GET /api/dashboards/:id': dashboard(everyone, { path: (o) => `/api/dashboards/${o.dashboard}` }),
  'PUT /api/dashboards/:id': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}`,
    body: (o) => ({ version: o.dashboardVersion, name: 'Renamed' }),
    destroys: 'objects',
  }),
  'DELETE /api/dashboards/:id': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}`,
    destroys: 'objects',
  }),
  'POST /api/dashboards/:id/tiles': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}/tiles`,
    body: () => ({ text: 'A note' }),
  }),
  'DELETE /api/dashboards/:id/tiles/:tile': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}/tiles/${o.dashboardTile}`,
    destroys: 'objects',
  }),
  'GET /api/dashboards/:id/data': dashboard(everyone, { path: (o) => `/api/dashboards/${o.dashboard}/data` }),
  'GET /api/dashboards/:id/filters/:name/values': dashboard(everyone, {
    path: (o) => `/api/dashboards/${o.dashboard}/filters/${o.dashboardFilter}/values`,
  }),
  // Public links are the owner's to make, list and revoke (publishing, like making it public).
  'POST /api/dashboards/:id/links': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}/links`,
    body: () => ({}),
  }),
  'GET /api/dashboards/:id/links': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}/links`,
  }),
  'DELETE /api/dashboards/:id/links/:link': dashboard(ownerOnly, {
    path: (o) => `/api/dashboards/${o.dashboard}/links/${o.dashboardLink}`,
    destroys: 'objects',
  }),
  // A link's address is its own key: anyone may ask, an unknown token is a 404, never a 401.
  'GET /api/public/dashboards/:token': { type: 'public', path: '/api/public/dashboards/not-a-token' },
  'GET /api/public/dashboards/:token/data': {
    type: 'public',
    path: '/api/public/dashboards/not-a-token/data',
  },
  'GET /api/public/dashboards/:token/filters/:name/values': {
    type: 'public',
    path: '/api/public/dashboards/not-a-token/filters/genre/values',
  },

  // Sharing leaves each object as its situation has it: only its owner may say.
  'PUT /api/sharing/:kind/:id': owned(ownerOnly, {
    path: (o) => `/api/sharing/query/${o.query}`,
    body: (_o, scenario) => wasShared(scenario),
  }),
};
