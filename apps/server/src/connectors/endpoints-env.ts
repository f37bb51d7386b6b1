import { z } from 'zod';
import type { BigQueryConnectorOptions, SnowflakeConnectorOptions } from './index.ts';

/*
 * Where the hosted engines are reached: by default the vendors' public addresses, overridable for
 * private endpoints (Snowflake PrivateLink, Google Private Service Connect), egress proxies and
 * emulators. env.ts reads the environment and merges these in; every connector the app creates
 * receives the result.
 */

/** The connector options these variables set; absent means the vendor's own address. */
export type EngineEndpoints = Pick<SnowflakeConnectorOptions, 'snowflakeAccessUrl'> &
  Pick<BigQueryConnectorOptions, 'bigqueryEndpoints'>;

export const endpointConfigDocs = [
  {
    name: 'SNOWFLAKE_ACCESS_URL',
    default: '(unset)',
    description:
      "Address every Snowflake connection goes to instead of the account's own https://ACCOUNT.snowflakecomputing.com: a PrivateLink host, a proxy or an emulator. http:// or https://, host and port only; the account is still sent when signing in.",
  },
  {
    name: 'BIGQUERY_API_ENDPOINT',
    default: '(unset)',
    description:
      'Address of the BigQuery API instead of https://bigquery.googleapis.com: a Private Service Connect endpoint, a proxy or an emulator (http:// or https://).',
  },
  {
    name: 'BIGQUERY_TOKEN_URL',
    default: '(unset)',
    description:
      'Where service account keys are exchanged for access tokens instead of https://oauth2.googleapis.com/token: a Private Service Connect endpoint, a proxy or an emulator (http:// or https://).',
  },
] as const;

/** Protocols a URL variable may use; anything else is refused at start, naming the variable. */
const webProtocols = ['http:', 'https:'];

function parsed(value: string): URL | null {
  try {
    const url = new URL(value);
    return webProtocols.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

// An empty variable means "unset", as in env.ts.
function webUrl(options: { originOnly: boolean }) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) return;
        const url = parsed(value);
        if (!url) {
          ctx.addIssue({ code: 'custom', message: 'must be an http:// or https:// URL' });
        } else if (
          options.originOnly &&
          (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
        ) {
          // The Snowflake driver keeps only scheme, host and port: the rest would be dropped silently.
          ctx.addIssue({
            code: 'custom',
            message: `must be scheme, host and port only, e.g. ${url.origin} (no path or credentials)`,
          });
        }
      }),
  );
}

export const endpointEnvShape = {
  SNOWFLAKE_ACCESS_URL: webUrl({ originOnly: true }),
  BIGQUERY_API_ENDPOINT: webUrl({ originOnly: false }),
  BIGQUERY_TOKEN_URL: webUrl({ originOnly: false }),
};

export type EndpointEnv = z.output<z.ZodObject<typeof endpointEnvShape>>;

/** Only what is set is passed on, so each connector falls back to the vendor's address by itself. */
export function resolveEngineEndpoints(env: EndpointEnv): EngineEndpoints {
  const endpoints: EngineEndpoints = {};
  if (env.SNOWFLAKE_ACCESS_URL !== undefined) {
    endpoints.snowflakeAccessUrl = new URL(env.SNOWFLAKE_ACCESS_URL).origin;
  }
  if (env.BIGQUERY_API_ENDPOINT !== undefined || env.BIGQUERY_TOKEN_URL !== undefined) {
    endpoints.bigqueryEndpoints = {
      ...(env.BIGQUERY_API_ENDPOINT !== undefined ? { apiEndpoint: env.BIGQUERY_API_ENDPOINT } : {}),
      ...(env.BIGQUERY_TOKEN_URL !== undefined ? { tokenUrl: env.BIGQUERY_TOKEN_URL } : {}),
    };
  }
  return endpoints;
}
