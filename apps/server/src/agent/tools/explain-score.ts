import { z } from 'zod';
import { latestScoreOf } from '../../modules/quality/scores/quality-scores.repo.ts';
import type { AgentTool } from './agent-tool.ts';
import { entityNamed } from './quality-tool-support.ts';

const inputSchema = z.object({
  entity: z.string().min(1).max(300).describe('The business entity’s name (or id).'),
});

export const explainScoreTool: AgentTool<typeof inputSchema> = {
  name: 'explain_score',
  description:
    'How a business entity’s scores were computed, from its latest stored runs: each dimension with its checks, their severity weights and verdicts, the arithmetic, the cap of a failing critical check, the coverage, and the items of its completeness. Explain from this; never invent or change a score.',
  inputSchema,
  async execute(input, context) {
    const entity = await entityNamed(context, input.entity);
    const score = await latestScoreOf(context.db, entity.id);
    if (!score) {
      return {
        output: { entity: entity.name, assessed: false, note: 'Not assessed yet: run its checks first.' },
      };
    }
    return {
      output: {
        entity: entity.name,
        version: score.version,
        computedAt: score.computed_at,
        qualityScore: score.quality.score,
        qualityArithmetic: score.quality.arithmetic,
        capped: score.quality.capped,
        dimensions: score.quality.dimensions,
        completeness: score.completeness.score,
        completenessArithmetic: score.completeness.arithmetic,
        completenessItems: score.completeness.items,
        coverage: score.coverage.text,
      },
    };
  },
};
