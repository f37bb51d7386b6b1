import type { LimitAsks } from '../../auth/anonymous/ask-limit.ts';
import type { semanticModelRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import { abortOnClose } from '../queries/abort-on-close.ts';
import { setMetricCertification } from './certify-metric.ts';
import { acceptProposal, rejectProposal } from './decide-proposal.ts';
import { contentDisposition } from '../exports/export-filename.ts';
import { exportSemanticModel } from './export-semantic-model.ts';
import { getProjectSemanticModel, getSemanticModel } from './get-semantic-model.ts';
import { importSemanticModel } from './import-semantic-model.ts';
import { proposeSemanticModel } from './propose-semantic-model.ts';
import { runMetricQuery } from './run-metric-query.ts';
import { saveSemanticModel } from './save-semantic-model.ts';
import type { SemanticModelDeps } from './semantic-model-deps.ts';
import { getSemanticModelVersion, listSemanticModelHistory } from './semantic-model-history.ts';
import { suggestProjectTerms, suggestTerms } from './suggest-terms.ts';

/**
 * `limitAsks` counts each metric query against the caller's allowance (the anonymous sandbox's),
 * as SQL runs are. `bodyLimitBytes`: an import may carry a dbt manifest.json, far larger than other
 * requests (the same limit as a database's dbt files).
 */
export function semanticModelHandlers(
  deps: SemanticModelDeps & { limitAsks?: LimitAsks; bodyLimitBytes?: number },
): RouteHandlers<typeof semanticModelRoutes> {
  return {
    'GET /api/databases/:id/semantic-model': ({ user, params }) =>
      getSemanticModel(deps, { user, databaseId: params.id }),
    'PUT /api/databases/:id/semantic-model': ({ user, params, body }) =>
      saveSemanticModel(deps, { user, databaseId: params.id, model: body.model, version: body.version }),
    'POST /api/databases/:id/semantic-model/proposal': async ({ user, params, reply }) => {
      const { signal, done } = abortOnClose(reply);
      try {
        return await proposeSemanticModel(deps, { user, databaseId: params.id, signal });
      } finally {
        done();
      }
    },
    'POST /api/databases/:id/semantic-model/proposal/accept': ({ user, params, body }) =>
      acceptProposal(deps, {
        user,
        databaseId: params.id,
        version: body.version,
        items: body.items,
        replace: body.replace,
      }),
    'POST /api/databases/:id/semantic-model/import': {
      options: deps.bodyLimitBytes === undefined ? {} : { bodyLimit: deps.bodyLimitBytes },
      handle: ({ user, params, body }) =>
        importSemanticModel(deps, { user, databaseId: params.id, file: body }),
    },
    'GET /api/databases/:id/semantic-model/export': async ({ user, params, query, reply }) => {
      const file = await exportSemanticModel(deps, {
        user,
        databaseId: params.id,
        proposal: query.proposal ?? false,
      });
      await reply
        .header('content-type', 'application/yaml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.filename))
        .send(file.content);
    },
    'DELETE /api/databases/:id/semantic-model/proposal': ({ user, params }) =>
      rejectProposal(deps, { user, databaseId: params.id }),
    'POST /api/databases/:id/semantic-model/metrics/:name/certification': ({ user, params }) =>
      setMetricCertification(deps, { user, databaseId: params.id, metric: params.name, certify: true }),
    'DELETE /api/databases/:id/semantic-model/metrics/:name/certification': ({ user, params }) =>
      setMetricCertification(deps, { user, databaseId: params.id, metric: params.name, certify: false }),
    'GET /api/databases/:id/semantic-model/history': ({ user, params }) =>
      listSemanticModelHistory(deps, { user, databaseId: params.id }),
    'GET /api/databases/:id/semantic-model/history/:version': ({ user, params }) =>
      getSemanticModelVersion(deps, { user, databaseId: params.id, version: params.version }),
    'GET /api/databases/:id/semantic-model/terms': ({ user, params, query }) =>
      suggestTerms(deps, { user, databaseId: params.id, q: query.q, limit: query.limit }),
    'POST /api/databases/:id/metrics/query': {
      options: uncheckedResponse,
      handle: async ({ user, params, body, reply }) => {
        await deps.limitAsks?.(user);
        const { signal, done } = abortOnClose(reply);
        try {
          return await runMetricQuery(deps, { user, databaseId: params.id, query: body, signal });
        } finally {
          done();
        }
      },
    },
    'GET /api/projects/:id/semantic-model': ({ user, params }) =>
      getProjectSemanticModel(deps, { user, projectId: params.id }),
    'GET /api/projects/:id/semantic-model/terms': ({ user, params, query }) =>
      suggestProjectTerms(deps, { user, projectId: params.id, q: query.q, limit: query.limit }),
  };
}
