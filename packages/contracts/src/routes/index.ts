import { apiKeyRoutes } from './api-keys.ts';
import { authRoutes } from './auth.ts';
import { businessEntityRoutes } from './business-entities.ts';
import { chartRoutes } from './charts.ts';
import { connectedAppRoutes } from './connected-apps.ts';
import { conversationRoutes } from './conversations.ts';
import { creditRoutes } from './credits.ts';
import { dashboardRoutes } from './dashboards.ts';
import { databaseRoutes } from './databases.ts';
import { exportRoutes } from './exports.ts';
import { favoriteRoutes } from './favorites.ts';
import { issueRoutes } from './issues.ts';
import { memoryRoutes } from './memories.ts';
import { peopleRoutes } from './people.ts';
import { projectRoutes } from './projects.ts';
import { qualityRoutes } from './quality.ts';
import { queryRoutes } from './queries.ts';
import type { RouteTable } from './route.ts';
import { savedQueryRoutes } from './saved-queries.ts';
import { semanticModelRoutes } from './semantic-models.ts';
import { sessionRoutes } from './sessions.ts';
import { sharingRoutes } from './sharing.ts';
import { healthRoutes, versionRoutes } from './system.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './user.ts';

export * from './api-keys.ts';
export * from './auth.ts';
export * from './business-entities.ts';
export * from './charts.ts';
export * from './connected-apps.ts';
export * from './conversations.ts';
export * from './credits.ts';
export * from './dashboards.ts';
export * from './databases.ts';
export * from './exports.ts';
export * from './favorites.ts';
export * from './id-params.ts';
export * from './issues.ts';
export * from './memories.ts';
export * from './people.ts';
export * from './projects.ts';
export * from './quality.ts';
export * from './queries.ts';
export * from './route.ts';
export * from './route-key.ts';
export type * from './route-types.ts';
export * from './saved-queries.ts';
export * from './semantic-models.ts';
export * from './sessions.ts';
export * from './sharing.ts';
export * from './system.ts';
export * from './uploads.ts';
export * from './user.ts';

/**
 * Every endpoint of the REST API, declared once: the server registers a handler for each and the
 * web app calls them by key, both typed from these schemas.
 */
export const apiRoutes = {
  ...healthRoutes,
  ...versionRoutes,
  ...authRoutes,
  ...userRoutes,
  ...sessionRoutes,
  ...apiKeyRoutes,
  ...connectedAppRoutes,
  ...creditRoutes,
  ...peopleRoutes,
  ...databaseRoutes,
  ...projectRoutes,
  ...conversationRoutes,
  ...queryRoutes,
  ...savedQueryRoutes,
  ...chartRoutes,
  ...favoriteRoutes,
  ...exportRoutes,
  ...uploadRoutes,
  ...businessEntityRoutes,
  ...issueRoutes,
  ...sharingRoutes,
  ...qualityRoutes,
  ...memoryRoutes,
  ...semanticModelRoutes,
  ...dashboardRoutes,
} satisfies RouteTable;

export type ApiRoutes = typeof apiRoutes;
