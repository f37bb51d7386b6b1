import type { KeyObject } from 'node:crypto';
import { sign } from 'node:crypto';

/** How the test provider signs: its one RSA key, announced in its JWKS under this key id. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** Changes the ID token of a token response, as a broken provider or a tampering intermediary would. */
export type IdTokenRewrite = (idToken: string, key: SigningKey) => string;

type Claims = Record<string, unknown>;

function decodePart(part: string | undefined): Claims {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Claims;
}

function encodePart(value: Claims): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function splitToken(idToken: string): { header: Claims; claims: Claims; signature: string } {
  const [header, claims, signature = ''] = idToken.split('.');
  return { header: decodePart(header), claims: decodePart(claims), signature };
}

/** A genuine token with other claims, signed again with the provider's own key (RS256). */
export function withClaims(changes: Claims): IdTokenRewrite {
  return (idToken, key) => {
    const { claims } = splitToken(idToken);
    const input = `${encodePart({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${encodePart({ ...claims, ...changes })}`;
    return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
  };
}

/** The token's claims changed in transit, its signature left as it was: it no longer verifies. */
export function withTamperedClaims(changes: Claims): IdTokenRewrite {
  return (idToken) => {
    const { header, claims, signature } = splitToken(idToken);
    return `${encodePart(header)}.${encodePart({ ...claims, ...changes })}.${signature}`;
  };
}
