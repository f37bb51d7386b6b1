import { errorResponseSchema } from '@querent/contracts';

/** Declared on every route so the OpenAPI document shows the one error shape. */
export const errorResponses = {
  '4xx': errorResponseSchema,
  '5xx': errorResponseSchema,
} as const;
