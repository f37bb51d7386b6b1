import type { qualityRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { createCheck } from './checks/create-check.ts';
import { deleteCheck } from './checks/delete-check.ts';
import { updateCheck } from './checks/update-check.ts';
import { getEntityDetail } from './get-entity-detail.ts';
import type { QualityDeps } from './quality-deps.ts';
import { runDatabaseChecks } from './run-database-checks.ts';
import { runEntityChecks } from './run-entity-checks.ts';
import { getQualitySchedule, updateQualitySchedule } from './schedule/schedule-use-cases.ts';

export function qualityHandlers(deps: QualityDeps): RouteHandlers<typeof qualityRoutes> {
  return {
    'GET /api/business-entities/:id': ({ user, params }) =>
      getEntityDetail(deps, { user, entityId: params.id }),
    'POST /api/business-entities/:id/checks': ({ user, params, body }) =>
      createCheck(deps, { user, entityId: params.id, body }),
    'POST /api/business-entities/:id/runs': ({ user, params }) =>
      runEntityChecks(deps, { user, entityId: params.id }),
    'PUT /api/checks/:id': ({ user, params, body }) => updateCheck(deps, { user, checkId: params.id, body }),
    'DELETE /api/checks/:id': ({ user, params }) => deleteCheck(deps, { user, checkId: params.id }),
    'POST /api/quality/runs': ({ user, body }) =>
      runDatabaseChecks(deps, { user, contextId: body.contextId }),
    'GET /api/quality/schedule': ({ user, query }) =>
      getQualitySchedule(deps, { user, contextId: query.contextId }),
    'PUT /api/quality/schedule': ({ user, body }) =>
      updateQualitySchedule(deps, { user, contextId: body.contextId, everyMinutes: body.every_minutes }),
  };
}
