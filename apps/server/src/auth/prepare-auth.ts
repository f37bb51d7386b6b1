import type { AppConfig } from '../config/load-config.ts';
import type { StoreDb } from '../store/connect.ts';
import { ensureLocalAdmin } from './local-admin.ts';

/** What each auth mode needs in the store before the first request. */
const preparations: Record<AppConfig['authMode'], (db: StoreDb) => Promise<unknown>> = {
  local: ensureLocalAdmin,
  // People are created as they first sign in; nobody exists beforehand.
  oidc: () => Promise.resolve(),
};

export async function prepareAuth(mode: AppConfig['authMode'], db: StoreDb): Promise<void> {
  await preparations[mode](db);
}
