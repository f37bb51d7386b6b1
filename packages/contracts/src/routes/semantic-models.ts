import {
  acceptSemanticProposalSchema,
  exportSemanticModelQuerySchema,
  importSemanticModelSchema,
  metricQueryBodySchema,
  metricQueryResultSchema,
  saveSemanticModelSchema,
  semanticMetricParamsSchema,
  semanticImportResultSchema,
  semanticModelHistorySchema,
  semanticModelStateSchema,
  semanticModelVersionSchema,
  semanticVersionParamsSchema,
} from '../semantic-models.ts';
import { semanticTermsQuerySchema, semanticTermsSchema } from '../semantic-terms.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['semantic models'];

export const semanticModelRoutes = {
  'GET /api/databases/:id/semantic-model': route({
    summary: 'A database’s semantic model, its version, the pending proposal and what the caller may do',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: semanticModelStateSchema,
  }),
  'PUT /api/databases/:id/semantic-model': route({
    summary: 'Save the semantic model as its next version',
    description:
      'A `version` other than the current one is refused (409). A metric keeps its certification only while its definition is unchanged.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: saveSemanticModelSchema,
    response: semanticModelStateSchema,
  }),
  'POST /api/databases/:id/semantic-model/proposal': route({
    summary: 'Propose a semantic model from the database’s schema and column profiles, kept as pending',
    tags,
    auth: 'required',
    params: idParamsSchema,
    response: semanticModelStateSchema,
  }),
  'POST /api/databases/:id/semantic-model/proposal/accept': route({
    summary: 'Merge the pending proposal (or the items picked from it) into the model',
    description:
      'Items whose names are new are added; what the model already has stays as it is, unless `replace` is true: then the proposal’s items replace those of the same names (a certification stays only where the definition is unchanged).',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: acceptSemanticProposalSchema,
    response: semanticModelStateSchema,
  }),
  'POST /api/databases/:id/semantic-model/import': route({
    summary: 'Import dbt semantic models and metrics, or an OSI YAML file, as the pending proposal',
    description:
      'The saved model is untouched: the import is accepted (all or some of it) through the proposal routes. What does not convert comes back as warnings; content that cannot be read is a 400 naming where (`content: line 12, column 3`).',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: importSemanticModelSchema,
    response: semanticImportResultSchema,
  }),
  'GET /api/databases/:id/semantic-model/export': route({
    kind: 'download',
    summary: 'The saved semantic model (or with proposal=true the pending one) as OSI YAML',
    description: '404 when there is nothing to export.',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    query: exportSemanticModelQuerySchema,
  }),
  'DELETE /api/databases/:id/semantic-model/proposal': route({
    summary: 'Reject the pending proposal',
    tags,
    auth: 'required',
    params: idParamsSchema,
    response: semanticModelStateSchema,
  }),
  'POST /api/databases/:id/semantic-model/metrics/:name/certification': route({
    summary: 'Certify a metric, by the caller, now',
    tags,
    auth: 'required',
    params: semanticMetricParamsSchema,
    response: semanticModelStateSchema,
  }),
  'DELETE /api/databases/:id/semantic-model/metrics/:name/certification': route({
    summary: 'Withdraw a metric’s certification',
    tags,
    auth: 'required',
    params: semanticMetricParamsSchema,
    response: semanticModelStateSchema,
  }),
  'GET /api/databases/:id/semantic-model/history': route({
    summary: 'Every change of the semantic model, newest first',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: semanticModelHistorySchema,
  }),
  'GET /api/databases/:id/semantic-model/history/:version': route({
    summary: 'The semantic model as one version saved it',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: semanticVersionParamsSchema,
    response: semanticModelVersionSchema,
  }),
  'GET /api/databases/:id/semantic-model/terms': route({
    summary: 'The model’s metrics, dimensions, datasets and values that match what was typed, best first',
    description:
      'Matched on words, prefixes, synonyms and near spellings, whatever the case and accents. Without a model, the terms of one proposed from the cached schema (no values).',
    tags,
    auth: 'required',
    params: idParamsSchema,
    query: semanticTermsQuerySchema,
    response: semanticTermsSchema,
  }),
  'POST /api/databases/:id/metrics/query': route({
    summary: 'Answer a metric query: compiled for the database’s engine and run as the editor runs SQL',
    description:
      'Answered from the model the chat and MCP read: the saved one, else the pending proposal, else one proposed from the schema (modelSource says which). standsOn says what each metric stands on: certified (by whom, when) or not. An unknown name is a 400 naming the field and the closest valid names.',
    tags,
    auth: 'required',
    apiKeyScope: 'metrics:run',
    params: idParamsSchema,
    body: metricQueryBodySchema,
    response: metricQueryResultSchema,
  }),
  'GET /api/projects/:id/semantic-model': route({
    summary: 'The semantic model of a project’s database, read-only',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: semanticModelStateSchema,
  }),
  'GET /api/projects/:id/semantic-model/terms': route({
    summary: 'The terms of the project’s database’s semantic model that match what was typed',
    tags,
    auth: 'required',
    params: idParamsSchema,
    query: semanticTermsQuerySchema,
    response: semanticTermsSchema,
  }),
} satisfies RouteTable;
