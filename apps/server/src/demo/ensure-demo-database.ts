import path from 'node:path';
import { sealDetails } from '../secrets/connection-secrets.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { StoreDb } from '../store/connect.ts';
import { newId } from '../store/values.ts';
import { insertDatabase } from '../modules/databases/databases.repo.ts';
import { claimSetting, deleteSetting, writeSetting } from '../modules/settings/settings.repo.ts';
import { writeDemoShop } from './write-demo-shop.ts';

export const DEMO_DATABASE_NAME = 'Demo shop';
export const DEMO_FILE_NAME = 'demo-shop.sqlite';
/** Set once the demo was created; it stays when the user deletes the demo, so it is not made again. */
export const DEMO_SETTING_KEY = 'demo_database';

export type DemoOutcome = { created: true; databaseId: string } | { created: false };

/**
 * On first start, gives a new user something to explore at once, with no account: the generated
 * shop as a public, safe-mode SQLite database owned by `ownerId`. Idempotent, also across
 * instances starting together: only the one that claims the setting builds it.
 */
export async function ensureDemoDatabase(deps: {
  db: StoreDb;
  secrets: SecretBox;
  dataDir: string;
  ownerId: string;
}): Promise<DemoOutcome> {
  if (!(await claimSetting(deps.db, DEMO_SETTING_KEY, { state: 'creating' }))) return { created: false };
  try {
    const filename = path.join(deps.dataDir, DEMO_FILE_NAME);
    writeDemoShop(filename);
    const database = await insertDatabase(deps.db, {
      id: newId(),
      name: DEMO_DATABASE_NAME,
      engine: 'sqlite',
      details: sealDetails({ filename }, deps.secrets),
      safeMode: true,
      isPublic: true,
      dbtManifest: null,
      dbtCatalog: null,
      dbtSummary: { manifest: null, catalog: null },
      statementTimeoutMs: null,
      ownerId: deps.ownerId,
      organizationId: null,
    });
    await writeSetting(deps.db, DEMO_SETTING_KEY, { state: 'created', databaseId: database.id });
    return { created: true, databaseId: database.id };
  } catch (error) {
    // Let the next start try again rather than remember a demo that never was.
    await deleteSetting(deps.db, DEMO_SETTING_KEY).catch(() => undefined);
    throw error;
  }
}
