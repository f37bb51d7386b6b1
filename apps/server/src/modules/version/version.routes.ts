import type { versionRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { getVersionInfo } from './read-version.ts';

export function versionHandlers(): RouteHandlers<typeof versionRoutes> {
  return { 'GET /api/version': () => getVersionInfo() };
}
