import type {
  AuthUrl,
  BusinessEntity,
  CreateDatabaseBody,
  CreateProjectBody,
  CreditBalance,
  Database,
  Issue,
  Logout,
  Project,
  SavedProject,
  SchemaInfo,
  ServerUser,
  TestConnectionBody,
  UpdateDatabaseBody,
  UpdateProjectBody,
  VersionInfo,
} from '@querent/contracts';
import type { HttpClient } from '../lib/http-client.ts';
import { createConversationsApi } from './conversations-api.ts';
import { createChartsApi, createFavoritesApi, createQueriesApi } from './queries-api.ts';

const sessionCall = { handleUnauthorized: false } as const;

const databasePath = (id: string) => `/api/databases/${encodeURIComponent(id)}`;
const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
const issuePath = (id: string) => `/api/issues/${encodeURIComponent(id)}`;

/** `refresh` asks the server to introspect again instead of answering from its cache. */
const schemaQuery = (refresh: boolean) => (refresh ? { query: { refresh: true } } : undefined);

/** Every REST call the web app makes (SPEC.md §7), one function each. */
export function createApi(http: HttpClient) {
  return {
    auth: {
      authorizationUrl: () => http.get<AuthUrl>('/api/auth', sessionCall),
      logout: () => http.post<Logout>('/api/auth/logout', undefined, sessionCall),
    },
    user: {
      me: () => http.get<ServerUser>('/api/user', sessionCall),
      credits: () => http.get<CreditBalance>('/api/user/credits'),
    },
    version: () => http.get<VersionInfo>('/api/version'),
    databases: {
      list: () => http.get<Database[]>('/api/databases'),
      get: (id: string) => http.get<Database>(databasePath(id)),
      create: (body: CreateDatabaseBody) => http.post<Database>('/api/databases', body),
      update: (id: string, body: UpdateDatabaseBody) => http.put<Database>(databasePath(id), body),
      remove: (id: string) => http.delete<undefined>(databasePath(id)),
      test: (body: TestConnectionBody) => http.post<{ ok: true }>('/api/databases/test', body),
      schema: (id: string, refresh = false) =>
        http.get<SchemaInfo>(`${databasePath(id)}/schema`, schemaQuery(refresh)),
    },
    projects: {
      list: () => http.get<Project[]>('/api/projects'),
      get: (id: string) => http.get<Project>(projectPath(id)),
      create: (body: CreateProjectBody) => http.post<SavedProject>('/api/projects', body),
      update: (id: string, body: UpdateProjectBody) => http.put<SavedProject>(projectPath(id), body),
      remove: (id: string) => http.delete<undefined>(projectPath(id)),
      schema: (id: string, refresh = false) =>
        http.get<SchemaInfo>(`${projectPath(id)}/schema`, schemaQuery(refresh)),
    },
    queries: createQueriesApi(http),
    charts: createChartsApi(http),
    favorites: createFavoritesApi(http),
    conversations: createConversationsApi(http),
    businessEntities: {
      list: (contextId: string) =>
        http.get<BusinessEntity[]>('/api/business-entities', { query: { contextId } }),
    },
    issues: {
      list: (contextId: string) => http.get<Issue[]>('/api/issues', { query: { contextId } }),
      /** The whole issue goes back (SPEC.md §7); the server answers the stored one. */
      update: (issue: Issue) => http.put<Issue>(issuePath(issue.id), issue),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
