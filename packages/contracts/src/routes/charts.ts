import { chartSchema, createChartBodySchema, updateChartBodySchema } from '../charts.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['charts'];

export const chartRoutes = {
  'POST /api/charts': route({
    summary: 'Save a chart of a query’s result',
    description:
      'The config names result columns of the query (x, y[], optional series); an unknown one is a 400 naming the field, e.g. `config.y[1]`. A query without a stored result runs once first, so the chart has data to draw.',
    tags,
    auth: 'required',
    body: createChartBodySchema,
    status: 201,
    response: chartSchema,
  }),
  'GET /api/charts/:id': route({
    summary: 'A chart',
    tags,
    auth: 'required',
    params: idParamsSchema,
    response: chartSchema,
  }),
  'PUT /api/charts/:id': route({
    summary: 'Rename a chart or change its config (its owner only)',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateChartBodySchema,
    response: chartSchema,
  }),
  'DELETE /api/charts/:id': route({
    summary: 'Delete a chart (its owner only)',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
} satisfies RouteTable;
