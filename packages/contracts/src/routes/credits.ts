import { creditGrantResultSchema, creditGrantSchema, creditHistorySchema } from '../credits.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['credits'];

export const creditRoutes = {
  'GET /api/user/credits/history': route({
    summary: 'The balance the user draws on, with its latest ledger entries',
    tags,
    auth: 'required',
    response: creditHistorySchema,
  }),
  'POST /api/credits/grants': route({
    summary: 'Add or remove credits of a user or an organisation (administrators)',
    description:
      'A positive amount adds credits, a negative one removes them (never more than are free); the reason is kept in the ledger with who made the change. Only in hosted mode, where credits count.',
    tags,
    auth: 'required',
    body: creditGrantSchema,
    response: creditGrantResultSchema,
  }),
} satisfies RouteTable;
