import { AppError } from '../../errors.ts';
import { isAdministrator, isVisitor } from '../access/person-roles.ts';
import type { StoreDb } from '../../store/connect.ts';
import { lockForTransaction } from '../../store/transaction-lock.ts';
import { nowIso } from '../../store/values.ts';
import { holdLiveOrganization } from '../organizations/find-organization.ts';
import type { User } from './user.ts';
import type { MoveOwnedObjects } from './move-to-organization.ts';
import { updateUserInTransaction } from './move-to-organization.ts';
import { countActiveAdmins, findUserById, setUserDeactivated } from './users.repo.ts';

export interface UserChangeInput {
  userId: string;
  role?: 'admin' | 'member' | undefined;
  /** null takes them out of their organisation. */
  organizationId?: string | null | undefined;
  active?: boolean | undefined;
}

export interface ChangeUserDeps {
  db: StoreDb;
  /** True when the sign-in service's organisation claim decides who belongs where. */
  organizationsFromSignIn: boolean;
  moveOwnedObjects: MoveOwnedObjects;
}

const isActiveAdmin = (user: Pick<User, 'role' | 'deactivatedAt'>) =>
  isAdministrator(user) && user.deactivatedAt === null;

/**
 * Someone must always be able to manage people: a change that would leave no active
 * administrator (the last one demoting or deactivating themselves, typically) is refused. Counted
 * under the caller's lock (`ACTIVE_ADMINS_LOCK`), so two administrators demoting each other at once
 * cannot both see the other still active.
 */
async function keepAnAdmin(trx: StoreDb, before: User, input: UserChangeInput): Promise<void> {
  const after = {
    role: input.role ?? before.role,
    deactivatedAt: input.active === undefined ? before.deactivatedAt : input.active ? null : 'now',
  };
  if (!isActiveAdmin(before) || isActiveAdmin(after)) return;
  if ((await countActiveAdmins(trx)) > 1) return;
  throw new AppError(
    'CONFLICT',
    'Querent needs at least one active administrator: make someone else an administrator first',
    { field: input.role === undefined ? 'active' : 'role' },
  );
}

/** Every change that may take an active administrator away waits for the one before it. */
const ACTIVE_ADMINS_LOCK = 'active-admins';

async function checkOrganization(deps: ChangeUserDeps, organizationId: string | null): Promise<void> {
  if (deps.organizationsFromSignIn) {
    throw new AppError(
      'CONFLICT',
      'Organisations come from the sign-in service (OIDC_ORGANIZATION_CLAIM): change this person’s organisation there',
      { field: 'organization_id' },
    );
  }
  if (organizationId !== null && !(await holdLiveOrganization(deps.db, organizationId))) {
    throw new AppError('BAD_REQUEST', 'No such organisation', { field: 'organization_id' });
  }
}

/**
 * An administrator's change to a person: role, organisation, deactivated or not. Anonymous
 * visitors are not people to manage and are "not found". Ending a deactivated person's sessions
 * is the caller's part (sessions belong to sign-in, which sits above the users module).
 */
export async function changeUser(deps: ChangeUserDeps, input: UserChangeInput): Promise<User> {
  return deps.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ACTIVE_ADMINS_LOCK);
    // Read under the lock: what the person is now, not before a concurrent change.
    const before = await findUserById(trx, input.userId);
    if (!before || isVisitor(before)) throw new AppError('NOT_FOUND', 'User not found');
    if (input.organizationId !== undefined && input.organizationId !== before.organizationId) {
      await checkOrganization({ ...deps, db: trx }, input.organizationId);
    }
    await keepAnAdmin(trx, before, input);
    if (input.active !== undefined && input.active === (before.deactivatedAt !== null)) {
      await setUserDeactivated(trx, before.id, input.active ? null : nowIso());
    }
    return updateUserInTransaction(trx, deps.moveOwnedObjects, before, {
      ...(input.role === undefined ? {} : { role: input.role }),
      ...(input.organizationId === undefined ? {} : { organizationId: input.organizationId }),
    });
  });
}
