import { versionInfoSchema } from '@querent/contracts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { getVersionInfo } from './read-version.ts';

export function registerVersionRoutes(app: ZodApp): void {
  app.get(
    '/api/version',
    {
      // The web app polls this to notice a redeploy, even before sign-in.
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Running version',
        response: { 200: versionInfoSchema, ...errorResponses },
      },
    },
    () => getVersionInfo(),
  );
}
