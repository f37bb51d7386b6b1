import type { PersonAbilities, ServerUser } from '@querent/contracts';

/** The signed-in user as the client keeps it. */
export interface CurrentUser {
  id: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePictureUrl: string | null;
  /** The role as a flag, as the specification names it; what the app offers reads `abilities`. */
  isAdmin: boolean;
  inOrganization: boolean;
  credits: number;
  /** True when the server runs without a credit system (local mode). */
  unlimitedCredits: boolean;
  role: string | null;
  /**
   * What the server's policy lets the person do beyond the objects it sends (each with its own
   * abilities): what the app offers is read from here, never guessed from `role` or `isAdmin`.
   */
  abilities: PersonAbilities;
}

const noAbilities: PersonAbilities = Object.freeze({
  publish_databases: false,
  confirm_credentials: false,
  manage_people: false,
  manage_credits: false,
  create_api_keys: false,
  manage_organization_keys: false,
});

/** What a signed-out visitor looks like, and what logout resets to. */
export const emptyUser: CurrentUser = Object.freeze({
  id: null,
  email: null,
  firstName: null,
  lastName: null,
  profilePictureUrl: null,
  isAdmin: false,
  inOrganization: false,
  credits: 0,
  unlimitedCredits: false,
  role: null,
  abilities: noAbilities,
});

export function mapServerUser(server: ServerUser): Omit<CurrentUser, 'credits' | 'unlimitedCredits'> {
  return {
    id: server.id,
    email: server.email,
    firstName: server.first_name,
    lastName: server.last_name,
    profilePictureUrl: server.profile_picture_url,
    isAdmin: server.role === 'admin',
    inOrganization: server.organization_id !== null,
    role: server.role,
    abilities: server.abilities,
  };
}

export function isSignedIn(user: CurrentUser): boolean {
  return user.id !== null;
}

/** Anonymous visitors use the sandbox: public databases only, sent to /welcome until they pick one. */
export function isAnonymous(user: CurrentUser): boolean {
  return user.role === 'anonymous';
}

export function displayName(user: CurrentUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email || 'Guest';
}
