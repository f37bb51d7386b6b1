import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  entity: z.string().min(1).max(300).describe('The business entity’s name (or id).'),
});

export const explainScoreTool: AgentTool<typeof inputSchema> = {
  name: 'explain_score',
  description:
    'How a business entity’s scores were computed, from its latest stored runs: each dimension with its checks, their severity weights and verdicts, the arithmetic, the cap of a failing critical check, the coverage, and the items of its completeness. Explain from this; never invent or change a score.',
  inputSchema,
  async execute(input, context) {
    return { output: await context.quality.explainScore(input.entity) };
  },
};
