import { AppError } from '../../errors.ts';
import { isAdministrator } from '../access/person-roles.ts';
import type { StoreDb } from '../../store/connect.ts';
import { ensureOrganization } from '../organizations/ensure-organization.ts';
import type { User } from './user.ts';
import type { UserProfileChanges } from './users.repo.ts';
import { findFirstOidcUserId, findUserByOidcIdentity, insertUserUnlessSubjectTaken } from './users.repo.ts';
import type { MoveOwnedObjects } from './move-to-organization.ts';
import { updateUserAndWhatTheyOwn } from './move-to-organization.ts';

/** Who the provider says signed in, read from its claims. */
export interface OidcProfile {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider's `email_verified`; null when it does not say. */
  emailVerified: boolean | null;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
  /**
   * The organisation claim's value, or null without one; undefined when no organisation claim is
   * configured, which leaves the user's organisation as it is.
   */
  organization?: string | null;
}

export interface UpsertOidcUserInput {
  profile: OidcProfile;
  /** Emails whose owners are administrators (compared without case). */
  adminEmails: readonly string[];
}

/**
 * An email in the admin list grants the role only when the provider has not said it is
 * unverified: otherwise anyone could register the address at a lax provider and claim it.
 */
function isListedAdmin(profile: OidcProfile, adminEmails: readonly string[]): boolean {
  if (profile.email === null || profile.emailVerified === false) return false;
  const email = profile.email.trim().toLowerCase();
  return adminEmails.some((listed) => listed.trim().toLowerCase() === email);
}

async function profileChanges(db: StoreDb, profile: OidcProfile): Promise<UserProfileChanges> {
  const changes: UserProfileChanges = {
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    profilePictureUrl: profile.pictureUrl,
  };
  if (profile.organization === undefined) return changes;
  const organizationId =
    profile.organization === null ? null : await ensureOrganization(db, profile.organization);
  return { ...changes, organizationId };
}

async function createUser(db: StoreDb, profile: OidcProfile): Promise<{ user: User; created: boolean }> {
  const inserted = await insertUserUnlessSubjectTaken(db, {
    role: 'member',
    oidcIssuer: profile.issuer,
    oidcSubject: profile.subject,
  });
  if (inserted) return { user: inserted, created: true };
  // Stored meanwhile by another instance finishing the same person's sign-in...
  const stored = await findUserByOidcIdentity(db, profile);
  if (stored) return { user: stored, created: false };
  // ...or taken by an account from another provider, since a subject is unique across issuers here.
  throw new AppError(
    'CONFLICT',
    "This account's identifier is already used by an account from another sign-in service. Ask an administrator for help.",
  );
}

/**
 * The user behind a provider identity: created at their first sign-in, their email, names,
 * picture and organisation refreshed from the claims at every sign-in. The first person ever to
 * sign in through a provider, and anyone in the admin list, becomes an administrator; nobody is
 * demoted here, so a role given otherwise stays. A deactivated user is refused.
 */
export async function upsertOidcUser(
  deps: { db: StoreDb; moveOwnedObjects: MoveOwnedObjects },
  input: UpsertOidcUserInput,
): Promise<User> {
  const { db } = deps;
  const { profile } = input;
  const existing = await findUserByOidcIdentity(db, profile);
  const { user, created } = existing ? { user: existing, created: false } : await createUser(db, profile);
  if (user.deactivatedAt !== null) {
    throw new AppError(
      'FORBIDDEN',
      'This account has been deactivated. Ask an administrator to reactivate it.',
    );
  }
  // Decided after the insert, by creation order, so two first sign-ins at once agree on one.
  const first = created && (await findFirstOidcUserId(db)) === user.id;
  const admin = isAdministrator(user) || first || isListedAdmin(profile, input.adminEmails);
  return updateUserAndWhatTheyOwn(deps, user, {
    ...(await profileChanges(db, profile)),
    ...(admin ? { role: 'admin' } : {}),
  });
}
