import type { SemanticModel } from '@querent/contracts';
import { getSemanticModel } from '../../semantic-models/get-semantic-model.ts';
import type { McpToolContext } from '../mcp-tool.ts';

/** The model a metric query answers from, and where it stands: saved by a person, or only proposed. */
export interface AnsweringModel {
  model: SemanticModel;
  source: 'saved' | 'proposal';
}

/**
 * GET /api/databases/{id}/semantic-model's use case (the policy's `read`), taken as a metric query
 * takes it: the saved model, else the pending proposal; null when there is neither.
 */
export async function readAnsweringModel(
  { deps, user }: McpToolContext,
  databaseId: string,
): Promise<AnsweringModel | null> {
  const state = await getSemanticModel(deps, { user, databaseId });
  if (state.model) return { model: state.model, source: 'saved' };
  if (state.proposal) return { model: state.proposal.model, source: 'proposal' };
  return null;
}
