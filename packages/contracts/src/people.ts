import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';

/** The roles an administrator may give; anonymous is the sandbox's own and never given. */
export const assignableRoles = ['admin', 'member'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** One person as an administrator sees them on /user. */
export const managedUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  role: z.string(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  /** False once deactivated: they keep their data but cannot sign in. */
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** GET /api/users: `q` searches names and emails (case-insensitive), `organization_id` lists one organisation's members. */
export const usersQuerySchema = z.object({
  q: z.string().max(200).optional(),
  organization_id: z.string().min(1).optional(),
});

export const managedUsersSchema = z.object({
  users: z.array(managedUserSchema),
  /** True when more matched than are listed. */
  truncated: z.boolean(),
});
export type ManagedUsers = z.infer<typeof managedUsersSchema>;

/** PUT /api/users/:id: any of the three; what is left out stays as it is. */
export const userChangesSchema = z
  .object({
    role: z.enum(assignableRoles).optional(),
    /** null takes the user out of their organisation. */
    organization_id: z.string().min(1).nullable().optional(),
    /** false deactivates (their sessions end at once), true lets them back in. */
    active: z.boolean().optional(),
  })
  .strict();
export type UserChanges = z.infer<typeof userChangesSchema>;

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** True when the sign-in service named it (its organisation claim) rather than an administrator. */
  from_sign_in: z.boolean(),
  member_count: z.number().int(),
  created_at: z.string(),
  /** What the asking administrator may do with it (rename: `edit`, `delete`); the rest is always false. */
  abilities: abilitiesSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

/**
 * GET /api/organizations. `managed_by` says who decides membership: the sign-in service's
 * organisation claim (then moving people here would be undone at their next sign-in, so it is
 * refused) or administrators.
 */
export const organizationsSchema = z.object({
  managed_by: z.enum(['sign-in', 'admins']),
  organizations: z.array(organizationSchema),
});
export type Organizations = z.infer<typeof organizationsSchema>;

export const organizationNameLimit = 120;

/** POST /api/organizations and PUT /api/organizations/:id. */
export const organizationBodySchema = z
  .object({ name: z.string().trim().min(1, 'Name is required').max(organizationNameLimit) })
  .strict();
export type OrganizationBody = z.infer<typeof organizationBodySchema>;

/**
 * DELETE /api/organizations/:id. An organisation with credits left is deleted only with
 * `force=true` (its ledger is kept either way).
 */
export const organizationDeleteQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });
export type OrganizationDeleteQuery = z.infer<typeof organizationDeleteQuerySchema>;
