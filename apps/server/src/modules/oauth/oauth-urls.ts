/** Where the authorization server is mounted; its issuer is PUBLIC_URL followed by this. */
export const OAUTH_PATH = '/oauth';
/** The MCP endpoint's path: the one resource the server issues tokens for. */
export const MCP_RESOURCE_PATH = '/mcp';
/** RFC 9728: the protected resource's metadata, where a client learns who issues its tokens. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

export interface OauthUrls {
  issuer: string;
  /** RFC 8707: what tokens are bound to, `PUBLIC_URL/mcp`. */
  resource: string;
  resourceMetadata: string;
}

export function oauthUrls(publicUrl: string): OauthUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    issuer: `${base}${OAUTH_PATH}`,
    resource: `${base}${MCP_RESOURCE_PATH}`,
    resourceMetadata: `${base}${PROTECTED_RESOURCE_METADATA_PATH}`,
  };
}

/** The path of the page a sign-in to the authorization server goes through (login, then consent). */
export function interactionPath(uid: string): string {
  return `${OAUTH_PATH}/interaction/${encodeURIComponent(uid)}`;
}
