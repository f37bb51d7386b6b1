import { healthSchema } from '../health.ts';
import { versionInfoSchema } from '../user.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['system'];

export const healthRoutes = {
  'GET /api/health': route({ summary: 'Readiness probe', tags, auth: 'public', response: healthSchema }),
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
