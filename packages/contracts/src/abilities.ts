import { z } from 'zod';

/**
 * What the asking user may do with an object, as the server's policy answers it (every action of
 * the role table that is asked of one object; seeing it goes without saying), so the web app
 * shows only the actions that will be accepted instead of guessing from roles.
 */
export const abilitiesSchema = z.object({
  /** Run SQL on it or ask the analyst (a database, a project, a conversation), run it again (a query), run its checks. */
  run: z.boolean(),
  /** Run statements that change its data; without it, SQL on it runs read-only. */
  write_data: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  /** Share it with the owner's organisation (or stop). */
  share: z.boolean(),
  /** Make it public, readable by everyone (databases, dashboards). */
  publish: z.boolean(),
  /** Confirm that others may use it through a login that can do more than read (databases). */
  confirm_credentials: z.boolean(),
});
export type Abilities = z.infer<typeof abilitiesSchema>;

/**
 * What the person may do that is asked of a kind rather than of an object (GET /api/user), as
 * the server's policy answers it.
 */
export const personAbilitiesSchema = z.object({
  /** Make a database public, a new one included. */
  publish_databases: z.boolean(),
  /** Confirm a new database's login that can do more than read. */
  confirm_credentials: z.boolean(),
  /** Manage people and organisations. */
  manage_people: z.boolean(),
  /** Grant credits, set plans and caps, see everyone's use. */
  manage_credits: z.boolean(),
  /** Make personal API keys (visitors may not). */
  create_api_keys: z.boolean(),
  /** Make and revoke organisation API keys. */
  manage_organization_keys: z.boolean(),
});
export type PersonAbilities = z.infer<typeof personAbilitiesSchema>;
