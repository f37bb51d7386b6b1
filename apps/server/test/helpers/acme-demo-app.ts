import { insertUser } from '../../src/modules/users/users.repo.ts';
import type { StoreDb } from '../../src/store/connect.ts';
import type { ApiClient } from './api-client.ts';
import { actAsHeaderUser, apiClient } from './api-client.ts';
import { addDemoDatabase, seedAcmePeople } from './factories.ts';
import type { AppStore, StoreDialectCase } from './store-dialects.ts';
import type { RunningApp } from './test-app.ts';
import { startTestApp } from './test-app.ts';

export interface AcmeDemoApp {
  appStore: AppStore;
  running: RunningApp;
  api: ApiClient;
  db: StoreDb;
  /** The Demo shop: Ann Lee's, in Acme's organisation, not public. */
  demoId: string;
  stop(): Promise<void>;
}

/**
 * The app on one store dialect, callers named by a header: Acme's Ann (Ann Lee), Ben and an
 * outsider Eve, an anonymous visitor, and the Demo shop owned by Ann. The sharing suites of the
 * semantic model and of dashboards start from it.
 */
export async function startAcmeDemoApp(
  dialect: StoreDialectCase,
  people: { ann: string; ben: string; eve: string },
  visitor: string,
): Promise<AcmeDemoApp> {
  const appStore = await dialect.open();
  const running = await startTestApp(appStore.env, {
    ...(appStore.store ? { store: appStore.store } : {}),
    beforeListen: actAsHeaderUser,
  });
  const db = running.built.store.db;
  const acme = await seedAcmePeople(db, people);
  await db
    .updateTable('users')
    .set({ first_name: 'Ann', last_name: 'Lee' })
    .where('id', '=', people.ann)
    .execute();
  await insertUser(db, { id: visitor, role: 'anonymous' });
  const demoId = await addDemoDatabase(running);
  await db
    .updateTable('databases')
    .set({ owner_id: people.ann, organization_id: acme, public: false })
    .where('id', '=', demoId)
    .execute();
  return {
    appStore,
    running,
    api: apiClient(running.baseUrl),
    db,
    demoId,
    async stop() {
      await running.stop();
      await appStore.dispose();
    },
  };
}
