import { chartSchema, createChartBodySchema, updateChartBodySchema } from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { RunQueryDeps } from '../queries/run-query.ts';
import { createChart } from './create-chart.ts';
import { deleteChart } from './delete-chart.ts';
import { getChart } from './get-chart.ts';
import { updateChart } from './update-chart.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['charts'];

export function registerChartRoutes(app: ZodApp, deps: RunQueryDeps): void {
  app.post(
    '/api/charts',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Save a chart of a query’s result',
        description:
          'The config names result columns of the query (x, y[], optional series); an unknown one is a 400 naming the field, e.g. `config.y[1]`. A query without a stored result runs once first, so the chart has data to draw.',
        body: createChartBodySchema,
        response: { 201: chartSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const chart = await createChart(deps, { user: currentUser(request), body: request.body });
      return reply.code(201).send(chart);
    },
  );

  app.get(
    '/api/charts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'A chart',
        params: idParams,
        response: { 200: chartSchema, ...errorResponses },
      },
    },
    (request) => getChart(deps, { user: currentUser(request), chartId: request.params.id }),
  );

  app.put(
    '/api/charts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Rename a chart or change its config (its owner only)',
        params: idParams,
        body: updateChartBodySchema,
        response: { 200: chartSchema, ...errorResponses },
      },
    },
    (request) =>
      updateChart(deps, { user: currentUser(request), chartId: request.params.id, body: request.body }),
  );

  app.delete(
    '/api/charts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a chart (its owner only)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteChart(deps, { user: currentUser(request), chartId: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
