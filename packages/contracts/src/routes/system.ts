import { healthSchema, readinessSchema } from '../health.ts';
import { versionInfoSchema } from '../user.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['system'];

export const healthRoutes = {
  // Kept for existing load balancer configurations: the same answer as liveness.
  'GET /api/health': route({
    summary: 'Health check (liveness)',
    tags,
    auth: 'public',
    response: healthSchema,
  }),
  'GET /api/health/live': route({
    summary: 'Liveness probe: the process answers HTTP',
    tags,
    auth: 'public',
    response: healthSchema,
  }),
  'GET /api/health/ready': route({
    summary: 'Readiness probe: the store and Redis (when configured) answer',
    description:
      'Answers 503 SERVICE_UNAVAILABLE, naming what failed, when a dependency does not answer in time.',
    tags,
    auth: 'public',
    response: readinessSchema,
  }),
} satisfies RouteTable;

export const versionRoutes = {
  // The web app polls this to notice a redeploy, even before sign-in.
  'GET /api/version': route({
    summary: 'Running version',
    tags,
    auth: 'public',
    response: versionInfoSchema,
  }),
} satisfies RouteTable;
