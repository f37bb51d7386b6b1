import { z } from 'zod';

/** The `:id` of a route naming one object. */
export const idParamsSchema = z.object({ id: z.string().min(1) });
