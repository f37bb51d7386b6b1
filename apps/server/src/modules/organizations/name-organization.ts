import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { OrganizationRecord } from './organization-record.ts';
import { insertOrganization, organizationNameTaken, updateOrganizationName } from './organizations.repo.ts';

// Two organisations by one name could not be told apart in a list or a menu.
async function refuseTakenName(db: StoreDb, name: string, exceptId?: string): Promise<void> {
  if (await organizationNameTaken(db, name, exceptId)) {
    throw new AppError('CONFLICT', `An organisation named "${name}" already exists`, { field: 'name' });
  }
}

/**
 * An organisation an administrator makes. When the sign-in service's organisation claim decides
 * membership, it makes them as it names them, and one made here could never have members.
 */
export async function createOrganization(
  deps: { db: StoreDb; organizationsFromSignIn: boolean },
  input: { name: string },
): Promise<OrganizationRecord> {
  if (deps.organizationsFromSignIn) {
    throw new AppError(
      'CONFLICT',
      'Organisations come from the sign-in service (OIDC_ORGANIZATION_CLAIM): create them there',
    );
  }
  await refuseTakenName(deps.db, input.name);
  return insertOrganization(deps.db, input.name);
}

/** A new name; one the sign-in service named keeps being recognised by its claim, which is kept apart. */
export async function renameOrganization(
  deps: { db: StoreDb },
  input: { id: string; name: string },
): Promise<OrganizationRecord> {
  await refuseTakenName(deps.db, input.name, input.id);
  const renamed = await updateOrganizationName(deps.db, input.id, input.name);
  if (!renamed) throw new AppError('NOT_FOUND', 'Organisation not found');
  return renamed;
}
