import type {
  AuthUrl,
  ConversationSummary,
  CreditBalance,
  Logout,
  ServerUser,
  VersionInfo,
} from '@querent/contracts';
import type { HttpClient } from '../lib/http-client.ts';
import type { BusinessEntity, DatabaseSummary, ProjectSummary, SavedQuery } from './types.ts';

const sessionCall = { handleUnauthorized: false } as const;

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
      list: () => http.get<DatabaseSummary[]>('/api/databases'),
      get: (id: string) => http.get<DatabaseSummary>(`/api/databases/${encodeURIComponent(id)}`),
    },
    projects: {
      list: () => http.get<ProjectSummary[]>('/api/projects'),
      get: (id: string) => http.get<ProjectSummary>(`/api/projects/${encodeURIComponent(id)}`),
    },
    queries: {
      get: (id: string) => http.get<SavedQuery>(`/api/query/${encodeURIComponent(id)}`),
    },
    conversations: {
      create: (contextId: string) => http.post<ConversationSummary>('/api/conversations', { contextId }),
    },
    businessEntities: {
      list: (contextId: string) =>
        http.get<BusinessEntity[]>('/api/business-entities', { query: { contextId } }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
