import { z } from 'zod';

/** GET /api/health and GET /api/health/live — the process answers; nothing behind it is asked. */
export const healthSchema = z.object({ ok: z.literal(true) });
export type Health = z.infer<typeof healthSchema>;

/** What readiness asks: the metadata store always, Redis when several instances share it. */
export const readinessCheckNames = ['store', 'redis'] as const;
export type ReadinessCheckName = (typeof readinessCheckNames)[number];

/**
 * GET /api/health/ready — every dependency answered within the probe's timeout; `redis` is
 * `not configured` on a single instance. When one fails the answer is a 503 naming it instead.
 */
export const readinessSchema = z.object({
  ok: z.literal(true),
  checks: z.object({ store: z.literal('ok'), redis: z.enum(['ok', 'not configured']) }),
});
export type Readiness = z.infer<typeof readinessSchema>;
