import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  entity: z.string().min(1).max(300).describe('The business entity’s name (or id).'),
});

export const analyzeEntityTool: AgentTool<typeof inputSchema> = {
  name: 'analyze_entity',
  description:
    'Verify one business entity’s data quality: profile its table, add the checks the deterministic rules call for where missing, run all its active checks, open or update issues for what fails and score it. Answers its computed scores with their arithmetic, coverage and open issues.',
  inputSchema,
  async execute(input, context) {
    return { output: await context.quality.analyze(input.entity) };
  },
};
