import type { healthRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';

export function healthHandlers(): RouteHandlers<typeof healthRoutes> {
  return { 'GET /api/health': () => ({ ok: true as const }) };
}
