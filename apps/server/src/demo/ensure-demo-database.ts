import path from 'node:path';
import { registerDatabase } from '../modules/databases/register-database.ts';
import { runOnce } from '../modules/settings/run-once.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { StoreDb } from '../store/connect.ts';
import { newId } from '../store/values.ts';
import { copyDemoTemplate } from './demo-template.ts';
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
  /** The shop already generated (the server bundle's, demo-template.ts): copied, not generated. */
  template?: string | null;
}): Promise<DemoOutcome> {
  const created = await runOnce(deps.db, DEMO_SETTING_KEY, async () => {
    const filename = path.join(deps.dataDir, DEMO_FILE_NAME);
    if (deps.template) copyDemoTemplate(deps.template, filename);
    else writeDemoShop(filename);
    const database = await registerDatabase(deps, {
      id: newId(),
      name: DEMO_DATABASE_NAME,
      engine: 'sqlite',
      details: { filename },
      safeMode: true,
      isPublic: true,
      ownerId: deps.ownerId,
      organizationId: null,
      sharedWithOrganization: true,
    });
    return { databaseId: database.id };
  });
  return created ? { created: true, databaseId: created.databaseId } : { created: false };
}
