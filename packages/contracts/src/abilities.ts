import { z } from 'zod';

/**
 * What the asking user may do with an object, as the server's policy answers it, so the web app
 * shows only the actions that will be accepted instead of guessing.
 */
export const abilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean(), share: z.boolean() });
export type Abilities = z.infer<typeof abilitiesSchema>;
