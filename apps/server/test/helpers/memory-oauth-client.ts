import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * What an MCP client application keeps of its OAuth sign-in, in memory: its registration, the
 * PKCE verifier of the sign-in under way, its tokens, and the authorization URL the SDK asked it
 * to open in the person's browser.
 */
export class MemoryOauthClient implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  savedTokens: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | null = null;

  readonly redirectUrl: string;
  readonly name: string;
  /** The https address of its client ID metadata document, used as its client id where supported. */
  readonly clientMetadataUrl: string | undefined;

  constructor(redirectUrl: string, name: string, clientMetadataUrl?: string) {
    this.redirectUrl = redirectUrl;
    this.name = name;
    this.clientMetadataUrl = clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }

  tokens() {
    return this.savedTokens;
  }

  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }
}
