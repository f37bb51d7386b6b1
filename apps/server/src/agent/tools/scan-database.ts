import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({});

export const scanDatabaseTool: AgentTool<typeof inputSchema> = {
  name: 'scan_database',
  description:
    'Scan the whole database for data quality with the deterministic rules (no guessing): every table or view with a key becomes a business entity, gets checks from its constraints and profile (keys unique, NOT NULL filled, foreign keys resolve, few-valued columns keep their values, freshness), and every entity is checked and scored. Answers each entity with its computed scores, coverage and open issues. Use it first for "Scan auto"; refine afterwards with propose_entity and propose_checks.',
  inputSchema,
  async execute(_input, context) {
    return { output: await context.quality.scan() };
  },
};
