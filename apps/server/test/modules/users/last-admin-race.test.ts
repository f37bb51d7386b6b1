import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/errors.ts';
import { moveOwnedObjects } from '../../../src/modules/ownership/move-owned-objects.ts';
import type { ChangeUserDeps } from '../../../src/modules/users/change-user.ts';
import { changeUser } from '../../../src/modules/users/change-user.ts';
import { countActiveAdmins, insertUser } from '../../../src/modules/users/users.repo.ts';
import type { Store } from '../../../src/store/connect.ts';
import { createStore } from '../../../src/store/connect.ts';
import { migratedStores } from '../../helpers/migrated-stores.ts';
import type { TestStore } from '../../helpers/test-stores.ts';

/*
 * The last-administrator guard under concurrency: the last two active administrators demoting or
 * deactivating each other at the same moment (on PostgreSQL from two stores, as two instances
 * would) leave exactly one of them an active administrator, every time; the other change gets the
 * guard's 409.
 */

const ROUNDS = 25;

for (const storeCase of await migratedStores('The last-administrator guard under concurrency')) {
  describe.skipIf(!storeCase.run)(`the last-administrator guard on the ${storeCase.name}`, () => {
    let testStore: TestStore;
    let second: Store | null = null;
    const deps = (store: Store): ChangeUserDeps => ({
      db: store.db,
      organizationsFromSignIn: false,
      moveOwnedObjects,
    });

    beforeAll(async () => {
      testStore = await storeCase.open();
      const url = testStore.env.DATABASE_URL;
      // A second instance's connections to the same PostgreSQL; SQLite serves one instance only.
      if (url !== undefined) second = createStore({ kind: 'postgres', url });
    });

    afterAll(async () => {
      await second?.destroy();
      await testStore.dispose();
    });

    it('lets exactly one of two crossing demotions or deactivations through, every time', async () => {
      const { db } = testStore.store;
      for (let round = 0; round < ROUNDS; round += 1) {
        const ann = await insertUser(db, { role: 'admin', email: `ann-${round}@example.com` });
        const ben = await insertUser(db, { role: 'admin', email: `ben-${round}@example.com` });
        // The admins of earlier rounds step aside, so these two are the last ones.
        await db
          .updateTable('users')
          .set({ deactivated_at: new Date().toISOString() })
          .where('id', 'not in', [ann.id, ben.id])
          .where('role', '=', 'admin')
          .execute();
        expect(await countActiveAdmins(db)).toBe(2);

        // Each takes the other away, by demotion or deactivation as the round falls.
        const annChange = round % 2 === 0 ? { role: 'member' as const } : { active: false };
        const benChange = round % 3 === 0 ? { active: false } : { role: 'member' as const };
        const settled = await Promise.allSettled([
          changeUser(deps(testStore.store), { userId: ben.id, ...annChange }),
          changeUser(deps(second ?? testStore.store), { userId: ann.id, ...benChange }),
        ]);

        const succeeded = settled.filter((result) => result.status === 'fulfilled');
        const refused: unknown[] = settled.flatMap((result) =>
          result.status === 'rejected' ? [result.reason as unknown] : [],
        );
        expect(succeeded).toHaveLength(1);
        expect(refused).toHaveLength(1);
        const error = refused[0];
        if (!isAppError(error)) throw new Error(`Refused with something else: ${String(error)}`);
        expect({ status: error.status, code: error.code }).toEqual({ status: 409, code: 'CONFLICT' });
        expect(error.message).toContain('at least one active administrator');
        expect(await countActiveAdmins(db)).toBe(1);
      }
    });
  });
}
