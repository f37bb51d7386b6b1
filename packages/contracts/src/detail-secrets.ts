/*
 * Which connection details are secrets, and the mask the API shows instead of them. Kept free of
 * zod so the web app can import these values without pulling the schema builder into its bundle.
 */

/** What every response shows instead of a stored secret; sending it back keeps that secret. */
export const SECRET_MASK = '********';

/** Detail fields that hold credentials, for every engine (SPEC.md §3 plus Snowflake key-pair auth). */
export const secretDetailFields = [
  'password',
  'token',
  'service_account_json',
  'private_key',
  'private_key_passphrase',
] as const;

export function isSecretDetailField(name: string): boolean {
  return (secretDetailFields as readonly string[]).includes(name);
}
