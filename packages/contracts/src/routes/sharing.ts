import { sharingBodySchema, sharingParamsSchema, sharingSchema } from '../sharing.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

export const sharingRoutes = {
  'PUT /api/sharing/:kind/:id': route({
    summary: 'Share an object with the owner’s organisation, or make it private again (its owner only)',
    description:
      'Conversations, saved queries, charts, dashboards and uploaded databases are private until shared. Shared ones are read-only to colleagues (queries may also be run).',
    tags: ['sharing'],
    auth: 'required',
    params: sharingParamsSchema,
    body: sharingBodySchema,
    response: sharingSchema,
  }),
} satisfies RouteTable;
