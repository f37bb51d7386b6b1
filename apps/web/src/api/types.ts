// Response shapes the contracts package does not publish yet; field names are SPEC.md §3's.
// Only the fields this app reads are listed. Move each to @querent/contracts once it exists there.
// Databases, projects and schemas come from @querent/contracts.

export type { SavedQuery } from '@querent/contracts';

export interface BusinessEntity {
  id: string;
  name: string;
  definition: string | null;
  table_ref: string | null;
  review_date: string | null;
  review_conversation_id: string | null;
  completeness: number | null;
  quality_score: number | null;
  issues: { title: string }[] | null;
}
