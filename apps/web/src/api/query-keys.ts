/** One place for cache keys, so invalidation after a context change hits every variant. */
export const queryKeys = {
  userProfile: ['user', 'profile'] as const,
  userSessions: ['user', 'sessions'] as const,
  creditHistory: ['user', 'credits', 'history'] as const,
  creditPlans: ['credits', 'plans'] as const,
  databases: ['databases'] as const,
  database: (id: string) => ['databases', id] as const,
  projects: ['projects'] as const,
  project: (id: string) => ['projects', id] as const,
  // Apart from ['databases'] so that refreshing the list does not introspect every database again.
  databaseSchema: (id: string) => ['schema', 'database', id] as const,
  projectSchema: (id: string) => ['schema', 'project', id] as const,
  savedQuery: (id: string) => ['query', id] as const,
  savedQueryResults: (id: string) => ['query', id, 'results'] as const,
  queryHistory: (databaseId: string) => ['query-history', databaseId] as const,
  chart: (id: string) => ['chart', id] as const,
  favoritesRoot: ['favorites'] as const,
  favorites: (contextId: string | null) => ['favorites', contextId] as const,
  conversationsRoot: ['conversations'] as const,
  conversations: (contextId: string | null) => ['conversations', contextId] as const,
  businessEntitiesRoot: ['business-entities'] as const,
  businessEntities: (contextId: string | null) => ['business-entities', contextId] as const,
  // Under the same root, so a context change drops the details it showed too.
  entityDetail: (id: string) => ['business-entities', 'detail', id] as const,
  qualitySchedule: (contextId: string | null) => ['quality-schedule', contextId] as const,
  issuesRoot: ['issues'] as const,
  issues: (contextId: string | null) => ['issues', contextId] as const,
};
