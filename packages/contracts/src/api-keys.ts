import { z } from 'zod';

/**
 * What an API key (or, later, an app connected through OAuth) may reach. A key acts as the person
 * who made it, only reads and runs read-only, and only through what its scopes name: on /mcp the
 * tools of its scopes, on the REST API the routes that declare one of its scopes (`apiKeyScope`).
 */
export const apiKeyScopes = ['metadata:read', 'metrics:run', 'sql:run', 'analyst:ask'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** One line each, for the API documentation, the profile page and a consent page. */
export const apiKeyScopeDescriptions: Record<ApiKeyScope, string> = {
  'metadata:read':
    'See the databases and projects you may use, their schemas, semantic models, saved queries, entities, scores and issues',
  'metrics:run': 'Run metric queries and saved queries, read-only',
  'sql:run': 'Run free SQL, read-only',
  'analyst:ask': "Ask Querent's analyst questions, which spends credits, and read your conversations with it",
};

export const apiKeyScopeSchema = z
  .enum(apiKeyScopes)
  .describe(
    'metadata:read (databases, schemas, models, saved queries, entities, issues), metrics:run (metric and saved queries), sql:run (free SQL), analyst:ask (asking the analyst, and its conversations)',
  );

/** A personal key acts as its maker; an organisation key as a service member of its organisation. */
export const apiKeyKinds = ['personal', 'organization'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

/** One key as it is listed: never its secret, which is shown once, when it is made. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(apiKeyKinds),
  /** The first characters of the secret, to tell keys apart: `qk_` and eight more. */
  prefix: z.string().describe('The first characters of the secret, to tell keys apart'),
  scopes: z.array(apiKeyScopeSchema),
  organization_id: z
    .string()
    .nullable()
    .describe('The organisation an organisation key acts in; null for a personal key'),
  organization_name: z.string().nullable(),
  created_at: z.string(),
  /** Null: it never expires. */
  expires_at: z.string().nullable().describe('When it stops working; null when it never expires'),
  last_used_at: z.string().nullable().describe('When it was last used (to the minute); null when never'),
  expired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/api-keys: the person's own keys, and, for administrators, the organisation keys. */
export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeys = z.infer<typeof apiKeysSchema>;

/** POST /api/api-keys */
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(100).describe('What the key is for, e.g. "Nightly report script"'),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1)
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once')
    .describe('What the key may reach; at least one'),
  expires_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('When it stops working (ISO 8601, in the future, at most a year ahead); null: never'),
  organization_id: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Administrators only: make an organisation key, acting as a service member of this organisation',
    ),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The key just made, with its secret: shown this once and never again (only its hash is kept). */
export const createdApiKeySchema = apiKeySchema.extend({
  secret: z.string().describe('The key itself, to send as `Authorization: Bearer <secret>`; shown only now'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
