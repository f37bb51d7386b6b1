import { generateKeyPairSync, hkdfSync, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { SecretBox } from '../../secrets/secret-box.ts';
import type { StoreDb } from '../../store/connect.ts';
import { keepFirstSetting } from '../settings/keep-first-setting.ts';

const SIGNING_KEY_SETTING = 'oauth.signing_key';
const SEAL_PURPOSE = 'oauth signing key';

/**
 * The key the authorization server signs with (its JWKS), made once for the installation and kept
 * in the store sealed with the secret key, so every instance signs and verifies alike.
 */
export async function loadSigningKey(deps: { db: StoreDb; secrets: SecretBox }): Promise<JWK> {
  const stored = await keepFirstSetting(deps.db, SIGNING_KEY_SETTING, () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    return { sealed: deps.secrets.seal(JSON.stringify(jwk), SEAL_PURPOSE) };
  });
  const sealed = (stored as { sealed?: unknown } | undefined)?.sealed;
  if (typeof sealed !== 'string') throw new Error(`The stored ${SIGNING_KEY_SETTING} is unreadable`);
  return JSON.parse(deps.secrets.open(sealed, SEAL_PURPOSE)) as JWK;
}

/** The key its cookies are signed with: derived from the secret key, so every instance shares it. */
export function cookieKeyFrom(secretKey: Buffer): string {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'querent oauth cookies', 32)).toString(
    'base64url',
  );
}
