import { z } from 'zod';
import type { Engine } from './engines.ts';

/*
 * Connection details each engine needs (SPEC.md §3), validated the same way by the server and
 * the setup forms. Missing optional text may be null or empty; ports fall back to the engine's
 * default. Unknown keys are dropped.
 */

// Messages follow the field name: the server answers `details.host is required`.
const required = () => z.string({ error: 'is required' }).trim().min(1, 'is required');

const optionalText = z.string().nullish();

// Secrets keep their spaces: a password may begin or end with one.
const requiredSecret = () =>
  z.string({ error: 'is required' }).refine((value) => value !== '', 'is required');

function port(fallback: number) {
  const message = 'must be a port number from 1 to 65535';
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return fallback;
      if (typeof value !== 'string') return value;
      return value.trim() === '' ? fallback : Number(value.trim());
    },
    z.number({ error: message }).int(message).min(1, message).max(65535, message),
  );
}

const serverDetails = (defaultPort: number) =>
  z.object({
    host: required(),
    port: port(defaultPort),
    user: required(),
    password: optionalText,
    database: required(),
  });

const serviceAccountMessage =
  'must be the JSON key file of a service account (with client_email and private_key)';

/** A pasted key file arrives as text; an uploaded one may arrive parsed. Both are stored as text. */
const serviceAccountJson = z.preprocess(
  (value) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value),
  requiredSecret().refine((text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return (
        typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as Record<string, unknown>).client_email === 'string' &&
        typeof (parsed as Record<string, unknown>).private_key === 'string'
      );
    } catch {
      return false;
    }
  }, serviceAccountMessage),
);

export const connectionDetailsSchemas = {
  postgres: serverDetails(5432),
  mysql: serverDetails(3306),
  snowflake: z
    .object({
      account: required(),
      user: required(),
      password: optionalText,
      // Key-pair authentication instead of a password: a PEM private key, optionally encrypted.
      private_key: optionalText,
      private_key_passphrase: optionalText,
      database: required(),
      schema: optionalText,
      role: optionalText,
      warehouse: optionalText,
    })
    .superRefine((details, ctx) => {
      if (!details.password && !details.private_key) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required (or a private key)' });
      }
    }),
  sqlite: z.object({ filename: required() }),
  bigquery: z.object({
    project_id: required(),
    service_account_json: serviceAccountJson,
  }),
  // MotherDuck needs a token and a database; a local DuckDB file needs only its path.
  motherduck: z
    .object({ token: optionalText, database: optionalText, path: optionalText })
    .superRefine((details, ctx) => {
      if (details.path?.trim()) return;
      if (!details.token)
        ctx.addIssue({ code: 'custom', path: ['token'], message: 'is required (or a path)' });
      if (!details.database?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['database'], message: 'is required (or a path)' });
      }
    }),
} satisfies Record<Engine, z.ZodType>;

export type ConnectionDetailsOf<E extends Engine> = z.output<(typeof connectionDetailsSchemas)[E]>;

/** A stored or returned detail value: secrets are masked in every response. */
export const detailValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const connectionDetailsSchema = z.record(z.string(), detailValueSchema);
export type ConnectionDetails = z.infer<typeof connectionDetailsSchema>;
