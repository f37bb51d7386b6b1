import type { BusinessEntity } from '@querent/contracts';
import { z } from 'zod';

export const entityCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  definition: z.string().nullable(),
  table: z.string().nullable(),
  completeness: z.number().int().nullable().describe('Percent; null when not assessed.'),
  qualityScore: z.number().int().nullable().describe('Percent; null when not assessed.'),
  openIssues: z.array(z.string()).describe('Titles of its unresolved issues, most severe first.'),
});
export type EntityCard = z.infer<typeof entityCardSchema>;

/** A business entity as list_entities and describe_table show it. */
export function entityCard(entity: BusinessEntity): EntityCard {
  return {
    id: entity.id,
    name: entity.name,
    definition: entity.definition,
    table: entity.table_ref,
    completeness: entity.completeness,
    qualityScore: entity.quality_score,
    openIssues: (entity.issues ?? []).map((issue) => issue.title),
  };
}
