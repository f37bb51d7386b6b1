import { checkDefinitionSchema, issueSeveritySchema, qualityDimensionSchema } from '@querent/contracts';
import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const proposedCheck = z.object({
  definition: checkDefinitionSchema.describe(
    'kind and columns, with params by kind: volume {min_rows}; completeness {blank_is_missing}; integrity {references: {schema, table, columns}}; validity {accepted_values} or {min, max}; freshness {max_age_hours}.',
  ),
  title: z.string().trim().min(1).max(300).optional(),
  dimension: qualityDimensionSchema.optional(),
  severity: issueSeveritySchema.optional(),
  warn_percent: z.number().min(0).max(100).optional(),
  fail_percent: z.number().min(0).max(100).optional(),
});

const inputSchema = z.object({
  entity: z.string().min(1).max(300).describe('The business entity’s name (or id).'),
  checks: z.array(proposedCheck).min(1).max(20),
});

export const proposeChecksTool: AgentTool<typeof inputSchema> = {
  name: 'propose_checks',
  description:
    'Propose data-quality checks for a business entity’s table. Each is validated against the schema and tried once on the database (you see what it would find now) before it is saved as proposed; a check that cannot run is refused with the reason. Proposed checks count once they run (run_checks with their ids) or the user accepts them.',
  inputSchema,
  async execute(input, context) {
    return { output: await context.quality.proposeChecks({ entity: input.entity, checks: input.checks }) };
  },
};
