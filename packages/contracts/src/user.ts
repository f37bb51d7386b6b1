import { z } from 'zod';
import { personAbilitiesSchema } from './abilities.ts';

/** GET /api/user — the web app reads these exact snake_case field names. */
export const serverUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  role: z.string(),
  organization_id: z.string().nullable(),
  /** Beyond the specified fields: the organisation's name, for the profile page (absent without one). */
  organization_name: z.string().nullable().optional(),
  /** Beyond the specified fields: what the person may do, asked of the policy rather than read from `role`. */
  abilities: personAbilitiesSchema,
});
export type ServerUser = z.infer<typeof serverUserSchema>;

/** GET /api/user/credits */
export const creditsSchema = z.object({ credits_remaining: z.number().nullable() });
export type Credits = z.infer<typeof creditsSchema>;

/** GET /api/auth */
export const authUrlSchema = z.object({ authorization_url: z.string().nullable() });
export type AuthUrl = z.infer<typeof authUrlSchema>;

/** GET /api/auth?signup=true asks for the provider's registration page instead of its sign-in page. */
export const authQuerySchema = z.object({ signup: z.enum(['true', 'false']).optional() });

/** GET /api/auth/callback: what the provider sends the browser back with (code and state, or an error). */
export const authCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** POST /api/auth/logout */
export const logoutSchema = z.object({ logout_url: z.string().nullable().optional() });
export type Logout = z.infer<typeof logoutSchema>;

/** GET /api/version */
export const versionInfoSchema = z.object({
  version: z.string(),
  latest: z.string(),
  hasUpdate: z.boolean(),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

export const roles = { admin: 'admin', anonymous: 'anonymous', member: 'member' } as const;

/** GET /api/user/credits as the server sends it: `unlimited` is true when credits are off (local mode). */
export const creditBalanceSchema = creditsSchema.extend({ unlimited: z.boolean() });
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** One browser signed in as the user, on the profile page's list. */
export const userSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When it ends if unused: the earlier of its idle and absolute ends. */
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** GET /api/user/sessions: local mode has no sign-in, hence no sessions to list. */
export const userSessionsSchema = z.object({
  mode: z.enum(['local', 'oidc']),
  sessions: z.array(userSessionSchema),
});
export type UserSessions = z.infer<typeof userSessionsSchema>;

/** DELETE /api/user/sessions: how many other sessions were signed out. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;
