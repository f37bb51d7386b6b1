import type { Issue, RouteBody, RouteQuery, ShareableKind } from '@querent/contracts';
import type { HttpClient } from '../lib/http-client.ts';
import { createRouteCalls } from './call-route.ts';
import { createConversationsApi } from './conversations-api.ts';
import { createChartsApi, createFavoritesApi, createQueriesApi } from './queries-api.ts';

// The sign-in flow's own calls: their 401 is an answer, not an expired session.
const sessionCall = { handleUnauthorized: false } as const;

/** `refresh` asks the server to introspect again instead of answering from its cache. */
const schemaQuery = (refresh: boolean) => (refresh ? { refresh: 'true' } : {});

/** Every REST call the web app makes, one function each, by the route's declared key. */
export function createApi(http: HttpClient) {
  const routes = createRouteCalls(http);
  const { call } = routes;
  return {
    auth: {
      /** The sign-in address; with `signUp`, the provider's registration page. */
      authorizationUrl: (signUp = false) =>
        call('GET /api/auth', { ...sessionCall, query: signUp ? { signup: 'true' } : {} }),
      logout: () => call('POST /api/auth/logout', sessionCall),
    },
    user: {
      me: () => call('GET /api/user', sessionCall),
      credits: () => call('GET /api/user/credits'),
      /** The browsers signed in as the user (none in local mode). */
      sessions: () => call('GET /api/user/sessions'),
      signOutSession: (id: string) => call('DELETE /api/user/sessions/:id', { params: { id } }),
      signOutOtherSessions: () => call('DELETE /api/user/sessions'),
      /** The balance the user draws on, its ledger and use by day. */
      creditHistory: () => call('GET /api/user/credits/history'),
    },
    /** The user's API keys (and, for administrators, the organisation keys). */
    apiKeys: {
      list: () => call('GET /api/api-keys'),
      /** Answers the key with its secret, which is never shown again. */
      create: (body: RouteBody<'POST /api/api-keys'>) => call('POST /api/api-keys', { body }),
      revoke: (id: string) => call('DELETE /api/api-keys/:id', { params: { id } }),
    },
    /** The apps (MCP clients) the user connected through OAuth (none in local mode). */
    connectedApps: {
      list: () => call('GET /api/connected-apps'),
      disconnect: (id: string) => call('DELETE /api/connected-apps/:id', { params: { id } }),
    },
    credits: {
      plans: () => call('GET /api/credits/plans'),
      /** Administrators: add (or with a negative amount remove) credits of a user or organisation. */
      grant: (body: RouteBody<'POST /api/credits/grants'>) => call('POST /api/credits/grants', { body }),
      checkout: (body: RouteBody<'POST /api/credits/checkout'>) =>
        call('POST /api/credits/checkout', { body }),
      /** Stripe's billing portal for the plan bought through Stripe: cancel it or change it there. */
      portal: () => call('POST /api/credits/portal'),
      usage: (days: number) => call('GET /api/credits/usage', { query: { days } }),
      setPlan: (body: RouteBody<'PUT /api/credits/subscriptions'>) =>
        call('PUT /api/credits/subscriptions', { body }),
    },
    /** Administrators only: people and organisations (/user). */
    people: {
      list: (query: RouteQuery<'GET /api/users'>) => call('GET /api/users', { query }),
      change: (id: string, body: RouteBody<'PUT /api/users/:id'>) =>
        call('PUT /api/users/:id', { params: { id }, body }),
      organizations: () => call('GET /api/organizations'),
      createOrganization: (name: string) => call('POST /api/organizations', { body: { name } }),
      renameOrganization: (id: string, name: string) =>
        call('PUT /api/organizations/:id', { params: { id }, body: { name } }),
      /** `force` deletes one that still has credits (refused with 409 otherwise). */
      deleteOrganization: (id: string, force: boolean) =>
        call('DELETE /api/organizations/:id', { params: { id }, query: force ? { force: 'true' } : {} }),
    },
    version: () => call('GET /api/version'),
    databases: {
      list: () => call('GET /api/databases'),
      get: (id: string) => call('GET /api/databases/:id', { params: { id } }),
      create: (body: RouteBody<'POST /api/databases'>) => call('POST /api/databases', { body }),
      update: (id: string, body: RouteBody<'PUT /api/databases/:id'>) =>
        call('PUT /api/databases/:id', { params: { id }, body }),
      remove: (id: string) => call('DELETE /api/databases/:id', { params: { id } }),
      test: (body: RouteBody<'POST /api/databases/test'>) => call('POST /api/databases/test', { body }),
      schema: (id: string, refresh = false) =>
        call('GET /api/databases/:id/schema', { params: { id }, query: schemaQuery(refresh) }),
    },
    memories: {
      /** A database's facts, pending first, and whether the user may change them. */
      list: (databaseId: string) => call('GET /api/databases/:id/memories', { params: { id: databaseId } }),
      add: (databaseId: string, content: string) =>
        call('POST /api/databases/:id/memories', { params: { id: databaseId }, body: { content } }),
      update: (id: string, body: RouteBody<'PUT /api/memories/:id'>) =>
        call('PUT /api/memories/:id', { params: { id }, body }),
      remove: (id: string) => call('DELETE /api/memories/:id', { params: { id } }),
    },
    semanticModels: {
      /** A database's model, version, pending proposal and what the user may do with them. */
      get: (databaseId: string) =>
        call('GET /api/databases/:id/semantic-model', { params: { id: databaseId } }),
      save: (databaseId: string, body: RouteBody<'PUT /api/databases/:id/semantic-model'>) =>
        call('PUT /api/databases/:id/semantic-model', { params: { id: databaseId }, body }),
      propose: (databaseId: string) =>
        call('POST /api/databases/:id/semantic-model/proposal', { params: { id: databaseId } }),
      accept: (
        databaseId: string,
        body: RouteBody<'POST /api/databases/:id/semantic-model/proposal/accept'>,
      ) =>
        call('POST /api/databases/:id/semantic-model/proposal/accept', { params: { id: databaseId }, body }),
      reject: (databaseId: string) =>
        call('DELETE /api/databases/:id/semantic-model/proposal', { params: { id: databaseId } }),
      certify: (databaseId: string, name: string) =>
        call('POST /api/databases/:id/semantic-model/metrics/:name/certification', {
          params: { id: databaseId, name },
        }),
      withdraw: (databaseId: string, name: string) =>
        call('DELETE /api/databases/:id/semantic-model/metrics/:name/certification', {
          params: { id: databaseId, name },
        }),
      history: (databaseId: string) =>
        call('GET /api/databases/:id/semantic-model/history', { params: { id: databaseId } }),
      /** The model as one old version saved it, with who saved it, when, and what it changed. */
      version: (databaseId: string, version: number) =>
        call('GET /api/databases/:id/semantic-model/history/:version', {
          params: { id: databaseId, version: String(version) },
        }),
      /** dbt or OSI files converted into the pending proposal; answers it with what did not convert. */
      import: (databaseId: string, body: RouteBody<'POST /api/databases/:id/semantic-model/import'>) =>
        call('POST /api/databases/:id/semantic-model/import', { params: { id: databaseId }, body }),
      /** The model's terms matching the words typed, of a database or a project's database. */
      terms: (source: { kind: 'database' | 'project'; id: string }, q: string, signal?: AbortSignal) => {
        const input = { params: { id: source.id }, query: { q }, ...(signal ? { signal } : {}) };
        return source.kind === 'database'
          ? call('GET /api/databases/:id/semantic-model/terms', input)
          : call('GET /api/projects/:id/semantic-model/terms', input);
      },
    },
    projects: {
      list: () => call('GET /api/projects'),
      get: (id: string) => call('GET /api/projects/:id', { params: { id } }),
      create: (body: RouteBody<'POST /api/projects'>) => call('POST /api/projects', { body }),
      update: (id: string, body: RouteBody<'PUT /api/projects/:id'>) =>
        call('PUT /api/projects/:id', { params: { id }, body }),
      remove: (id: string) => call('DELETE /api/projects/:id', { params: { id } }),
      schema: (id: string, refresh = false) =>
        call('GET /api/projects/:id/schema', { params: { id }, query: schemaQuery(refresh) }),
    },
    queries: createQueriesApi(routes),
    sharing: {
      /** Shares an object with the owner's organisation (`shared: true`) or makes it private again. */
      set: (kind: ShareableKind, id: string, shared: boolean) =>
        call('PUT /api/sharing/:kind/:id', { params: { kind, id }, body: { shared } }),
    },
    charts: createChartsApi(routes),
    favorites: createFavoritesApi(routes),
    conversations: createConversationsApi(routes),
    uploads: {
      /** The size limit and the user's upload databases; the file itself goes by sendUpload. */
      options: () => call('GET /api/uploads'),
    },
    businessEntities: {
      list: (contextId: string) => call('GET /api/business-entities', { query: { contextId } }),
      /** The entity with its checks, their latest runs and its score breakdown. */
      detail: (id: string) => call('GET /api/business-entities/:id', { params: { id } }),
      addCheck: (id: string, body: RouteBody<'POST /api/business-entities/:id/checks'>) =>
        call('POST /api/business-entities/:id/checks', { params: { id }, body }),
      /** Runs its checks now; answers its new detail. */
      run: (id: string) => call('POST /api/business-entities/:id/runs', { params: { id } }),
    },
    checks: {
      update: (id: string, body: RouteBody<'PUT /api/checks/:id'>) =>
        call('PUT /api/checks/:id', { params: { id }, body }),
      remove: (id: string) => call('DELETE /api/checks/:id', { params: { id } }),
    },
    quality: {
      /** Runs every active check of the context's database now. */
      runAll: (contextId: string) => call('POST /api/quality/runs', { body: { contextId } }),
      schedule: (contextId: string) => call('GET /api/quality/schedule', { query: { contextId } }),
      setSchedule: (contextId: string, everyMinutes: number | null) =>
        call('PUT /api/quality/schedule', { body: { contextId, every_minutes: everyMinutes } }),
    },
    issues: {
      list: (contextId: string) => call('GET /api/issues', { query: { contextId } }),
      /** The whole issue goes back; the server answers the stored one. */
      update: (issue: Issue) => call('PUT /api/issues/:id', { params: { id: issue.id }, body: issue }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
