import { healthSchema } from '@querent/contracts';
import type { ZodApp } from '../../http/zod-app.ts';

export function registerHealthRoutes(app: ZodApp): void {
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'Readiness probe', response: { 200: healthSchema } },
    },
    () => ({ ok: true as const }),
  );
}
