import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTablesMarkdown } from '../../../src/docs/access-doc.ts';
import { objectKinds, relations, roles } from '../../../src/modules/access/access-words.ts';
import type { Actor } from '../../../src/modules/access/can.ts';
import { can, relationOf } from '../../../src/modules/access/can.ts';
import { roleTable } from '../../../src/modules/access/role-table.ts';
import type { Subject } from '../../../src/modules/access/subject.ts';
import { followingSubject, kindSubject } from '../../../src/modules/access/subject.ts';
import { listVisibleDatabases } from '../../../src/modules/databases/database-access.ts';
import { databaseSubject } from '../../../src/modules/databases/database-subject.ts';
import { findDatabaseById, insertDatabase } from '../../../src/modules/databases/databases.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import { migratedStores } from '../../helpers/migrated-stores.ts';
import type { TestStore } from '../../helpers/test-stores.ts';

const acme = 'org-acme';
const globex = 'org-globex';
const ann: Actor = { id: 'ann', role: 'member', organizationId: acme };
const ben: Actor = { id: 'ben', role: 'member', organizationId: acme };
const eve: Actor = { id: 'eve', role: 'member', organizationId: globex };
const boss: Actor = { id: 'boss', role: 'admin', organizationId: acme };
const visitor: Actor = { id: 'visitor', role: 'anonymous', organizationId: null };

function owned(kind: Subject['kind'], owner: Actor, facts: Partial<Subject> = {}): Subject {
  return {
    kind,
    ownerId: owner.id,
    organizationId: owner.organizationId,
    sharedWithOrganization: false,
    isPublic: false,
    ...facts,
  };
}

describe('the access policy', () => {
  it('tells owner, organisation, public and none apart in one place', () => {
    const query = owned('query', ann);
    expect(relationOf(ann, query)).toBe('owner');
    expect(relationOf(ben, query)).toBe('none');
    expect(relationOf(ben, { ...query, sharedWithOrganization: true })).toBe('organization');
    expect(relationOf(eve, { ...query, sharedWithOrganization: true })).toBe('none');
    expect(relationOf(eve, { ...query, isPublic: true })).toBe('public');
    // No organisation is not a shared organisation.
    const loner: Actor = { id: 'loner', role: 'member', organizationId: null };
    const lonerQuery = owned('query', { ...loner, id: 'other' }, { sharedWithOrganization: true });
    expect(relationOf(loner, lonerQuery)).toBe('none');
  });

  it('keeps conversations, queries and charts private until shared, then read-only to colleagues', () => {
    for (const kind of ['conversation', 'query', 'chart'] as const) {
      const subject = owned(kind, ann);
      expect(can(ann, 'edit', subject)).toBe(true);
      expect(can(ben, 'read', subject)).toBe(false);
      const shared = { ...subject, sharedWithOrganization: true };
      expect(can(ben, 'read', shared)).toBe(true);
      expect(can(ben, 'edit', shared)).toBe(false);
      expect(can(ben, 'share', shared)).toBe(false);
      expect(can(eve, 'read', shared)).toBe(false);
    }
    expect(can(ben, 'run', owned('query', ann, { sharedWithOrganization: true }))).toBe(true);
    expect(can(ben, 'run', owned('conversation', ann, { sharedWithOrganization: true }))).toBe(false);
  });

  it('lets members query their organisation’s databases read-only, the owner and admins change them', () => {
    const database = owned('database', ann, { sharedWithOrganization: true });
    expect(
      ['read', 'run', 'write_data', 'edit', 'delete'].map((a) => can(ann, a as 'read', database)),
    ).toEqual([true, true, true, true, true]);
    expect(can(ben, 'run', database)).toBe(true);
    expect(can(ben, 'write_data', database)).toBe(false);
    expect(can(ben, 'edit', database)).toBe(false);
    expect(can(boss, 'edit', database)).toBe(true);
    expect(can(boss, 'delete', database)).toBe(true);
    expect(can(eve, 'read', database)).toBe(false);
    // An upload starts unshared: private to its owner, even from the admin of the organisation.
    const upload = { ...database, sharedWithOrganization: false };
    expect(can(ben, 'read', upload)).toBe(false);
    expect(can(boss, 'read', upload)).toBe(false);
  });

  it('opens public databases to everyone, read-only for all but the owner', () => {
    const database = owned('database', ann, { sharedWithOrganization: true, isPublic: true });
    for (const actor of [eve, visitor]) {
      expect(can(actor, 'run', database)).toBe(true);
      expect(can(actor, 'write_data', database)).toBe(false);
      expect(can(actor, 'edit', database)).toBe(false);
    }
    const entity = followingSubject('business_entity', database);
    expect(can(visitor, 'read', entity)).toBe(true);
    expect(can(visitor, 'edit', entity)).toBe(false);
    expect(can(eve, 'read', followingSubject('issue', owned('database', ann)))).toBe(false);
  });

  it('hides what follows a hidden object, whatever its own rule says', () => {
    const hiddenDatabase = owned('database', ann);
    const query = owned('query', ben, { parent: hiddenDatabase });
    expect(can(ben, 'read', query)).toBe(false);
    expect(can(ben, 'read', { ...query, parent: { ...hiddenDatabase, sharedWithOrganization: true } })).toBe(
      true,
    );
  });

  it('reserves creation, publishing and host files by role', () => {
    expect(can(visitor, 'create', kindSubject('database'))).toBe(false);
    expect(can(visitor, 'create', kindSubject('upload'))).toBe(false);
    expect(can(visitor, 'create', kindSubject('conversation'))).toBe(true);
    expect(can(ann, 'create', kindSubject('database'))).toBe(true);
    expect(can(ann, 'publish', kindSubject('database'))).toBe(false);
    expect(can(ann, 'open_host_files', kindSubject('database'))).toBe(false);
    expect(can(boss, 'publish', kindSubject('database'))).toBe(true);
    expect(can(boss, 'open_host_files', kindSubject('database'))).toBe(true);
  });

  it('leaves credits administration to admins and a Stripe plan to its buyer and their admins', () => {
    for (const action of ['read', 'edit'] as const) {
      expect(can(boss, action, kindSubject('credits'))).toBe(true);
      expect(can(ann, action, kindSubject('credits'))).toBe(false);
    }
    expect(can(ann, 'read', owned('credits', ann))).toBe(true);
    expect(can(visitor, 'read', owned('credits', visitor))).toBe(true);
    // A plan paying for Acme's pool, bought by Ann.
    const plan = owned('subscription', ann, { sharedWithOrganization: true });
    expect(can(ann, 'edit', plan)).toBe(true);
    expect(can(ben, 'edit', plan)).toBe(false);
    expect(can(boss, 'edit', plan)).toBe(true);
    expect(can(eve, 'edit', plan)).toBe(false);
  });

  it('lets only admins vouch for a powerful login, and only an upload’s owner add files to it', () => {
    const database = owned('database', ann, { sharedWithOrganization: true });
    expect(can(ann, 'confirm_credentials', database)).toBe(false);
    expect(can(boss, 'confirm_credentials', database)).toBe(true);
    expect(can(boss, 'confirm_credentials', kindSubject('database'))).toBe(true);
    const upload = followingSubject('upload', database);
    expect(can(ann, 'write_data', upload)).toBe(true);
    expect(can(ben, 'write_data', upload)).toBe(false);
    expect(can(boss, 'write_data', upload)).toBe(false);
  });

  it('has a rule for every role, kind and relation it names, and no anonymous sharing', () => {
    for (const role of roles) {
      expect(Object.keys(roleTable[role]).sort()).toEqual([...objectKinds].sort());
      for (const kind of objectKinds) {
        for (const relation of Object.keys(roleTable[role][kind])) expect(relations).toContain(relation);
      }
    }
    for (const kind of objectKinds) {
      for (const relation of relations)
        expect(roleTable.anonymous[kind][relation] ?? []).not.toContain('share');
    }
  });

  it('is what docs/ACCESS.md says (regenerate: node scripts/access-doc.ts >> after the prose)', () => {
    const doc = readFileSync(new URL('../../../../../docs/ACCESS.md', import.meta.url), 'utf8');
    expect(doc).toContain(accessTablesMarkdown());
  });
});

