import { generateKeyPairSync, verify } from 'node:crypto';

/** Checks an RS256 JWT against a public key; returns its claims, or null when the signature is wrong. */
export function verifyJwt(token: string, publicKeyPem: string): Record<string, unknown> | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKeyPem,
      Buffer.from(signature, 'base64url'),
    );
    return valid
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A fresh RSA key pair in PEM; with a passphrase the private key is encrypted, as users often keep it. */
export function rsaKeyPair(passphrase?: string): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: passphrase
      ? { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }
      : { type: 'pkcs8', format: 'pem' },
  });
}
