import type { healthRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { ReadinessChecks } from './readiness.ts';

export function healthHandlers(readiness: ReadinessChecks): RouteHandlers<typeof healthRoutes> {
  return {
    'GET /api/health': () => ({ ok: true as const }),
    'GET /api/health/live': () => ({ ok: true as const }),
    'GET /api/health/ready': () => readiness.check(),
  };
}
