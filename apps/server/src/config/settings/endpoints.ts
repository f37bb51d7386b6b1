import type { BigQueryConnectorOptions, SnowflakeConnectorOptions } from '../../connectors/index.ts';
import { url } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/*
 * Where the hosted engines are reached: by default the vendors' public addresses, overridable for
 * private endpoints (Snowflake PrivateLink, Google Private Service Connect), egress proxies and
 * emulators. Every connector the app creates receives the result.
 */

/** The connector options these variables set; absent means the vendor's own address. */
export type EngineEndpoints = Pick<SnowflakeConnectorOptions, 'snowflakeAccessUrl'> &
  Pick<BigQueryConnectorOptions, 'bigqueryEndpoints'>;

const webUrl = { protocols: ['http:', 'https:'], message: 'must be an http:// or https:// URL' };

// The Snowflake driver keeps only scheme, host and port: anything more would be dropped silently.
function originOnly(parsed: URL): string | null {
  const extra = parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password;
  return extra ? `must be scheme, host and port only, e.g. ${parsed.origin} (no path or credentials)` : null;
}

export const endpointSettings = defineSettings(
  {
    snowflakeAccessUrl: url({
      ...webUrl,
      name: 'SNOWFLAKE_ACCESS_URL',
      check: originOnly,
      description:
        "Address every Snowflake connection goes to instead of the account's own https://ACCOUNT.snowflakecomputing.com: a PrivateLink host, a proxy or an emulator. http:// or https://, host and port only; the account is still sent when signing in.",
    }),
    bigqueryApiEndpoint: url({
      ...webUrl,
      name: 'BIGQUERY_API_ENDPOINT',
      description:
        'Address of the BigQuery API instead of https://bigquery.googleapis.com: a Private Service Connect endpoint, a proxy or an emulator (http:// or https://).',
    }),
    bigqueryTokenUrl: url({
      ...webUrl,
      name: 'BIGQUERY_TOKEN_URL',
      description:
        'Where service account keys are exchanged for access tokens instead of https://oauth2.googleapis.com/token: a Private Service Connect endpoint, a proxy or an emulator (http:// or https://).',
    }),
  },
  // Only what is set is passed on, so each connector falls back to the vendor's address by itself.
  ({ snowflakeAccessUrl, bigqueryApiEndpoint, bigqueryTokenUrl }) => {
    const engineEndpoints: EngineEndpoints = {};
    if (snowflakeAccessUrl !== null) engineEndpoints.snowflakeAccessUrl = new URL(snowflakeAccessUrl).origin;
    if (bigqueryApiEndpoint !== null || bigqueryTokenUrl !== null) {
      engineEndpoints.bigqueryEndpoints = {
        ...(bigqueryApiEndpoint !== null ? { apiEndpoint: bigqueryApiEndpoint } : {}),
        ...(bigqueryTokenUrl !== null ? { tokenUrl: bigqueryTokenUrl } : {}),
      };
    }
    return { engineEndpoints };
  },
);
