import { creditBalanceSchema, serverUserSchema } from '../user.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['user'];

export const userRoutes = {
  'GET /api/user': route({
    summary: 'The signed-in user',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    response: serverUserSchema,
  }),
  'GET /api/user/credits': route({
    summary: 'Credits left to the signed-in user',
    description: 'In local mode credits are off: `unlimited` is true and the balance is not enforced.',
    tags,
    auth: 'required',
    response: creditBalanceSchema,
  }),
} satisfies RouteTable;
