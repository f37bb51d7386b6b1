import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodApp } from './zod-app.ts';

export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document is generated from the routes' zod schemas; the UI is served offline. */
export async function registerOpenApi(app: ZodApp, product: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Querent API',
        description: 'REST API of Querent. Realtime events travel over Socket.IO at /socket.io.',
        version: product.version,
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'querent_session',
            description: 'The browser session of a signed-in person (hosted mode); local mode needs none.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key made on /profile, as `Authorization: Bearer qk_…`. It acts as its maker, only reads and runs read-only, and calls only the routes that name one of its scopes.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The public validator badge would call the internet and is refused by our CSP anyway.
    uiConfig: { validatorUrl: null },
    // Our own CSP (security-headers.ts) already covers the UI, which loads only its own files.
    staticCSP: false,
  });
}
