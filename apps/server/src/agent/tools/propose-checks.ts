import {
  checkDefinitionSchema,
  defaultDimensionOfKind,
  issueSeveritySchema,
  qualityDimensionSchema,
} from '@querent/contracts';
import { z } from 'zod';
import { AppError, isAppError } from '../../errors.ts';
import { loadDatabaseSchema } from '../../modules/databases/get-database-schema.ts';
import { defaultJudgement } from '../../modules/quality/checks/check-defaults.ts';
import { describeCheck } from '../../modules/quality/checks/check-titles.ts';
import { tryCheck } from '../../modules/quality/checks/try-check.ts';
import { adoptProposals } from '../../modules/quality/scan/adopt-proposals.ts';
import type { AgentTool } from './agent-tool.ts';
import { entityNamed, requireChanges } from './quality-tool-support.ts';

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
    requireChanges(context);
    const entity = await entityNamed(context, input.entity);
    if (!entity.table)
      throw new AppError('BAD_REQUEST', `${entity.name} names no table: give it one with propose_entity.`);
    const schema = await loadDatabaseSchema(context.quality, context.database);
    const results: Record<string, unknown>[] = [];
    for (const proposed of input.checks) {
      const fallback = defaultJudgement[proposed.definition.kind];
      const judgement = {
        warnPercent: proposed.warn_percent ?? fallback.warnPercent,
        failPercent: proposed.fail_percent ?? fallback.failPercent,
      };
      try {
        const tried = await tryCheck(context.quality, {
          database: context.database,
          actorId: context.ownerId,
          schema,
          table: entity.table,
          definition: proposed.definition,
          judgement,
          signal: context.signal,
        });
        const title = proposed.title ?? describeCheck(entity.table, tried.definition);
        const added = await adoptProposals(context.db, {
          entity,
          table: entity.table,
          origin: 'agent',
          proposals: [
            {
              definition: tried.definition,
              title,
              dimension: proposed.dimension ?? defaultDimensionOfKind[tried.definition.kind],
              severity: proposed.severity ?? fallback.severity,
              ...judgement,
              state: 'proposed',
            },
          ],
        });
        const saved = added[0];
        results.push({
          title,
          ...(saved
            ? { checkId: saved.id, state: saved.state }
            : { note: 'The entity already has a check on this; kept as it is.' }),
          dryRun: { status: tried.outcome.status, observed: tried.outcome.observed },
        });
      } catch (error) {
        if (!isAppError(error)) throw error;
        results.push({ kind: proposed.definition.kind, error: error.message });
      }
    }
    return {
      output: { entity: entity.name, checks: results, hint: 'Run them with run_checks to score them.' },
    };
  },
};
