import type { ApiKey } from '@querent/contracts';
import type { ApiKeyRecord } from './api-key-record.ts';

/** One key as listed: never its secret. */
export function presentApiKey(
  key: ApiKeyRecord,
  context: { organizationName: string | null; now: Date },
): ApiKey {
  return {
    id: key.id,
    name: key.name,
    kind: key.organizationId === null ? 'personal' : 'organization',
    prefix: key.prefix,
    scopes: key.scopes,
    organization_id: key.organizationId,
    organization_name: context.organizationName,
    created_at: key.createdAt,
    expires_at: key.expiresAt,
    last_used_at: key.lastUsedAt,
    expired: key.expiresAt !== null && key.expiresAt <= context.now.toISOString(),
  };
}
