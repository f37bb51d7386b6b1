import { z } from 'zod';

/** Completeness and quality score are whole percentages, 0 to 100. */
export const scorePercentSchema = z.number().int().min(0).max(100);

/** An issue as a business entity card lists it: only its title. */
export const entityIssueSchema = z.object({ title: z.string() });
export type EntityIssue = z.infer<typeof entityIssueSchema>;

/**
 * A business entity of a database. `review_date` is null until the entity was
 * analysed; `review_conversation_id` is the conversation of that analysis, given only to the user
 * who may open it (conversations are their owner's alone).
 */
export const businessEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  definition: z.string().nullable(),
  table_ref: z.string().nullable(),
  review_date: z.string().nullable(),
  review_conversation_id: z.string().nullable(),
  completeness: scorePercentSchema.nullable(),
  quality_score: scorePercentSchema.nullable(),
  /**
   * The entity's unresolved issues, most severe first then newest. The server always sends a
   * list (empty when there is none); readers also accept null.
   */
  issues: z.array(entityIssueSchema).nullable(),
});
export type BusinessEntity = z.infer<typeof businessEntitySchema>;

/** GET /api/business-entities: `contextId` is `database-{id}` or `project-{id}`. */
export const listBusinessEntitiesQuerySchema = z.object({ contextId: z.string().trim().min(1) });
export type ListBusinessEntitiesQuery = z.infer<typeof listBusinessEntitiesQuerySchema>;
