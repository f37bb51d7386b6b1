import type { ManagedUser, Organization } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';
import type { OrganizationRecord } from '../organizations/organization-record.ts';
import type { User } from '../users/user.ts';

/** One person on the administrators' list, with their organisation's name. */
export function presentManagedUser(user: User, organizationNames: ReadonlyMap<string, string>): ManagedUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_picture_url: user.profilePictureUrl,
    role: user.role,
    organization_id: user.organizationId,
    organization_name:
      user.organizationId === null ? null : (organizationNames.get(user.organizationId) ?? null),
    active: user.deactivatedAt === null,
    deactivated_at: user.deactivatedAt,
    created_at: user.createdAt,
  };
}

export function presentOrganization(
  organization: OrganizationRecord,
  memberCount: number,
  actor: Actor,
): Organization {
  return {
    id: organization.id,
    name: organization.name,
    from_sign_in: organization.externalKey !== null,
    member_count: memberCount,
    created_at: organization.createdAt,
    // Asked of the kind, as the page is: administrators manage every organisation.
    abilities: objectAbilities(actor, kindSubject('organization')),
  };
}
