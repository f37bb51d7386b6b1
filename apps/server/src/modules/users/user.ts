import type { UserRole } from '../../store/schema.ts';

/** Someone who uses Querent, as stored; who is asking is auth's to tell. */
export interface User {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePictureUrl: string | null;
  role: UserRole;
  organizationId: string | null;
  oidcSubject: string | null;
  oidcIssuer: string | null;
  /** When the user was deactivated: they keep their data but can no longer sign in. */
  deactivatedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Set on who is asking, never stored: the request came through an API key, so the policy lets
   * it only read and run read-only (`can`).
   */
  delegated?: boolean;
}
