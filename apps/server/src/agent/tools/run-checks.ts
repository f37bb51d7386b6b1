import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  entity: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe('One business entity (name or id); every entity when omitted.'),
  check_ids: z
    .array(z.string().min(1))
    .max(50)
    .optional()
    .describe('Proposed checks to run too (they become active); by default the checks you proposed.'),
});

export const runChecksTool: AgentTool<typeof inputSchema> = {
  name: 'run_checks',
  description:
    'Run the active checks of one business entity (or of all), plus proposed checks you name or proposed yourself, which then become active. Stores each run, opens, updates, reopens or resolves issues, and scores the entities from the stored runs. Answers the computed scores and open issues.',
  inputSchema,
  async execute(input, context) {
    return { output: await context.quality.runChecks({ entity: input.entity, checkIds: input.check_ids }) };
  },
};
