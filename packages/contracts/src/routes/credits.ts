import {
  creditGrantResultSchema,
  creditGrantSchema,
  creditHistorySchema,
  creditPlansSchema,
  creditSubscriptionChangeSchema,
} from '../credits.ts';
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
  'GET /api/credits/plans': route({
    summary: 'The plans on offer, the balance the user draws on and the plan it is on',
    tags,
    auth: 'required',
    response: creditPlansSchema,
  }),
  'PUT /api/credits/subscriptions': route({
    summary: 'Put a user or an organisation on a plan, or take it off (administrators)',
    description: 'The plan’s first monthly allowance is granted at once, the next ones every month after.',
    tags,
    auth: 'required',
    body: creditSubscriptionChangeSchema,
    status: 204,
  }),
} satisfies RouteTable;
