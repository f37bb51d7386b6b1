import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';
import { connectionDetailsSchema, engineSchema } from './connection-details.ts';
import { MAX_STATEMENT_TIMEOUT_MS, MIN_STATEMENT_TIMEOUT_MS } from './statement-timeout.ts';

/** dbt files are large: responses carry only what they document, not the files. */
export const dbtSummarySchema = z.object({ models: z.number().int(), columns: z.number().int() });
export type DbtSummary = z.infer<typeof dbtSummarySchema>;

export { MAX_STATEMENT_TIMEOUT_MS, MIN_STATEMENT_TIMEOUT_MS };

/**
 * Credentials more powerful than reading needs (a superuser, server-file roles, MySQL's FILE,
 * writes or DDL on a safe-mode database): what was found, in plain words, and how to connect
 * with a read-only login instead.
 */
export const credentialWarningSchema = z.object({ found: z.array(z.string()), fix: z.string() });
export type CredentialWarning = z.infer<typeof credentialWarningSchema>;

/** A database as every response shows it; secrets in `details` are masked. */
export const databaseSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  name: z.string(),
  engine: engineSchema,
  details: connectionDetailsSchema,
  safe_mode: z.boolean(),
  public: z.boolean(),
  dbt_catalog: dbtSummarySchema.nullable(),
  dbt_manifest: dbtSummarySchema.nullable(),
  /** Null: the server's default statement timeout applies. */
  statement_timeout_ms: z.number().int().nullable(),
  /** Whether the caller may change or delete it (a public database of someone else is read-only). */
  editable: z.boolean(),
  abilities: abilitiesSchema,
  /** Shared with the owner's organisation (an upload starts private). */
  shared: z.boolean(),
  /**
   * What its login may do beyond reading, as last measured: when created, saved with another
   * login or safe mode, or tested as stored; null when nothing (or never measured).
   */
  credential_warning: credentialWarningSchema.nullable(),
});
export type Database = z.infer<typeof databaseSchema>;

const statementTimeout = z
  .number()
  .int()
  .min(MIN_STATEMENT_TIMEOUT_MS)
  .max(MAX_STATEMENT_TIMEOUT_MS)
  .nullable();

/**
 * POST /api/databases. `engine` and `details` are checked per engine by the server (so an unknown
 * engine is answered 'Unsupported engine' and a bad detail is named `details.<field>`). dbt files
 * are the parsed manifest.json / catalog.json; null removes one.
 */
export const createDatabaseBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  engine: z.string(),
  details: z.record(z.string(), z.unknown()),
  safe_mode: z.boolean().optional(),
  public: z.boolean().optional(),
  dbt_catalog: z.unknown().optional(),
  dbt_manifest: z.unknown().optional(),
  statement_timeout_ms: statementTimeout.optional(),
  /**
   * Hosted mode: an administrator's explicit yes to a public or shared database whose login can
   * do more than read (see credential_warning); without it such a save is refused.
   */
  confirm_powerful_credentials: z.boolean().optional(),
});
export type CreateDatabaseBody = z.infer<typeof createDatabaseBodySchema>;

/**
 * PUT /api/databases/{id}: any subset of the fields; a client may send back the whole object it
 * read. A masked secret keeps the stored one; a dbt summary sent back keeps the stored file.
 */
export const updateDatabaseBodySchema = createDatabaseBodySchema.partial();
export type UpdateDatabaseBody = z.infer<typeof updateDatabaseBodySchema>;

/** POST /api/databases/test. With `databaseId`, masked secrets stand for that database's stored ones. */
export const testConnectionBodySchema = z.object({
  engine: z.string(),
  details: z.record(z.string(), z.unknown()),
  databaseId: z.string().optional(),
  /** Whether the database will be in safe mode, where writes and DDL rights are more than it needs. */
  safe_mode: z.boolean().optional(),
});
export type TestConnectionBody = z.infer<typeof testConnectionBodySchema>;

export const testConnectionResultSchema = z.object({
  ok: z.literal(true),
  credential_warning: credentialWarningSchema.nullable(),
});
