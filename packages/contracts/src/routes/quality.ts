import {
  createCheckBodySchema,
  entityDetailSchema,
  qualityCheckSchema,
  qualityRunSummarySchema,
  qualityScheduleQuerySchema,
  qualityScheduleSchema,
  runQualityBodySchema,
  updateCheckBodySchema,
  updateQualityScheduleBodySchema,
} from '../quality.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['data quality'];

export const qualityRoutes = {
  'GET /api/business-entities/:id': route({
    summary: 'A business entity with its checks, their latest runs and its score breakdown',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: entityDetailSchema,
  }),
  'POST /api/business-entities/:id/checks': route({
    summary: 'Add a check of your own to a business entity',
    description:
      'The definition is validated against the table and tried once on the database before it is saved; a check that cannot run is refused with the database’s message.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: createCheckBodySchema,
    status: 201,
    response: qualityCheckSchema,
  }),
  'POST /api/business-entities/:id/runs': route({
    summary: 'Run a business entity’s active checks now and recompute its scores',
    tags,
    auth: 'required',
    params: idParamsSchema,
    response: entityDetailSchema,
  }),
  'PUT /api/checks/:id': route({
    summary: 'Accept, edit, mute or unmute a check',
    description:
      'Absent fields stay. state active accepts a proposed check or lifts a mute; state muted needs muted_reason. A changed definition is validated and tried first, and lifts a mute.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateCheckBodySchema,
    response: qualityCheckSchema,
  }),
  'DELETE /api/checks/:id': route({
    summary: 'Delete a check with its runs; its issues stay, unlinked',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
  'POST /api/quality/runs': route({
    summary: 'Run every active check of a context’s database now',
    tags,
    auth: 'required',
    body: runQualityBodySchema,
    response: qualityRunSummarySchema,
  }),
  'GET /api/quality/schedule': route({
    summary: 'How often a context’s database has its checks run',
    tags,
    auth: 'required',
    query: qualityScheduleQuerySchema,
    response: qualityScheduleSchema,
  }),
  'PUT /api/quality/schedule': route({
    summary: 'Set how often a context’s database has its checks run',
    description: 'every_minutes: 0 turns the schedule off, null follows the server’s default.',
    tags,
    auth: 'required',
    body: updateQualityScheduleBodySchema,
    response: qualityScheduleSchema,
  }),
} satisfies RouteTable;