for (const storeCase of await migratedStores('The policy’s list condition')) {
  describe.skipIf(!storeCase.run)(`the policy’s list condition on the ${storeCase.name}`, () => {
    let testStore: TestStore;
    const actors = [ann, ben, eve, boss, visitor];

    beforeAll(async () => {
      testStore = await storeCase.open();
      const { db } = testStore.store;
      for (const [id, name] of [
        [acme, 'Acme'],
        [globex, 'Globex'],
      ] as const) {
        await db.insertInto('organizations').values({ id, name }).execute();
      }
      for (const actor of actors) {
        await insertUser(db, { id: actor.id, role: actor.role, organizationId: actor.organizationId });
      }
      // Every combination of owner, sharing and publicity.
      for (const owner of [ann, eve, boss]) {
        for (const sharedWithOrganization of [true, false]) {
          for (const isPublic of [true, false]) {
            await insertDatabase(db, {
              id: newId(),
              name: `${owner.id} ${sharedWithOrganization} ${isPublic}`,
              engine: 'sqlite',
              details: { filename: '/nowhere.sqlite' },
              safeMode: false,
              isPublic,
              dbtManifest: null,
              dbtCatalog: null,
              dbtSummary: { manifest: null, catalog: null },
              statementTimeoutMs: null,
              ownerId: owner.id,
              organizationId: owner.organizationId,
              sharedWithOrganization,
            });
          }
        }
      }
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    it('lists exactly the databases `can` lets each actor read', async () => {
      const { db } = testStore.store;
      const ids = await db.selectFrom('databases').select('id').execute();
      const every = await Promise.all(ids.map(({ id }) => findDatabaseById(db, id)));
      expect(every).toHaveLength(12);
      for (const actor of actors) {
        const listed = await listVisibleDatabases(db, actor);
        const readable = every.filter(
          (database) => database !== null && can(actor, 'read', databaseSubject(database)),
        );
        expect(listed.map((database) => database.id).sort(), actor.id).toEqual(
          readable.map((database) => database?.id).sort(),
        );
      }
      // The spot checks the table implies: Ben sees Ann's shared ones and every public one.
      expect((await listVisibleDatabases(db, ben)).map((database) => database.name).sort()).toEqual([
        'ann false true',
        'ann true false',
        'ann true true',
        'boss false true',
        'boss true false',
        'boss true true',
        'eve false true',
        'eve true true',
      ]);
      expect((await listVisibleDatabases(db, visitor)).every((database) => database.isPublic)).toBe(true);
    });
  });
}
