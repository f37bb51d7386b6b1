import { z } from 'zod';

/** GET /api/health — readiness probe for load balancers and start scripts. */
export const healthSchema = z.object({ ok: z.literal(true) });
export type Health = z.infer<typeof healthSchema>;
