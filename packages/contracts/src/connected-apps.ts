import { z } from 'zod';
import { apiKeyScopeSchema } from './api-keys.ts';

/** An app (an MCP client) a person connected through OAuth, as /profile lists it. */
export const connectedAppSchema = z.object({
  /** The grant's id: disconnecting the app revokes it. */
  id: z.string(),
  client_id: z.string(),
  name: z.string().describe('The name the app registered with (its client id without one)'),
  scopes: z.array(apiKeyScopeSchema).describe('What the person allowed it'),
  connected_at: z.string(),
  expires_at: z.string().nullable().describe('When the connection ends unless used again'),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;

/** GET /api/connected-apps: local mode connects no app (MCP clients need no sign-in there). */
export const connectedAppsSchema = z.object({
  mode: z.enum(['local', 'oidc']),
  apps: z.array(connectedAppSchema),
});
export type ConnectedApps = z.infer<typeof connectedAppsSchema>;
