import { z } from 'zod';

/** GET /api/user — the web app reads these exact snake_case field names. */
export const serverUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  role: z.string(),
  organization_id: z.string().nullable(),
});
export type ServerUser = z.infer<typeof serverUserSchema>;

/** GET /api/user/credits */
export const creditsSchema = z.object({ credits_remaining: z.number().nullable() });
export type Credits = z.infer<typeof creditsSchema>;

/** GET /api/auth */
export const authUrlSchema = z.object({ authorization_url: z.string().nullable() });
export type AuthUrl = z.infer<typeof authUrlSchema>;

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
