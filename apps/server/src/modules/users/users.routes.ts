import { creditBalanceSchema, serverUserSchema } from '@querent/contracts';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { StoreDb } from '../../store/connect.ts';
import { getCreditBalance } from '../credits/get-credit-balance.ts';
import { presentUser } from './present-user.ts';

export function registerUserRoutes(app: ZodApp, deps: { db: StoreDb; creditsEnforced: boolean }): void {
  app.get(
    '/api/user',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        response: { 200: serverUserSchema, ...errorResponses },
      },
    },
    (request) => presentUser(currentUser(request)),
  );

  app.get(
    '/api/user/credits',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['user'],
        summary: 'Credits left to the signed-in user',
        description: 'In local mode credits are off: `unlimited` is true and the balance is not enforced.',
        response: { 200: creditBalanceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const balance = await getCreditBalance(deps, { userId: currentUser(request).id });
      return { credits_remaining: balance.creditsRemaining, unlimited: balance.unlimited };
    },
  );
}
