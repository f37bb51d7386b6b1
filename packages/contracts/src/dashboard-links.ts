import { z } from 'zod';

/*
 * Public links of a dashboard: a random token in an address anyone may open without signing in,
 * showing only that dashboard, read-only, its tiles run as the link's creator in safe mode. The
 * token is shown once, when the link is made; the store keeps only its hash. A link may expire,
 * and its dashboard's owner revokes it: then its address is gone (404).
 */

/** POST /api/dashboards/{id}/links */
export const createDashboardLinkBodySchema = z
  .object({
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('When the link stops working; never when left out'),
  })
  .strict();
export type CreateDashboardLinkBody = z.infer<typeof createDashboardLinkBodySchema>;

/** A link as listed: no address, which only its creator saw once. */
export const dashboardLinkSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Null: it never expires. */
  expiresAt: z.string().nullable(),
  createdBy: z.string(),
});
export type DashboardLink = z.infer<typeof dashboardLinkSchema>;

/** POST /api/dashboards/{id}/links: the link with its address, shown this once. */
export const createdDashboardLinkSchema = z.object({
  id: z.string(),
  /** `/public/dashboards/<token>` on this server: anyone with it sees the dashboard. */
  url: z.string(),
  expiresAt: z.string().nullable(),
});
export type CreatedDashboardLink = z.infer<typeof createdDashboardLinkSchema>;

/** The token of a public link, in its address. */
export const publicLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a link token');

/** The path of the public page of a link's token. */
export function publicDashboardPath(token: string): string {
  return `/public/dashboards/${token}`;
}
