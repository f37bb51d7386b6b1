/*
 * Which connection details are secrets, and the mask the API shows instead of them. Kept free of
 * zod so the web app can import these values without pulling the schema builder into its bundle.
 */
import { engineDescriptors } from './engines/index.ts';

/** What every response shows instead of a stored secret; sending it back keeps that secret. */
export const SECRET_MASK = '********';

/** Detail fields that hold credentials, in any engine: a field name means the same everywhere. */
export const secretDetailFields: readonly string[] = [
  ...new Set(
    Object.values(engineDescriptors).flatMap((engine) =>
      engine.fields.filter((field) => field.secret).map((field) => field.name),
    ),
  ),
];

export function isSecretDetailField(name: string): boolean {
  return secretDetailFields.includes(name);
}
