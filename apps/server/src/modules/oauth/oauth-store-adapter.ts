import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { StoreDb } from '../../store/connect.ts';
import {
  deleteExpiredOauthRecords,
  deleteOauthGrantRecords,
  deleteOauthRecord,
  findOauthRecord,
  markOauthRecordConsumed,
  upsertOauthRecord,
} from './oauth-records.repo.ts';

/** Kinds written at the start of a sign-in, when sweeping the expired records costs least. */
const sweepOn = new Set(['Interaction']);

/**
 * oidc-provider's storage in the metadata store, so every instance finds every client, code,
 * token and grant (the library's own memory adapter holds them in one process only). A record
 * past its expiry is not found; a consumed one comes back marked `consumed`, which the library
 * checks (a code used twice revokes its grant).
 */
export function storeAdapterFactory(deps: { db: StoreDb; now: () => Date }) {
  return (model: string): Adapter => {
    const live = async (lookup: Parameters<typeof findOauthRecord>[2]) => {
      const found = await findOauthRecord(deps.db, model, lookup);
      if (found === null) return undefined;
      if (found.expiresAt !== null && found.expiresAt <= deps.now().toISOString()) return undefined;
      const consumed =
        found.consumedAt === null
          ? {}
          : { consumed: Math.floor(new Date(found.consumedAt).getTime() / 1000) };
      return { ...found.payload, ...consumed } as AdapterPayload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const now = deps.now();
        const expiresAt = expiresIn ? new Date(now.getTime() + expiresIn * 1000).toISOString() : null;
        await upsertOauthRecord(deps.db, { model, id, payload, expiresAt });
        if (sweepOn.has(model)) await deleteExpiredOauthRecords(deps.db, now.toISOString());
      },
      find: (id) => live({ column: 'id', value: id }),
      findByUid: (uid) => live({ column: 'uid', value: uid }),
      findByUserCode: (userCode) => live({ column: 'user_code', value: userCode }),
      consume: (id) => markOauthRecordConsumed(deps.db, model, id, deps.now().toISOString()),
      destroy: (id) => deleteOauthRecord(deps.db, model, id),
      revokeByGrantId: (grantId) => deleteOauthGrantRecords(deps.db, grantId),
    };
  };
}
